import { describe, expect, it } from "vitest";
import {
  breathBase,
  breathDamage,
  breathHpLoss,
  breathKey,
  breathRecharging,
  readBreathRecord,
} from "../../src/rules/breath";

const fire = { damage: 6, damageType: "energy", recharge: 3 } as const;
const medium = { size: "medium", dr: 2, er: 1 } as const;

describe("NPC-1 SA breath: the save halves the damage", () => {
  it("a failure takes the whole base, a success half of it rounded down", () => {
    expect(breathBase(6, false)).toBe(6);
    expect(breathBase(6, true)).toBe(3);
    expect(breathBase(5, true)).toBe(2);
    expect(breathBase(1, true)).toBe(0);
  });
});

describe("NPC-1 SA breath: DMG-2 and DMG-3 for each creature in the area", () => {
  it("energy is reduced by ER only, never by DR and never scaled by the breather's size", () => {
    const huge = breathDamage(fire, "huge", medium, false);
    expect(huge).toMatchObject({ base: 6, scaled: 6, final: 5 });
    expect(breathHpLoss(huge)).toBe(5);
    expect(breathHpLoss(breathDamage(fire, "huge", medium, true))).toBe(2);
  });

  it("physical breath is scaled by size (SZ-3) and reduced by DR", () => {
    const rocks = { damage: 4, damageType: "physical", recharge: 0 } as const;
    // Large against Medium: ×2, then DR 2.
    expect(breathDamage(rocks, "large", medium, false)).toMatchObject({ scaled: 8, final: 6 });
    // Saved: base 2, ×2, DR 2: final 0, so no HP lost (DMG-4).
    const saved = breathDamage(rocks, "large", medium, true);
    expect(saved).toMatchObject({ scaled: 4, final: 2 });
    expect(breathHpLoss(breathDamage(rocks, "medium", { ...medium, dr: 4 }, false))).toBe(0);
  });
});

describe("NPC-1 SA breath: recharge in rounds", () => {
  it("with recharge 3, used in round 2 it waits rounds 3 to 5 and is ready in round 6", () => {
    expect(breathRecharging(null, 3, 1)).toBeNull();
    expect(breathRecharging(2, 3, 2)).toBe(6);
    expect(breathRecharging(2, 3, 5)).toBe(6);
    expect(breathRecharging(2, 3, 6)).toBeNull();
  });

  it("with recharge 0 it is used once a round", () => {
    expect(breathRecharging(4, 0, 4)).toBe(5);
    expect(breathRecharging(4, 0, 5)).toBeNull();
  });

  it("the stored record keeps only whole rounds, keyed without a dot", () => {
    expect(breathKey("abc", 1)).toBe("abc-1");
    expect(readBreathRecord({ "a-0": 3, "b-0": -1, "c-0": 1.5, "d-0": "2" })).toEqual({ "a-0": 3 });
    expect(readBreathRecord(null)).toEqual({});
  });
});
