/**
 * INJ-10, SW-9: the keys the automation reads from the Injury Location, Missile Hit Location and
 * Specific Wounds tables' results, and what it refuses (so the card falls back to its own chart).
 */
import { describe, expect, it } from "vitest";
import { injuryLocationFromResult, isTableKeyed } from "../../src/rules/injury-tables";
import { injuryLocation } from "../../src/rules/injury/location";
import {
  isWoundRow,
  missileLocationFromResult,
  woundRowAt,
  woundRowFromResult,
} from "../../src/rules/wound-tables";
import { createWound, woundCheck } from "../../src/rules/wounds";

const z = (keys: Record<string, unknown>) => ({ zilch: keys });

describe("INJ-10: Injury Location results", () => {
  it("face 2 reads the Left Leg on an odd sum and `evenSumLocation` on an even one (EX-INJ-2)", () => {
    const leg = z({ location: "leftLeg", evenSumLocation: "rightLeg" });
    expect(injuryLocationFromResult(leg, 13)).toBe("leftLeg");
    expect(injuryLocationFromResult(leg, 14)).toBe("rightLeg");
    expect(injuryLocationFromResult(z({ location: "chest" }), 14)).toBe("chest");
  });

  it("refuses unknown keys, shift-only rows, and Neck or Groin without the setting", () => {
    expect(injuryLocationFromResult(z({ location: "tail" }), 7)).toBeNull();
    expect(injuryLocationFromResult({}, 7)).toBeNull();
    expect(injuryLocationFromResult(z({ location: "neck", shiftOnly: true }), 7, true)).toBeNull();
    expect(injuryLocationFromResult(z({ location: "neck" }), 7)).toBeNull();
    expect(injuryLocationFromResult(z({ location: "neck" }), 7, true)).toBe("neck");
  });

  it("the evaluator takes the table's location and works the shifts out from it (EX-INJ-1's 4,4,4,6)", () => {
    expect(injuryLocation([4, 4, 4, 6], false, "abdomen")).toMatchObject({
      face: 4,
      location: "abdomen",
      shifts: 1,
      reachable: ["chest", "abdomen", "rightLeg", "leftLeg"],
    });
    // A location that does not exist under the setting leaves the built-in INJ-4 table's.
    expect(injuryLocation([4, 4, 4, 6], false, "groin").location).toBe("rightArm");
  });

  it("finds a table by its key, never by its name", () => {
    expect(isTableKeyed(z({ table: "injuryLocation" }), "injuryLocation")).toBe(true);
    expect(isTableKeyed(z({ table: "missileLocation" }), "injuryLocation")).toBe(false);
    expect(isTableKeyed(null, "injuryLocation")).toBe(false);
  });
});

describe("SW-9: Missile Hit Location and Specific Wounds results", () => {
  it("a missile result names an aiming point; Neck is not one (SW-2)", () => {
    expect(missileLocationFromResult(z({ location: "head" }))).toBe("head");
    expect(missileLocationFromResult(z({ location: "neck" }))).toBeNull();
  });

  it("a wound row is looked up by its aiming point; a save modifier outside −10..+10 is refused", () => {
    const rows = [
      { flags: z({ location: "chest", wound: "deepChestWound", modifier: -2 }) },
      { flags: z({ location: "head", wound: "skullWound", modifier: -5 }) },
    ];
    expect(woundRowAt(rows, "chest")).toEqual({ wound: "deepChestWound", saveModifier: -2 });
    expect(woundRowAt(rows, "abdomen")).toBeNull();
    expect(woundRowAt([...rows, rows[0]!], "chest")).toBeNull();
    expect(woundRowFromResult(z({ wound: "gutWound", modifier: -11 }))).toBeNull();
    expect(woundRowFromResult(z({ wound: "gutWound", modifier: 1.5 }))).toBeNull();
    expect(woundRowFromResult(z({ wound: "gutWound" }))).toEqual({ wound: "gutWound", saveModifier: 0 });
    expect(isWoundRow({ wound: "winded", saveModifier: 0 })).toBe(true);
    expect(isWoundRow({ wound: "winded", saveModifier: 40 })).toBe(false);
  });

  it("a GM's row sets the wound and the ♥ save modifier of the check (EX-SW-1: a PC with ♥7)", () => {
    const chart = woundCheck({ colour: "red", aim: "rightLeg" });
    expect(chart).toEqual({ eligible: true, wound: "legCrippled", saveModifier: 0 });
    const edited = woundCheck({ colour: "red", aim: "rightLeg", row: { wound: "swept", saveModifier: -2 } });
    expect(edited).toEqual({ eligible: true, wound: "swept", saveModifier: -2 });
  });

  it("the wound's item carries the effects of the key the table named, at the aim", () => {
    const item = createWound("chest", false, "gutWound");
    expect(item).toMatchObject({ location: "chest", wound: "gutWound", heals: "sleepOrMagic" });
    expect(item.immediate).toEqual([{ kind: "drain", suit: "hearts", amount: 2, tainted: true }]);
    expect(createWound("chest", false).wound).toBe("deepChestWound");
  });
});
