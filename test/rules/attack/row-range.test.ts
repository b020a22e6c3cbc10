import { describe, expect, it } from "vitest";
import { rowModes, rowRangeClass, rowRangeModifier } from "../../../src/rules/attack/row-range";

describe("NPC-1, RNG-2: a stat-block row's range band as a weapon's range class", () => {
  it("each band takes the class whose last legal band it is; melee rows have none", () => {
    expect(
      [undefined, "engaged", "close", "near", "far", "distant"].map((b) => rowRangeClass(b as never)),
    ).toEqual([null, null, "thrown", "thrown", "short", "long"]);
  });

  it("the modifier is the class's within the band and null beyond it (EX-RNG-1's numbers)", () => {
    expect(rowRangeModifier("near", 8)).toBe(-2);
    expect(rowRangeModifier("near", 13)).toBeNull();
    expect(rowRangeModifier("close", 6)).toBe(0);
    expect(rowRangeModifier("close", 7)).toBeNull();
    expect(rowRangeModifier("far", 15)).toBe(-2);
    expect(rowRangeModifier("distant", 30)).toBe(-5);
    expect(rowRangeModifier("engaged", 1)).toBeNull();
  });

  it("a melee row strikes or Special Attacks; a ranged row is thrown", () => {
    expect(rowModes("engaged")).toEqual(["melee", "special"]);
    expect(rowModes(undefined)).toEqual(["melee", "special"]);
    expect(rowModes("far")).toEqual(["thrown"]);
  });
});
