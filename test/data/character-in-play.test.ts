import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { characterSource, makeActor, type CharacterData } from "./models-setup";
import type { DocumentData } from "../stand-in/documents";

/**
 * At document level, what a character's prepared data makes of its cards, classes and world
 * options (SU-6, CL-2, TL-2, TL-4, TL-5) and what its Heart chips are (CH-6), through the actor the
 * sheet shows and the methods its buttons call. Numbers are RULES.md's and its EX-TL examples'.
 */
type Globals = { game: { settings?: unknown } };
const g = globalThis as unknown as Globals;
let world: Record<string, unknown>;
let saved: unknown;

beforeEach(() => {
  saved = g.game.settings;
  world = {};
  // The world settings store as derived data reads it (src/data/world.ts): only registered keys count.
  g.game.settings = {
    settings: new Map([
      ["zilch.talentFormula", {}],
      ["zilch.slowStart", {}],
    ]),
    get: (_ns: string, key: string) => world[key],
  };
  world.talentFormula = "secondaryDiamonds";
  world.slowStart = false;
});
afterEach(() => {
  g.game.settings = saved;
});

const HUMAN: DocumentData = {
  name: "Human",
  type: "race",
  system: { key: "human", choiceBonus: 1, chosenSuit: "clubs", extraTalents: 1 },
};
const ELF: DocumentData = {
  name: "Elf",
  type: "race",
  system: { key: "elf", modifiers: { clubs: -1, spades: 1, diamonds: 1, hearts: -1 } },
};
const pc = (system: Record<string, unknown>, items: DocumentData[] = []) =>
  makeActor({ name: "PC", type: "character", system, items });
const sys = (actor: ReturnType<typeof pc>) => actor.creature as CharacterData;
const armor = (category: string): DocumentData => ({
  name: "Armour",
  type: "armor",
  system: { category, slot: "armor" },
});
const shield = (kind: string): DocumentData => ({
  name: "Shield",
  type: "shield",
  system: { kind, slot: "hands" },
});

describe("SU-6: inherent values are base + race, whatever drain does", () => {
  it("SU-6: an Elf with ♦6/Knowledge 7 and 3 ♦ drain: inherent 7 and 8, effective 4 and 5; Talents read 8", () => {
    const actor = pc(characterSource({ diamonds: { primary: 6, secondary: 7, drain: 3 } }), [ELF]);
    expect(sys(actor).suits.diamonds).toMatchObject({ race: 1, inherent: 7, inherent2: 8, eff: 4, eff2: 5 });
    // TL-1 reads inherent Knowledge: the drain leaves the maximum where it was.
    expect(sys(actor).talents.max).toBe(8);
  });

  it("SU-6: draining the actor through its own method moves eff, never inherent", async () => {
    const actor = pc(characterSource({ clubs: { primary: 9, secondary: 6 } }));
    await actor.applyDrain("clubs", 2);
    expect(sys(actor).suits.clubs).toMatchObject({ inherent: 9, inherent2: 6, eff: 7, eff2: 4 });
  });
});

describe("CL-2: armour and shield proficiency by class", () => {
  const cases: [string[], string, string][] = [
    [["fighter"], "plate", "tower"],
    [["rogue"], "light", "small"],
    [["wizard"], "thin", "buckler"],
    [["cleric"], "heavy", "large"],
    [["healer"], "heavy", "large"],
    [["necromancer"], "thin", "buckler"],
    [["druid"], "light", "small"],
    [[], "thin", "none"],
    // CL-3: the best among the classes.
    [["rogue", "cleric"], "heavy", "large"],
  ];
  it("CL-2: each class's armour and shield proficiency; no class has Thin and no shield; CL-3 takes the best", () => {
    for (const [classes, armorProficiency, shieldProficiency] of cases)
      expect(sys(pc({ classes })).proficiency, classes.join("/") || "no class").toEqual({
        armor: armorProficiency,
        shield: shieldProficiency,
      });
  });

  it("CL-2: a Rogue covers Light and lighter; Heavy armour and a Large shield are beyond it and Hamper", () => {
    const strong = { clubs: { primary: 14 } };
    const fine = pc(characterSource(strong, { classes: ["rogue"] }), [armor("light"), shield("small")]);
    expect(sys(fine).warnings).not.toContain("armorProficiency");
    expect(sys(fine).warnings).not.toContain("shieldProficiency");
    expect(sys(fine).conditions.has("hampered")).toBe(false);
    const heavy = pc(characterSource(strong, { classes: ["rogue"] }), [armor("heavy")]);
    expect(sys(heavy).warnings).toContain("armorProficiency");
    expect(sys(heavy).conditions.has("hampered")).toBe(true);
    const large = pc(characterSource(strong, { classes: ["rogue"] }), [shield("large")]);
    expect(sys(large).warnings).toContain("shieldProficiency");
    expect(sys(large).conditions.has("hampered")).toBe(true);
  });
});

describe("TL-2: the halfPrimaryDiamonds Talent formula", () => {
  it("EX-TL-1 (TL-2): with halfPrimaryDiamonds a Human with inherent ♦9 has floor(9/2) + 1 = 5 Talents", () => {
    world.talentFormula = "halfPrimaryDiamonds";
    const actor = pc(characterSource({ diamonds: { primary: 9, secondary: 7 } }), [HUMAN]);
    expect(sys(actor).talents.max).toBe(5);
    // The default formula reads Knowledge instead: 7 + 1.
    world.talentFormula = "secondaryDiamonds";
    expect(sys(pc(characterSource({ diamonds: { primary: 9, secondary: 7 } }), [HUMAN])).talents.max).toBe(8);
  });

  it("TL-2: drain on ♦ does not lower the halved maximum either", () => {
    world.talentFormula = "halfPrimaryDiamonds";
    const actor = pc(characterSource({ diamonds: { primary: 9, drain: 4 } }));
    expect(sys(actor).talents.max).toBe(4);
  });
});

describe("TL-4: trading armour proficiency for Talents", () => {
  it("EX-TL-1 (TL-4): a Fighter trading twice (Plate → Heavy → Light) gains 2, keeps Tower shields", () => {
    const actor = pc(
      characterSource({ diamonds: { primary: 5 } }, { classes: ["fighter"], talents: { armorTrades: 2 } }),
    );
    expect(sys(actor).talents.max).toBe(7);
    expect(sys(actor).proficiency).toEqual({ armor: "light", shield: "tower" });
  });

  it("TL-4: trades stop at Thin; asking for more warns and adds nothing", () => {
    const rogue = pc(
      characterSource({ diamonds: { primary: 5 } }, { classes: ["rogue"], talents: { armorTrades: 3 } }),
    );
    // A Rogue's Light → Thin is its one step.
    expect(sys(rogue).talents.max).toBe(6);
    expect(sys(rogue).proficiency).toEqual({ armor: "thin", shield: "small" });
    expect(sys(rogue).warnings).toContain("tooManyArmorTrades");
  });

  it("TL-4: multiclassing adds no steps: only the best proficiency trades, down to Thin", () => {
    const trading = (classes: string[], armorTrades: number) =>
      sys(pc(characterSource({ diamonds: { primary: 5 } }, { classes, talents: { armorTrades } })));
    // A Fighter/Rogue trades from Plate: three steps, as a Fighter alone.
    const fighterRogue = trading(["fighter", "rogue"], 3);
    expect(fighterRogue.talents.max).toBe(8);
    expect(fighterRogue.proficiency).toEqual({ armor: "thin", shield: "tower" });
    expect(fighterRogue.warnings).not.toContain("tooManyArmorTrades");
    // A Rogue/Wizard's best is the Rogue's Light: one step, the Wizard adds none.
    const rogueWizard = trading(["rogue", "wizard"], 2);
    expect(rogueWizard.talents.max).toBe(6);
    expect(rogueWizard.proficiency).toEqual({ armor: "thin", shield: "small" });
    expect(rogueWizard.warnings).toContain("tooManyArmorTrades");
  });

  it("TL-4: a traded-away armour now beyond proficiency Hampers", () => {
    const actor = pc(
      characterSource(
        { clubs: { primary: 14 }, diamonds: { primary: 5 } },
        { classes: ["fighter"], talents: { armorTrades: 1 } },
      ),
      [armor("plate")],
    );
    expect(sys(actor).warnings).toContain("armorProficiency");
    expect(sys(actor).conditions.has("hampered")).toBe(true);
  });
});

describe("TL-5: slow start", () => {
  const knacks = (n: number) =>
    Array.from({ length: n }, (_, i): DocumentData => ({ name: `Knack ${i}`, type: "knack", system: {} }));

  it("EX-TL-2 (TL-5): talentsMax 6 allows 3 at level 1; 3 bought is fine and leaves 3 Boons", () => {
    world.slowStart = true;
    const actor = pc(characterSource({ diamonds: { primary: 6 } }, { talents: { level: 1 } }), knacks(3));
    expect(sys(actor).talents).toMatchObject({ max: 6, allowance: 3, spent: 3, boonsMax: 3 });
    expect(sys(actor).warnings).not.toContain("tooManyTalents");
  });

  it("TL-5: a fourth Talent at level 1 is too many; at level 2 the allowance is 4", () => {
    world.slowStart = true;
    const first = pc(characterSource({ diamonds: { primary: 6 } }, { talents: { level: 1 } }), knacks(4));
    expect(sys(first).talents.allowance).toBe(3);
    expect(sys(first).warnings).toContain("tooManyTalents");
    const second = pc(characterSource({ diamonds: { primary: 6 } }, { talents: { level: 2 } }), knacks(4));
    expect(sys(second).talents.allowance).toBe(4);
    expect(sys(second).warnings).not.toContain("tooManyTalents");
  });

  it("TL-5: the allowance stops at talentsMax; without slow start it is talentsMax from the start", () => {
    world.slowStart = true;
    expect(
      sys(pc(characterSource({ diamonds: { primary: 6 } }, { talents: { level: 9 } }))).talents.allowance,
    ).toBe(6);
    world.slowStart = false;
    const off = pc(characterSource({ diamonds: { primary: 6 } }, { talents: { level: 1 } }), knacks(5));
    expect(sys(off).talents).toMatchObject({ allowance: 6, boonsMax: 0 });
    expect(sys(off).warnings).not.toContain("tooManyTalents");
  });
});

describe("CH-6: Heart chips are hit points", () => {
  it("CH-6: ♥ chips cannot be spent on anything; HP stay as they were", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 6 } }));
    const uses = [{ kind: "attack" }, { kind: "defence" }, { kind: "save", suit: "hearts" }] as const;
    for (const use of uses) expect(await actor.spendChips("hearts", 1, use)).toBe("heartsNeverSpent");
    expect(sys(actor).hp.value).toBe(6);
  });

  it("CH-6: the ♥ track is the HP: its capacity is the HP maximum, and damage takes chips from it", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 6 } }));
    expect(sys(actor).suits.hearts.capacity).toBe(sys(actor).hp.max);
    await actor.applyDamage(2);
    expect(sys(actor).hp.value).toBe(4);
    // The sheet's chip track sets hp.value (toggleChip); the model bounds it by the maximum.
    await actor.update({ "system.hp.value": 9 });
    expect(sys(actor).hp.value).toBe(6);
  });
});

describe("CON-1 case 3: conditions that impose Threatened", () => {
  it("CON-1: Shaken, Prone, Grappled, Stunned, Blind and Terrified each make the creature Threatened; Slowed does not", () => {
    for (const condition of ["shaken", "prone", "grappled", "stunned", "blind", "terrified"]) {
      const actor = makeActor({ name: "PC", type: "character", system: {}, statuses: [condition] });
      expect(sys(actor).conditions.has("threatened"), condition).toBe(true);
    }
    const slowed = makeActor({ name: "PC", type: "character", system: {}, statuses: ["slowed"] });
    expect(sys(slowed).conditions.has("threatened")).toBe(false);
  });
});
