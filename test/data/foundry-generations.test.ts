import { beforeAll, describe, expect, it } from "vitest";
import "./models-setup";
import { StandInRoll } from "../stand-in/chat";
import {
  coreMenuEntry,
  coreModeSetting,
  GENERATION,
  readMenuEntry,
  standInRelease,
  V14,
} from "../stand-in/profile";
import { chatMessageMode, createContextMenu, menuEntryKey, type MenuEntry } from "../../src/foundry/compat";

/**
 * What src/foundry/compat.ts gives core on each generation the stand-in plays (../stand-in/profile.ts):
 * the tracker's menus lose core's initiative entries whichever form core writes them in (v13 `name`,
 * v14 `label`), and the item rows' menu hands core the entries in the form it reads, with no member
 * v14 deprecated.
 */
const g = globalThis as unknown as Record<string, unknown>;

/** Core's tracker entries as the profile's generation writes them (keys as draw-steel filters them). */
const CORE_ENTRY_KEYS = ["COMBAT.CombatantClear", "COMBAT.CombatantReroll", "another core entry"];
const CORE_COMBAT_KEYS = ["COMBAT.RollAll", "COMBAT.RollNPC", "another combat entry"];

class StandInCombatTracker {
  _getEntryContextOptions() {
    return CORE_ENTRY_KEYS.map(coreMenuEntry);
  }
  _getCombatContextOptions() {
    return CORE_COMBAT_KEYS.map(coreMenuEntry);
  }
}

let tracker: { _getEntryContextOptions(): object[]; _getCombatContextOptions(): object[] };

beforeAll(async () => {
  Reflect.set(g, "game", { ...(g.game as object), release: standInRelease() });
  Reflect.set(g, "Combat", class {});
  Reflect.set(g, "Combatant", class {});
  Reflect.set(g, "Roll", StandInRoll);
  Reflect.set(g, "foundry", {
    ...(g.foundry as object),
    applications: { sidebar: { tabs: { CombatTracker: StandInCombatTracker } } },
  });
  const { ZilchCombatTracker } = await import("../../src/applications/combat/tracker");
  // The menus are built on the tracker instance; its constructor is core's (not needed for them).
  tracker = Object.create(ZilchCombatTracker.prototype) as typeof tracker;
});

describe(`the combat tracker's context menus (Foundry v${GENERATION})`, () => {
  it("drop core's Clear and Reroll initiative from a combatant's menu, keeping the rest", () => {
    expect(tracker._getEntryContextOptions().map((e) => menuEntryKey(e))).toEqual(["another core entry"]);
  });

  it("drop core's Roll All and Roll NPCs from the encounter's menu, keeping the rest", () => {
    expect(tracker._getCombatContextOptions().map((e) => menuEntryKey(e))).toEqual(["another combat entry"]);
  });
});

describe(`a context menu Zilch creates (Foundry v${GENERATION})`, () => {
  const clicked: string[] = [];
  const entries: MenuEntry[] = [
    {
      label: "ZILCH.ItemMenu.edit",
      icon: "<i></i>",
      visible: () => true,
      onClick: (t) => void clicked.push(t.id),
    },
  ];

  function created() {
    const calls: { handler: () => Record<string, unknown>[]; selector: string; options: object }[] = [];
    const app = {
      _createContextMenu: (handler: () => Record<string, unknown>[], selector: string, options: object) =>
        void calls.push({ handler, selector, options }),
    };
    createContextMenu(app, () => entries, ".row", { fixed: true });
    expect(calls).toHaveLength(1);
    return calls[0]!;
  }

  it("hands core entries in the form this generation reads, with no deprecated member on v14", () => {
    const made = created().handler();
    expect(made.map(readMenuEntry)).toEqual(["ZILCH.ItemMenu.edit"]);
  });

  it("runs the entry's action on the row it was opened on", () => {
    const [entry] = created().handler();
    const row = { id: "row1" } as unknown as HTMLElement;
    if (V14) (entry!.onClick as (e: Event, t: HTMLElement) => void)(new Event("click"), row);
    else (entry!.callback as (t: HTMLElement) => void)(row);
    expect(clicked).toEqual(["row1"]);
  });

  it("asks v13 for the row element itself (jQuery: false), an option v14 no longer needs", () => {
    expect(created().options).toEqual(V14 ? { fixed: true } : { fixed: true, jQuery: false });
  });
});

describe(`the chat log's mode (Foundry v${GENERATION})`, () => {
  it("is read from this generation's setting in v14's names; v14's in-character mode is public for a roll", () => {
    const game = g.game as { settings?: unknown };
    const saved = game.settings;
    try {
      game.settings = { get: (_ns: string, key: string) => coreModeSetting(key, () => "gm") };
      expect(chatMessageMode()).toBe("gm");
      if (V14) {
        // dnd5e 5.3.x basic-roll.mjs getMessageMode reads `ic` as public.
        game.settings = {
          get: (_ns: string, key: string) =>
            key === "messageMode" ? "ic" : coreModeSetting(key, () => undefined),
        };
        expect(chatMessageMode()).toBe("public");
      }
    } finally {
      game.settings = saved;
    }
  });
});
