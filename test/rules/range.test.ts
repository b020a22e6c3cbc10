import { describe, expect, it } from "vitest";
import {
  coverBonus,
  distanceCategory,
  effectiveVisibility,
  invisibleGuessHits,
  namedSquareRight,
  rangeModifier,
  rangeModifierAt,
  visibilityModifier,
  withinCategory,
  withinReach,
} from "../../src/rules/range";

describe("RNG-1 distance", () => {
  it("categories by squares", () => {
    const at = [0, 1, 2, 6, 7, 12, 13, 24, 25, 100].map(distanceCategory);
    expect(at).toEqual([
      "engaged",
      "engaged",
      "close",
      "close",
      "near",
      "near",
      "far",
      "far",
      "distant",
      "distant",
    ]);
    expect(() => distanceCategory(-1)).toThrow(RangeError);
    expect(() => distanceCategory(1.5)).toThrow(RangeError);
  });
  it("reach: 1 by default, 2 for reach weapons", () => {
    expect(withinReach(1)).toBe(true);
    expect(withinReach(2)).toBe(false);
    expect(withinReach(2, 2)).toBe(true);
  });
  it("within a maximum category", () => {
    expect(withinCategory("near", "close")).toBe(true);
    expect(withinCategory("near", "far")).toBe(false);
  });
});

describe("RNG-2 range penalties", () => {
  it("EX-RNG-1: shortbow at 15 −2; thrown dagger at 8 −2, at 13 illegal; longbow at 30 −5", () => {
    expect(rangeModifierAt("short", 15)).toBe(-2);
    expect(rangeModifierAt("thrown", 8)).toBe(-2);
    expect(rangeModifierAt("thrown", 13)).toBeNull();
    expect(rangeModifierAt("long", 30)).toBe(-5);
  });
  it("the rest of the table", () => {
    expect(rangeModifier("short", "distant")).toBeNull();
    expect(rangeModifier("long", "far")).toBe(0);
    expect(rangeModifier("thrown", "close")).toBe(0);
  });
});

describe("RNG-3 cover, RNG-4 visibility", () => {
  it("cover +1, +2, +4; total forbids the attack", () => {
    expect(["none", "light", "half", "heavy"].map((c) => coverBonus(c as "none"))).toEqual([0, 1, 2, 4]);
    expect(coverBonus("total")).toBeNull();
  });
  it("occluded −2, invisible −5; Blind sees all as invisible, Visually Impaired as occluded", () => {
    expect(visibilityModifier("clear")).toBe(0);
    expect(visibilityModifier("occluded")).toBe(-2);
    expect(visibilityModifier("invisible")).toBe(-5);
    expect(visibilityModifier("clear", ["blind"])).toBe(-5);
    expect(effectiveVisibility("clear", ["visuallyImpaired"])).toBe("occluded");
    expect(effectiveVisibility("invisible", ["visuallyImpaired"])).toBe("invisible");
  });
  it("a wrong square against an invisible target misses", () => {
    expect(invisibleGuessHits("invisible", false)).toBe(false);
    expect(invisibleGuessHits("invisible", true)).toBe(true);
    expect(invisibleGuessHits("occluded", false)).toBe(true);
  });
  it("a named square is right when it lies under the target, whatever its size", () => {
    const one = { square: { x: 2, y: 1 }, width: 1, height: 1 };
    expect(namedSquareRight({ x: 2, y: 1 }, one)).toBe(true);
    expect(namedSquareRight({ x: 3, y: 1 }, one)).toBe(false);
    const large = { square: { x: 2, y: 1 }, width: 2, height: 2 };
    expect(namedSquareRight({ x: 3, y: 2 }, large)).toBe(true);
    expect(namedSquareRight({ x: 4, y: 2 }, large)).toBe(false);
    expect(namedSquareRight({ x: 2, y: 0 }, large)).toBe(false);
  });
});
