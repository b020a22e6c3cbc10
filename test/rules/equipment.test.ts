import { describe, expect, it } from "vitest";
import {
  armorDR,
  equippable,
  gearConditions,
  gearLoad,
  gearStrengthRequirement,
  handsValid,
  proficiencyHampered,
  resistances,
  shieldBashCategory,
  shieldBonus,
  slotUsage,
  swimModifier,
  twoWeaponProblems,
  weaponDamage,
  weaponStrengthModifier,
  weaponStrengthRequirement,
  type WeaponProfile,
} from "../../src/rules/equipment";

describe("EQ-2 to EQ-4 weapons", () => {
  it("EX-EQ-1: a Great melee weapon (req 7) with Strength 4 gives −3", () => {
    expect(weaponStrengthRequirement({ category: "great" })).toBe(7);
    expect(weaponStrengthModifier({ category: "great" }, 4)).toBe(-3);
  });
  it("EX-EQ-2: longbow −1, winch great crossbow 0, thrown dagger −1", () => {
    expect(weaponStrengthRequirement({ category: "heavy", ranged: true })).toBe(7);
    expect(weaponStrengthModifier({ category: "heavy", ranged: true }, 6)).toBe(-1);
    expect(weaponStrengthRequirement({ category: "great", ranged: true, winch: true })).toBe(5);
    expect(weaponStrengthModifier({ category: "great", ranged: true, winch: true }, 5)).toBe(0);
    expect(weaponStrengthModifier({ category: "tiny", ranged: true }, 3)).toBe(-1);
  });
  it("surplus Strength gives no bonus", () => {
    expect(weaponStrengthModifier({ category: "tiny" }, 14)).toBe(0);
  });
  it("damage values and hands", () => {
    expect(["tiny", "light", "heavy", "great"].map((c) => weaponDamage(c as "tiny"))).toEqual([1, 2, 3, 4]);
    expect(handsValid("great", 1)).toBe(false);
    expect(handsValid("great", 2)).toBe(true);
    expect(handsValid("light", 1)).toBe(true);
    expect(handsValid("light", 3)).toBe(false);
  });
});

describe("EQ-5, EQ-6 armour and resistances", () => {
  it("DR by category, +1 reinforced", () => {
    expect(armorDR({ category: "heavy" })).toBe(2);
    expect(armorDR({ category: "light", reinforced: true })).toBe(2);
    expect(armorDR({ category: "none", reinforced: true })).toBe(0);
  });
  it("DR composes natural, armour and modifiers; ER defaults to 0", () => {
    expect(
      resistances({ naturalDR: 1, armor: { category: "plate", reinforced: true }, drModifiers: [1] }),
    ).toEqual({ dr: 6, er: 0 });
    expect(resistances({ er: 2 })).toEqual({ dr: 0, er: 2 });
  });
});

describe("EQ-7 to EQ-9 shields", () => {
  it("EX-ST-2: Guarded uses the Guarded value; Grappled adds nothing", () => {
    expect(shieldBonus("large", "guarded", [])).toBe(4);
    expect(shieldBonus("tower", "guarded", [])).toBe(5);
    expect(shieldBonus("large", "guarded", ["grappled"])).toBe(0);
  });
  it("adds its defence otherwise, nothing when Entangled, Helpless, Defenseless or Reckless", () => {
    expect(shieldBonus("small", "bold", [])).toBe(1);
    expect(shieldBonus("buckler", null, [])).toBe(1);
    expect(shieldBonus("large", "cautious", ["entangled"])).toBe(0);
    expect(shieldBonus("large", "cautious", ["helpless"])).toBe(0);
    expect(shieldBonus("large", "cautious", ["unconscious"])).toBe(0);
    expect(shieldBonus("large", "cautious", ["defenseless"])).toBe(0);
    expect(shieldBonus("large", "reckless", [])).toBe(0);
    expect(shieldBonus("large", "bold", ["prone"])).toBe(2);
    expect(shieldBonus("none", "guarded", [])).toBe(0);
  });
  it("bash: Tiny, Light with spikes; not bucklers or towers", () => {
    expect(shieldBashCategory("small")).toBe("tiny");
    expect(shieldBashCategory("large", true)).toBe("light");
    expect(shieldBashCategory("buckler")).toBeNull();
    expect(shieldBashCategory("tower", true)).toBeNull();
  });
});

describe("EQ-10, EQ-11 load and proficiency", () => {
  it("EX-EQ-3: chainmail + Large is Hampered, + Small Slowed; reinforced studded leather alone is fine", () => {
    expect(gearStrengthRequirement({ category: "heavy" }, "large")).toBe(9);
    expect(gearLoad({ category: "heavy" }, "large", 6)).toBe("hampered");
    expect(gearStrengthRequirement({ category: "heavy" }, "small")).toBe(8);
    expect(gearLoad({ category: "heavy" }, "small", 6)).toBe("slowed");
    expect(gearStrengthRequirement({ category: "light", reinforced: true })).toBe(6);
    expect(gearLoad({ category: "light", reinforced: true }, undefined, 6)).toBe("none");
  });
  it("no armour and no shield needs nothing", () => {
    expect(gearStrengthRequirement(undefined)).toBe(0);
    expect(gearLoad(undefined, "tower", 0)).toBe("hampered");
    expect(gearLoad({ category: "none", reinforced: true }, "none", 0)).toBe("none");
  });
  it("EQ-11: gear beyond proficiency Hampers", () => {
    const rogue = { armor: "light", shield: "small" } as const;
    expect(proficiencyHampered(rogue, "light", "small")).toBe(false);
    expect(proficiencyHampered(rogue, "heavy", "none")).toBe(true);
    expect(proficiencyHampered(rogue, "thin", "large")).toBe(true);
    expect(proficiencyHampered(rogue)).toBe(false);
  });
  it("EQ-10 to EQ-12: the conditions gear imposes", () => {
    expect(gearConditions({ load: "none", proficiencyHampered: false })).toEqual([]);
    expect(gearConditions({ load: "slowed", proficiencyHampered: false })).toEqual(["slowed"]);
    expect(gearConditions({ load: "hampered", proficiencyHampered: true })).toEqual(["hampered"]);
    expect(gearConditions({ load: "none", proficiencyHampered: false, encumbrance: "exceptional" })).toEqual([
      "hampered",
    ]);
    expect(gearConditions({ load: "none", proficiencyHampered: false, encumbrance: "barelyLift" })).toEqual([
      "hampered",
      "defenseless",
    ]);
    expect(gearConditions({ load: "none", proficiencyHampered: false, encumbrance: "normal" })).toEqual([]);
  });
});

describe("EQ-1 slots", () => {
  it("counts hands, armour and handy slots, with reinforced armour taking a handy slot", () => {
    const { used, over } = slotUsage([
      { slot: "hands", hands: 2 },
      { slot: "armor", reinforced: true },
      { slot: "handy" },
      { slot: "handy" },
      { slot: "pack" },
      { slot: "pack" },
    ]);
    expect(used).toEqual({ hands: 2, armor: 1, handy: 3 });
    expect(over).toEqual([]);
  });
  it("warns for each slot over its count", () => {
    const items = [
      { slot: "hands" as const, hands: 2 as const },
      { slot: "hands" as const },
      { slot: "armor" as const },
      { slot: "armor" as const },
      ...Array.from({ length: 6 }, () => ({ slot: "handy" as const })),
    ];
    expect(slotUsage(items).over).toEqual(["hands", "armor", "handy"]);
  });
});

describe("EQ-13 swimming", () => {
  it("−2 per point of DR and of shield defence", () => {
    expect(swimModifier({ category: "heavy" }, "small")).toBe(-6);
    expect(swimModifier(undefined)).toBe(0);
    expect(swimModifier({ category: "light", reinforced: true }, "large")).toBe(-8);
  });
});

describe("EQ-14 two-weapon pairs", () => {
  const w = (category: WeaponProfile["category"], extra: Partial<WeaponProfile> = {}): WeaponProfile => ({
    category,
    hands: 1,
    modes: ["melee"],
    ...extra,
  });
  it("two one-handed Light, or Heavy + Tiny", () => {
    expect(twoWeaponProblems(["rogue"], [w("light"), w("light")])).toEqual([]);
    expect(twoWeaponProblems(["fighter"], [w("tiny"), w("heavy")])).toEqual([]);
    expect(twoWeaponProblems(["fighter"], [w("heavy"), w("light")])).toEqual(["pair"]);
    expect(twoWeaponProblems(["fighter"], [w("light"), w("light", { hands: 2 })])).toEqual(["pair"]);
    expect(twoWeaponProblems(["fighter"], [w("light"), w("light"), w("tiny")])).toEqual(["pair"]);
  });
  it("only Fighters and Rogues", () => {
    expect(twoWeaponProblems(["wizard"], [w("light"), w("light")])).toEqual(["class"]);
    expect(twoWeaponProblems(["wizard", "rogue"], [w("light"), w("light")])).toEqual([]);
  });
  it("a double-ended weapon as two Light", () => {
    expect(twoWeaponProblems(["fighter"], [w("heavy", { hands: 2, doubleEnded: true })])).toEqual([]);
    expect(twoWeaponProblems(["fighter"], [w("heavy", { hands: 2 })])).toEqual(["pair"]);
  });
  it("ranged: thrown pairs and shortbows, never longbows, slings or crossbows", () => {
    const dagger = w("tiny", { modes: ["melee", "thrown"], rangeClass: "thrown" });
    const axe = w("heavy", { modes: ["melee", "thrown"], rangeClass: "thrown" });
    expect(twoWeaponProblems(["rogue"], [dagger, axe], true)).toEqual([]);
    expect(twoWeaponProblems(["rogue"], [dagger, w("heavy")], true)).toEqual(["ranged"]);
    const bow = (rangeClass: "short" | "long", reload: "none" | "slow" | "winch" = "none") =>
      w("light", { hands: 2, modes: ["launcher"], rangeClass, reload });
    expect(twoWeaponProblems(["rogue"], [bow("short")], true)).toEqual([]);
    expect(twoWeaponProblems(["rogue"], [bow("long")], true)).toEqual(["ranged"]);
    expect(twoWeaponProblems(["rogue"], [bow("short", "slow")], true)).toEqual(["ranged"]);
    expect(twoWeaponProblems(["rogue"], [bow("short", "winch")], true)).toEqual(["ranged"]);
  });
});

describe("EQ-1, REC-6: what can be put in use", () => {
  it("weapons, shields and armour always; gear held in a hand; never a healing item or handless gear", () => {
    const gear = { hands: 1, healing: false };
    for (const type of ["weapon", "shield", "armor"]) expect(equippable(type, gear)).toBe(true);
    expect(equippable("gear", gear)).toBe(true);
    expect(equippable("gear", { hands: 1, healing: true })).toBe(false);
    expect(equippable("gear", { hands: 0, healing: false })).toBe(false);
    for (const type of ["spell", "skill", "injury"]) expect(equippable(type, gear)).toBe(false);
  });
});
