import { describe, expect, it } from "vitest";
import { hitColour } from "../../src/rules/attack/resolution";
import { zeroPerSuit } from "../../src/rules/hitPoints";
import { degreeOfSuccess, isSuccess } from "../../src/rules/tests";
import {
  allowedAimingPoints,
  armedWoundHealsAfterSleep,
  calledShotHits,
  createWound,
  DEFAULT_AIM,
  HIT_CONSEQUENCE_ORDER,
  knockOut,
  magicEndsWound,
  MISSILE_LOCATION_TABLE,
  missileLocation,
  SPECIFIC_WOUND_CHART,
  woundApplies,
  woundCheck,
  woundChartKey,
  woundEligible,
} from "../../src/rules/wounds";
import { AIMING_POINTS, ARMED_WOUNDS, BRAWLING_WOUNDS, COLOURS } from "../../src/rules/vocabulary";
import { vitals } from "../support/vitals";

const saved = (hearts: number, modifier: number, d12: number): boolean =>
  isSuccess(degreeOfSuccess(d12, hearts + modifier));

describe("SW-1 eligibility", () => {
  it("only a Red hit of an Attack is checked", () => {
    for (const colour of COLOURS) expect(woundEligible({ colour })).toBe(colour === "red");
    expect(woundEligible({ colour: "red", attackKind: "special" })).toBe(false);
    expect(woundEligible({ colour: "red", attackKind: "cast" })).toBe(false);
    expect(woundEligible({ colour: "red", attackKind: "knockout" })).toBe(false);
    expect(woundEligible({ colour: "red", anatomy: false })).toBe(false);
    expect(woundEligible({ colour: "red", specificWounds: false })).toBe(false);
  });
});

describe("SW-2 aiming points", () => {
  it("defaults to Chest and allows all seven points between equals", () => {
    expect(DEFAULT_AIM).toBe("chest");
    expect(allowedAimingPoints({})).toEqual([...AIMING_POINTS]);
    expect(allowedAimingPoints({ attackerMounted: true, targetMounted: true })).toEqual([...AIMING_POINTS]);
  });

  it("on foot against a rider: Chest, Gut, Legs; mounted against foot: no Legs; reach 2 lifts both", () => {
    expect(allowedAimingPoints({ targetMounted: true })).toEqual(["chest", "abdomen", "rightLeg", "leftLeg"]);
    expect(allowedAimingPoints({ attackerMounted: true })).toEqual([
      "head",
      "chest",
      "rightArm",
      "leftArm",
      "abdomen",
    ]);
    expect(allowedAimingPoints({ targetMounted: true, reach: 2 })).toEqual([...AIMING_POINTS]);
    expect(allowedAimingPoints({ attackerMounted: true, reach: 2 })).toEqual([...AIMING_POINTS]);
  });
});

describe("SW-3 missiles", () => {
  it("EX-SW-2: d100 55 is the Chest", () => {
    expect(missileLocation(55)).toBe("chest");
  });

  it("the table covers 1–100 without gap or overlap", () => {
    let next = 1;
    for (const row of MISSILE_LOCATION_TABLE) {
      expect(row.range[0]).toBe(next);
      next = row.range[1] + 1;
    }
    expect(next).toBe(101);
    expect(missileLocation(100)).toBe("head");
    expect(() => missileLocation(0)).toThrow(RangeError);
    expect(() => missileLocation(101)).toThrow(RangeError);
    expect(() => missileLocation(50.5)).toThrow(RangeError);
  });

  it("EX-SW-3: a called shot misses on Orange (m 4) and hits the Head on Red (m 5) with a −5 check", () => {
    expect(calledShotHits(hitColour(4, true))).toBe(false);
    expect(calledShotHits(hitColour(5, true))).toBe(true);
    expect(woundCheck({ colour: hitColour(5, true), aim: "head" })).toEqual({
      eligible: true,
      wound: "skullWound",
      saveModifier: -5,
    });
  });
});

describe("SW-4, SW-5, SW-7 the wound check", () => {
  it("EX-SW-1: m 5 at the Right Leg with a longsword: a PC with ♥7 rolls 8 and is crippled; an Enemy without a save", () => {
    const check = woundCheck({ colour: hitColour(5, true), aim: "rightLeg" });
    expect(check).toEqual({ eligible: true, wound: "legCrippled", saveModifier: 0 });
    expect(woundApplies(check, saved(7, check.saveModifier ?? 0, 8))).toBe(true);
    const orc = woundCheck({ colour: "red", aim: "rightLeg", enemy: true });
    expect(orc.saveModifier).toBeNull();
    expect(woundApplies(orc, null)).toBe(true);
  });

  it("EX-SW-2: a shortbow's Chest hit; ♥6 saves at 4 and rolls 3: avoided", () => {
    const check = woundCheck({ colour: hitColour(6, true), aim: missileLocation(55) });
    expect(check).toEqual({ eligible: true, wound: "deepChestWound", saveModifier: -2 });
    expect(woundApplies(check, saved(6, -2, 3))).toBe(false);
  });

  it("a check with a save needs its result; an ineligible hit never applies", () => {
    expect(() => woundApplies(woundCheck({ colour: "red", aim: "chest" }), null)).toThrow(RangeError);
    expect(woundApplies(woundCheck({ colour: "orange", aim: "chest" }), false)).toBe(false);
  });

  it("the chart is data: armed and brawling keys by aiming point, with their save modifiers", () => {
    expect(woundChartKey(false)).toBe("armed");
    expect(woundChartKey(true)).toBe("brawling");
    const row = (key: "armed" | "brawling") =>
      AIMING_POINTS.map((p) => [
        SPECIFIC_WOUND_CHART[key][p].wound,
        SPECIFIC_WOUND_CHART[key][p].saveModifier,
      ]);
    expect(row("armed")).toEqual([
      ["skullWound", -5],
      ["deepChestWound", -2],
      ["armDisabled", 0],
      ["armDisabled", 0],
      ["gutWound", -2],
      ["legCrippled", 0],
      ["legCrippled", 0],
    ]);
    expect(row("brawling")).toEqual([
      ["knockedOut", -2],
      ["winded", 0],
      ["numbed", 2],
      ["numbed", 2],
      ["doubledOver", 0],
      ["swept", 2],
      ["swept", 2],
    ]);
    expect(new Set(Object.values(SPECIFIC_WOUND_CHART.armed).map((s) => s.wound))).toEqual(
      new Set(ARMED_WOUNDS),
    );
    expect(new Set(Object.values(SPECIFIC_WOUND_CHART.brawling).map((s) => s.wound))).toEqual(
      new Set(BRAWLING_WOUNDS),
    );
  });

  it("wound items: a deep chest wound bleeds from the Chest; a skull wound drops to 0 with 2 tainted ♥ drain", () => {
    const chest = createWound("chest", false);
    expect(chest.immediate[0]).toEqual({
      kind: "ongoing",
      effect: { rating: 1, suit: "hearts", modifier: 0, tag: "bleeding", origin: "chest" },
    });
    expect(chest.lasting).toEqual([{ kind: "modifier", value: -2, appliesTo: "allTests" }]);
    expect(chest.heals).toBe("sleepOrMagic");
    const skull = createWound("head", false);
    expect(skull.immediate).toEqual([
      { kind: "dropToZero", conditions: ["unconscious"] },
      { kind: "drain", suit: "hearts", amount: 2, tainted: true },
    ]);
    const ko = createWound("head", true);
    expect(ko).toMatchObject({ wound: "knockedOut", heals: "durationsOnly" });
    expect(ko.immediate[0]).toMatchObject({ duration: { kind: "roundsDie", die: 6 } });
  });

  it("SW-5: damage, then the wound, then the injury trigger", () => {
    expect(HIT_CONSEQUENCE_ORDER).toEqual(["damage", "specificWound", "injuryTrigger"]);
  });
});

describe("SW-6 knock-out", () => {
  it("EX-SW-4: all damage temporary; on Red Unconscious for 1d10 minutes and no wound checked", () => {
    expect(knockOut("red")).toEqual({
      temporary: true,
      unconscious: { kind: "minutesDie", die: 10 },
      woundChecked: false,
    });
    expect(knockOut("yellow").unconscious).toBeNull();
    expect(
      woundCheck({ colour: hitColour(7, true), aim: "chest", brawling: true, attackKind: "knockout" })
        .eligible,
    ).toBe(false);
  });
});

describe("SW-8 healing armed wounds", () => {
  it("a Sleep at full HP with no ♥ taint ends them; so do 3 points of magic", () => {
    expect(armedWoundHealsAfterSleep(vitals(6))).toBe(true);
    expect(armedWoundHealsAfterSleep(vitals(6, 5))).toBe(false);
    expect(armedWoundHealsAfterSleep({ ...vitals(6), taint: { ...zeroPerSuit(), hearts: 1 } })).toBe(false);
    expect(magicEndsWound(2)).toBe(false);
    expect(magicEndsWound(3)).toBe(true);
  });
});
