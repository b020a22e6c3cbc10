import { describe, expect, it } from "vitest";
import {
  FEAR_LEVELS,
  NO_FEAR,
  afterFearSave,
  fearArea,
  fearFailure,
  fearSaveDue,
  fearSaveModifier,
  readFearRecord,
  withinFearArea,
  worstFear,
  type FearLevel,
} from "../../src/rules/fear";
import { distanceCategory } from "../../src/rules/range";

describe("OPT-2 fear levels", () => {
  it("lists the five levels of the table after 'none', mildest first", () => {
    expect(FEAR_LEVELS).toEqual(["none", "scary", "fearsome", "dread", "terror", "fell"]);
  });

  it("Dread, Terror and Fell save at −2; Scary and Fearsome at no modifier", () => {
    expect(FEAR_LEVELS.map(fearSaveModifier)).toEqual([0, 0, 0, -2, -2, -2]);
  });

  it("reaches Near by default and Far for Terror; no area without fear", () => {
    expect(FEAR_LEVELS.map(fearArea)).toEqual([null, "near", "near", "near", "far", "near"]);
    // RNG-1: Near ends at 12 squares, Far at 24.
    expect(withinFearArea("fearsome", distanceCategory(12))).toBe(true);
    expect(withinFearArea("fearsome", distanceCategory(13))).toBe(false);
    expect(withinFearArea("terror", distanceCategory(24))).toBe(true);
    expect(withinFearArea("terror", distanceCategory(25))).toBe(false);
    expect(withinFearArea("scary", distanceCategory(1))).toBe(true);
    expect(withinFearArea("none", distanceCategory(0))).toBe(false);
  });

  it("a failed save: Scary loses the next action, Fearsome/Dread/Terror Shaken, Fell Shaken then Terrified", () => {
    expect(fearFailure("none")).toBeNull();
    expect(fearFailure("scary")).toBe("loseAction");
    expect(fearFailure("fearsome")).toBe("shaken");
    expect(fearFailure("dread")).toBe("shaken");
    expect(fearFailure("terror")).toBe("shaken");
    expect(fearFailure("fell", 0)).toBe("shaken");
    expect(fearFailure("fell", 1)).toBe("terrified");
    expect(fearFailure("dread", 3)).toBe("shaken");
  });

  it("only the worst fear present applies", () => {
    expect(worstFear([])).toBe("none");
    expect(worstFear(["scary", "dread", "fearsome"])).toBe("dread");
    expect(worstFear(["fell", "terror"])).toBe("fell");
    expect(worstFear(["none", "scary"])).toBe("scary");
  });
});

describe("OPT-2 when a creature saves again", () => {
  it("saves once against a level, again only when a worse fear is present", () => {
    expect(fearSaveDue(NO_FEAR, "none")).toBe(false);
    expect(fearSaveDue(NO_FEAR, "scary")).toBe(true);
    const failed = afterFearSave(NO_FEAR, "fearsome", false);
    expect(failed.effect).toBe("shaken");
    expect(fearSaveDue(failed.record, "fearsome")).toBe(false);
    expect(fearSaveDue(failed.record, "scary")).toBe(false);
    expect(fearSaveDue(failed.record, "dread")).toBe(true);
    const passed = afterFearSave(NO_FEAR, "terror", true);
    expect(passed.effect).toBeNull();
    expect(fearSaveDue(passed.record, "terror")).toBe(false);
  });

  it("Fell repeats each round until passed, and a failure after the first makes the creature Terrified", () => {
    let record = NO_FEAR;
    const effects: (string | null)[] = [];
    for (const passed of [false, false, false, true]) {
      expect(fearSaveDue(record, "fell")).toBe(true);
      const next = afterFearSave(record, "fell", passed);
      effects.push(next.effect);
      record = next.record;
    }
    expect(effects).toEqual(["shaken", "terrified", "terrified", null]);
    expect(fearSaveDue(record, "fell")).toBe(false);
  });

  it("a first Fell failure after facing a milder fear is only Shaken", () => {
    const dread = afterFearSave(NO_FEAR, "dread", false).record;
    expect(afterFearSave(dread, "fell", false).effect).toBe("shaken");
  });

  it("reads a stored record back, and anything malformed as nothing faced", () => {
    expect(readFearRecord({ level: "fell", passed: false, failures: 2 })).toEqual({
      level: "fell",
      passed: false,
      failures: 2,
    });
    for (const bad of [null, 3, "fell", { level: "awful" }, {}]) expect(readFearRecord(bad)).toEqual(NO_FEAR);
    expect(readFearRecord({ level: "scary", passed: "yes", failures: -1 })).toEqual({
      level: "scary",
      passed: false,
      failures: 0,
    });
  });

  it("every level has a failure effect except none", () => {
    for (const level of FEAR_LEVELS as readonly FearLevel[])
      expect(fearFailure(level) === null).toBe(level === "none");
  });
});
