import { describe, expect, it } from "vitest";
import {
  boonSpendAllowed,
  boonsMax,
  slowStartAllowance,
  talentsMax,
  talentsSpent,
} from "../../src/rules/talents";
import { armorProficiency, maxArmorTrades } from "../../src/rules/classes";

describe("TL-1, TL-2 talent maximum", () => {
  it("EX-TL-1: a Human with inherent Knowledge 7 has 8", () => {
    expect(talentsMax({ inherentKnowledge: 7, inherentDiamonds: 4, human: true })).toBe(8);
  });
  it("EX-TL-1: with halfPrimaryDiamonds and ♦9 the Human has 5", () => {
    expect(
      talentsMax({ inherentKnowledge: 7, inherentDiamonds: 9, formula: "halfPrimaryDiamonds", human: true }),
    ).toBe(5);
  });
  it("EX-TL-1: a Fighter trading twice gains +2", () => {
    expect(maxArmorTrades(["fighter"])).toBeGreaterThanOrEqual(2);
    expect(talentsMax({ inherentKnowledge: 5, inherentDiamonds: 5, armorTrades: 2 })).toBe(7);
    expect(armorProficiency(["fighter"], 2)).toBe("light");
    expect(() => talentsMax({ inherentKnowledge: 5, inherentDiamonds: 5, armorTrades: -1 })).toThrow(
      RangeError,
    );
  });
  it("a negative inherent card gives 0 before bonuses", () => {
    expect(talentsMax({ inherentKnowledge: -2, inherentDiamonds: 0, human: true })).toBe(1);
  });
});

describe("TL-3, SK-2 talents spent", () => {
  it("one per skill and knack; fivePlusOnes counts five steps per Talent", () => {
    expect(talentsSpent({ skillBonuses: [5, 5], knacks: 1 })).toBe(3);
    expect(talentsSpent({ mode: "fivePlusOnes", skillBonuses: [3, 2], knacks: 0 })).toBe(1);
    expect(talentsSpent({ mode: "fivePlusOnes", skillBonuses: [3, 3], knacks: 2 })).toBe(4);
  });
  it("refuses impossible bonuses", () => {
    expect(() => talentsSpent({ skillBonuses: [3], knacks: 0 })).toThrow(RangeError);
    expect(() => talentsSpent({ mode: "fivePlusOnes", skillBonuses: [6], knacks: 0 })).toThrow(RangeError);
    expect(() => talentsSpent({ mode: "fivePlusOnes", skillBonuses: [0], knacks: 0 })).toThrow(RangeError);
  });
});

describe("TL-5, TL-6 slow start and Boons", () => {
  it("EX-TL-2: max 6 allows 3 at level 1; 3 bought leaves 3 Boons", () => {
    expect(slowStartAllowance(6, 1)).toBe(3);
    expect(boonsMax(6, 3)).toBe(3);
  });
  it("each level adds one, up to the maximum", () => {
    expect(slowStartAllowance(6, 2)).toBe(4);
    expect(slowStartAllowance(6, 9)).toBe(6);
    expect(slowStartAllowance(7, 1)).toBe(3);
    expect(() => slowStartAllowance(6, 0)).toThrow(RangeError);
  });
  it("Boons never go negative; one per action", () => {
    expect(boonsMax(3, 5)).toBe(0);
    expect(boonSpendAllowed(1, 2)).toBe(true);
    expect(boonSpendAllowed(2, 2)).toBe(false);
    expect(boonSpendAllowed(1, 0)).toBe(false);
    expect(boonSpendAllowed(0, 0)).toBe(true);
  });
});
