import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { characterSource, makeActor, type CharacterData, type NpcData } from "./models-setup";
import { StandInItem } from "../stand-in/documents";
import { settingDefault, SETTINGS, type SettingKey } from "../../src/data/settings";
import { registerSettings } from "../../src/setup/settings";
import { PREPARED_SETTINGS, SHEET_SETTINGS } from "../../src/setup/reprepare";

/**
 * SET-1 settings that feed data preparation: changing one re-prepares every actor at once (world
 * actors and unlinked token actors on scenes) and world items, and re-renders their sheets, through
 * the setting's own `onChange` as registered. Sheet-only settings re-render without re-preparing.
 */
type Globals = { game: Record<string, unknown>; ui?: unknown };
const g = globalThis as unknown as Globals;

let world: Record<string, unknown>;
let onChange: Map<string, () => void>;
let saved: Record<string, unknown>;

beforeEach(() => {
  saved = { ...g.game, ui: g.ui };
  world = Object.fromEntries(Object.keys(SETTINGS).map((k) => [k, settingDefault(k as SettingKey)]));
  onChange = new Map();
  g.game.settings = {
    settings: new Map(Object.keys(SETTINGS).map((k) => [`zilch.${k}`, {}])),
    get: (_ns: string, key: string) => world[key],
    register: (_ns: string, key: string, config: { onChange: () => void }) =>
      void onChange.set(key, config.onChange),
  };
  g.ui = { combat: null };
  registerSettings();
});
afterEach(() => {
  for (const key of ["settings", "actors", "items", "scenes"]) g.game[key] = saved[key];
  g.ui = saved.ui;
});

/** A world: one world character, a world skill, and a scene with a linked and an unlinked token. */
function table() {
  const hero = makeActor({
    name: "Kell",
    type: "character",
    system: characterSource({ diamonds: { primary: 9, secondary: 6 }, hearts: { primary: 7 } }),
    items: [{ name: "Athletics", type: "skill", system: { key: "athletics", steps: 2 } }],
  });
  const orc = makeActor({
    name: "Orc",
    type: "npc",
    system: { tier: "foe", suits: { hearts: { value: 7 } } },
  });
  const tokenOrc = makeActor({
    name: "Orc",
    type: "npc",
    system: { tier: "foe", suits: { hearts: { value: 7 } } },
  });
  const skill = new StandInItem({ name: "Climb", type: "skill", system: { steps: 3 } });
  g.game.actors = [hero, orc];
  g.game.items = [skill];
  // A linked token's actor is the world actor; an unlinked token has its own (pf2e resetActors).
  g.game.scenes = [{ tokens: [{ actor: hero }, { actor: tokenOrc }, { actor: null }] }];
  return { hero, orc, tokenOrc, skill };
}

const change = (key: SettingKey, value: unknown) => {
  world[key] = value;
  onChange.get(key)!();
};
const pcData = (a: { system: unknown }) => a.system as CharacterData;
const npcData = (a: { system: unknown }) => a.system as NpcData;

describe("settings that change prepared data", () => {
  it("gritWounds: characters, world Foes and unlinked token Foes take up the Grit track at once", () => {
    const t = table();
    expect(pcData(t.hero).grit.active).toBe(false);
    change("gritWounds", true);
    expect(pcData(t.hero).grit.active).toBe(true);
    expect(npcData(t.orc).grit.active).toBe(true);
    expect(npcData(t.tokenOrc).grit.active).toBe(true);
    // The linked token's actor is the world actor: prepared once, sheet re-rendered once.
    expect([t.hero.resets, t.hero.renders]).toEqual([1, 1]);
    expect(t.tokenOrc.renders).toBe(1);
  });

  it("talentFormula: the Talent maximum follows the chosen formula", () => {
    const t = table();
    expect(pcData(t.hero).talents.max).toBe(6);
    change("talentFormula", "halfPrimaryDiamonds");
    expect(pcData(t.hero).talents.max).toBe(4);
  });

  it("skillTalentMode: owned and world skills take the new bonus", () => {
    const t = table();
    const owned = [...t.hero.items.values()][0]!;
    expect((owned.system as unknown as { bonus: number }).bonus).toBe(5);
    change("skillTalentMode", "fivePlusOnes");
    expect((owned.system as unknown as { bonus: number }).bonus).toBe(2);
    expect((t.skill.system as unknown as { bonus: number }).bonus).toBe(3);
    expect(t.skill.resets).toBe(1);
  });

  it("slowStart: the Talent allowance shrinks to the slow-start allowance", () => {
    const t = table();
    expect(pcData(t.hero).talents.allowance).toBe(6);
    change("slowStart", true);
    expect(pcData(t.hero).talents.allowance).toBe(3);
  });

  for (const key of ["chargenMethod", "pointBuyBase"] as const) {
    it(`${key}: open sheets re-render; nothing is re-prepared`, () => {
      const t = table();
      change(key, SETTINGS[key].choices[1]);
      expect([t.hero.renders, t.tokenOrc.renders, t.hero.resets, t.skill.resets]).toEqual([1, 1, 0, 0]);
    });
  }

  it("a setting no document reads leaves documents alone, and one failing actor does not stop the rest", () => {
    const t = table();
    change("cdBidding", true);
    expect(t.hero.renders + t.orc.renders).toBe(0);
    t.orc.reset = () => {
      throw new Error("broken actor");
    };
    const error = console.error;
    console.error = () => undefined;
    try {
      change("gritWounds", true);
    } finally {
      console.error = error;
    }
    expect(npcData(t.tokenOrc).grit.active).toBe(true);
  });

  it("every prepared and sheet setting is one of SET-1's", () => {
    for (const key of [...PREPARED_SETTINGS, ...SHEET_SETTINGS]) expect(Object.keys(SETTINGS)).toContain(key);
  });
});
