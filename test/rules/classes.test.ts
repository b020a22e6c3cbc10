import { describe, expect, it } from "vitest";
import {
  armorCovered,
  armorProficiency,
  bestArmorProficiency,
  classCount,
  classProblems,
  classSuits,
  isSpellcaster,
  maxArmorTrades,
  shieldCovered,
  shieldProficiency,
} from "../../src/rules/classes";

describe("CL-1 classes", () => {
  it("chip suits", () => {
    expect(classSuits(["fighter", "wizard"])).toEqual(["clubs", "diamonds"]);
    expect(classSuits(["rogue"])).toEqual(["spades"]);
    expect(classSuits([])).toEqual([]);
    expect(isSpellcaster("druid")).toBe(true);
    expect(isSpellcaster("rogue")).toBe(false);
  });
});

describe("CL-2 proficiency", () => {
  it("best among classes; no class has Thin and no shield", () => {
    expect(bestArmorProficiency(["wizard", "rogue"])).toBe("light");
    expect(shieldProficiency(["wizard", "rogue"])).toBe("small");
    expect(bestArmorProficiency([])).toBe("thin");
    expect(shieldProficiency([])).toBe("none");
    expect(bestArmorProficiency(["healer"])).toBe("heavy");
    expect(shieldProficiency(["fighter", "cleric"])).toBe("tower");
  });
  it("covers the listed category and every lighter one", () => {
    expect(armorCovered("heavy", "light")).toBe(true);
    expect(armorCovered("heavy", "none")).toBe(true);
    expect(armorCovered("light", "plate")).toBe(false);
    expect(shieldCovered("small", "buckler")).toBe(true);
    expect(shieldCovered("buckler", "large")).toBe(false);
  });
});

describe("TL-4 armour trades", () => {
  it("EX-TL-1: a Fighter trading twice keeps Light armour and Tower shields", () => {
    expect(armorProficiency(["fighter"], 2)).toBe("light");
    expect(shieldProficiency(["fighter"])).toBe("tower");
  });
  it("trades run down to Thin; multiclassing adds none", () => {
    expect(maxArmorTrades(["fighter"])).toBe(3);
    expect(maxArmorTrades(["fighter", "rogue"])).toBe(3);
    expect(maxArmorTrades(["wizard"])).toBe(0);
    expect(armorProficiency(["rogue"])).toBe("light");
    expect(() => armorProficiency(["rogue"], 2)).toThrow(RangeError);
    expect(() => armorProficiency(["fighter"], -1)).toThrow(RangeError);
  });
});

describe("CL-3 multiclassing", () => {
  it("at most one Spellcaster type, each class once", () => {
    expect(classProblems(["fighter", "wizard"])).toEqual([]);
    expect(classProblems(["wizard", "cleric"])).toEqual(["multipleSpellcasters"]);
    expect(classProblems(["rogue", "rogue"])).toEqual(["duplicateClass"]);
    expect(classCount(["rogue", "rogue", "fighter"])).toBe(2);
  });
});
