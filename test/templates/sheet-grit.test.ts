import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allElements, attr, createRenderer, rootElements } from "./harness";
import {
  CHARACTER_PARTS,
  CORE_ACTIONS,
  NPC_PARTS,
} from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { npcContext } from "../../src/applications/sheets/npc/npc-context";
import { characterInput, npcInput } from "../../src/applications/sheets/actor/actor-data";
import { gritView } from "../../src/applications/sheets/play/grit";
import { hasKey } from "../support/i18n";
import { CHARACTER_ACTIONS, NPC_ACTIONS } from "./registered-actions";
import { makeActor } from "../data/models-setup";
import * as fx from "./fixtures";

/**
 * §23 on the sheets: with `gritWounds` on, a character's header and a Foe's stat block show Grit
 * (value and die), Wounds out of the limit and adrenaline in place of HP; an Enemy, and everyone
 * with the setting off, keep the HP inputs. The actors are prepared with the world setting read
 * through the same store the models read.
 */
const renderer = createRenderer();
const g = globalThis as unknown as { game: Record<string, unknown> };
let world: Record<string, unknown> = {};
let savedSettings: unknown;

beforeAll(() => {
  savedSettings = g.game.settings;
  g.game.settings = {
    settings: new Map([["zilch.gritWounds", {}]]),
    get: (_ns: string, key: string) => world[key],
  };
});
afterAll(() => {
  g.game.settings = savedSettings;
});

function character(on: boolean, editMode = false, editable = true, unbandaged = 1) {
  world = { gritWounds: on };
  const actor = makeActor({
    name: "Kell",
    type: "character",
    system: {
      suits: { hearts: { primary: 7, secondary: 7 } },
      hp: { value: 5 },
      grit: { value: 5, wounds: 2, adrenaline: 2, unbandaged },
    },
  });
  return characterContext(characterInput(actor as never, { id: "grit-pc", editable, editMode }));
}
function npc(tier: "enemy" | "foe", on = true, editMode = false, unbandaged = 0) {
  world = { gritWounds: on };
  const actor = makeActor({
    name: tier,
    type: "npc",
    system: { tier, suits: { hearts: { value: 9 } }, grit: { value: 3, wounds: 4, unbandaged } },
  });
  return npcContext(npcInput(actor as never, { id: `grit-${tier}`, editable: true, editMode }));
}

const names = (html: string) =>
  allElements(html)
    .map((el) => attr(el, "name"))
    .filter(Boolean);
const checkRender = (html: string, actions: readonly string[]) => {
  const { elements, strayText } = rootElements(html);
  expect(strayText).toEqual([]);
  expect(elements).toHaveLength(1);
  for (const el of allElements(html)) {
    const action = attr(el, "data-action");
    if (action !== undefined) expect([...actions, ...CORE_ACTIONS]).toContain(action);
  }
};

describe("character header under Grit and Wounds (§23)", () => {
  it("EX-GW-1 ♥7: Grit 5 (d6), Wounds 2 / 4, adrenaline 2 in place of the HP bar", () => {
    const context = character(true);
    expect(context.grit).toEqual({
      value: 5,
      die: "d6",
      wounds: 2,
      woundLimit: 4,
      adrenaline: 2,
      unbandaged: 1,
      woundPercent: 50,
      nearDeath: false,
      penalty: "−2",
    });
    const html = renderer.render(CHARACTER_PARTS.header, context);
    checkRender(html, CHARACTER_ACTIONS);
    expect(names(html)).toEqual(
      expect.arrayContaining([
        "system.grit.value",
        "system.grit.wounds",
        "system.grit.adrenaline",
        "system.grit.unbandaged",
      ]),
    );
    expect(names(html)).not.toContain("system.hp.value");
    expect(html).toContain(" d6</span>");
    expect(html).toContain("Grit");
    // Laid out as HP is: Wounds are a gauge toward the limit (2 of 4).
    const meter = allElements(html).find((el) => attr(el, "role") === "meter");
    expect(meter && [attr(meter, "aria-valuenow"), attr(meter, "aria-valuemax")]).toEqual(["2", "4"]);
  });

  it("GW-3: no heart chips in grit mode, so the ♥ suit shows no HP track; with the setting off it does", () => {
    expect(character(true).suits.find((s) => s.suit === "hearts")!.chips).toBeNull();
    expect(character(false).suits.find((s) => s.suit === "hearts")!.chips).toMatchObject({ hearts: true, value: 5 });
  });

  it("every Grit input is a schema path, live in play mode as HP is, locked for a viewer who may not edit", () => {
    const paths = fx.schemaPaths(fx.characterSchema());
    for (const [editMode, editable] of [[false, true], [true, true], [false, false]] as const) {
      const html = renderer.render(CHARACTER_PARTS.header, character(true, editMode, editable));
      const grit = allElements(html).filter((el) => attr(el, "name")?.startsWith("system.grit."));
      expect(grit.length).toBe(4);
      for (const el of grit) {
        expect(paths.has(attr(el, "name")!)).toBe(true);
        expect(attr(el, "disabled") !== undefined, `${attr(el, "name")} ${editMode} ${editable}`).toBe(!editable);
      }
    }
  });

  it("setting off: the HP bar as before and no Grit", () => {
    const context = character(false);
    expect(context.grit).toBeNull();
    const html = renderer.render(CHARACTER_PARTS.header, context);
    expect(names(html)).toContain("system.hp.value");
    expect(names(html).some((n) => n!.startsWith("system.grit."))).toBe(false);
  });

  it("GW-7: one Wound short of the limit is flagged", () => {
    expect(
      gritView({ active: true, value: 0, wounds: 3, adrenaline: 3, unbandaged: 0, die: 6, woundLimit: 4 })
        ?.nearDeath,
    ).toBe(true);
    expect(
      gritView({ active: false, value: 0, wounds: 3, adrenaline: 3, unbandaged: 0, die: 6, woundLimit: 4 }),
    ).toBeNull();
    expect(gritView(undefined)).toBeNull();
  });
});

describe("bandaging on the character header (GW-9)", () => {
  const bandage = (html: string) => allElements(html).filter((el) => attr(el, "data-action") === "bandageWounds");

  it("unbandaged Wounds show the −2 next to Wounds and a Bandage button for the owner in play mode", () => {
    const html = renderer.render(CHARACTER_PARTS.header, character(true));
    checkRender(html, CHARACTER_ACTIONS);
    expect(bandage(html)).toHaveLength(1);
    expect(html).toContain("Bandage wounds");
    expect(html).toContain("Wound checks at −2 until bandaged");
    expect(html).toContain('class="grit-penalty"');
  });

  it("no button in edit mode or for a viewer; neither button nor −2 once all are bandaged", () => {
    expect(bandage(renderer.render(CHARACTER_PARTS.header, character(true, true)))).toHaveLength(0);
    const viewer = renderer.render(CHARACTER_PARTS.header, character(true, false, false));
    expect(bandage(viewer)).toHaveLength(0);
    expect(viewer).toContain("Wound checks at −2 until bandaged");
    const clean = renderer.render(CHARACTER_PARTS.header, character(true, false, true, 0));
    expect(bandage(clean)).toHaveLength(0);
    expect(clean).not.toContain("grit-penalty");
    expect(character(true, false, true, 0).grit?.penalty).toBeNull();
  });

  it("the bandage button's and the chat line's strings exist", () => {
    for (const key of [
      "ZILCH.Grit.Bandage",
      "ZILCH.Grit.Bandaged",
      "ZILCH.Grit.Penalty",
      "ZILCH.Grit.BandageRefused.noGrit",
      "ZILCH.Grit.BandageRefused.noneUnbandaged",
    ])
      expect(hasKey(key), key).toBe(true);
  });
});

describe("NPC stat block under Grit and Wounds (§23: Foes only)", () => {
  it("a Foe shows Grit (d8 at ♥9), Wounds 4 / 5 flagged, and no HP inputs", () => {
    const context = npc("foe");
    expect(context.grit).toMatchObject({ value: 3, die: "d8", wounds: 4, woundLimit: 5, nearDeath: true });
    const html = renderer.render(NPC_PARTS.statblock, context);
    checkRender(html, NPC_ACTIONS);
    expect(names(html)).toEqual(
      expect.arrayContaining(["system.grit.value", "system.grit.wounds", "system.grit.adrenaline"]),
    );
    expect(names(html)).not.toContain("system.hp.value");
    const paths = fx.schemaPaths(fx.npcSchema());
    for (const name of names(html).filter((n) => n!.startsWith("system.grit.")))
      expect(paths.has(name!)).toBe(true);
  });

  it("an Enemy keeps HP with the setting on; a Foe keeps HP with it off", () => {
    for (const context of [npc("enemy"), npc("foe", false)]) {
      expect(context.grit).toBeNull();
      const html = renderer.render(NPC_PARTS.statblock, context);
      expect(names(html)).toContain("system.hp.value");
      expect(names(html).some((n) => n!.startsWith("system.grit."))).toBe(false);
    }
  });

  it("GW-9: a Foe with unbandaged Wounds offers Bandage in play mode only, as a registered action", () => {
    const bandage = (html: string) =>
      allElements(html).filter((el) => attr(el, "data-action") === "bandageWounds");
    const play = renderer.render(NPC_PARTS.statblock, npc("foe", true, false, 2));
    checkRender(play, NPC_ACTIONS);
    expect(bandage(play)).toHaveLength(1);
    expect(attr(bandage(play)[0]!, "type")).toBe("button");
    expect(bandage(renderer.render(NPC_PARTS.statblock, npc("foe", true, true, 2)))).toEqual([]);
    expect(bandage(renderer.render(NPC_PARTS.statblock, npc("foe", true, false, 0)))).toEqual([]);
  });

  it("both parts render in edit mode with the unbandaged count offered", () => {
    const html = renderer.render(NPC_PARTS.statblock, npc("foe", true, true));
    checkRender(html, NPC_ACTIONS);
    expect(names(html)).toContain("system.grit.unbandaged");
    checkRender(renderer.render(NPC_PARTS.header, npc("foe", true, true)), NPC_ACTIONS);
  });
});
