import { describe, expect, it } from "vitest";
import {
  afterCombat,
  applyGritHit,
  deadFromWounds,
  followUpAllowed,
  gritDie,
  gritHitCheck,
  massiveDamage,
  reactionDefenceBonus,
  rollGrit,
  roundStartGrit,
  woundCheckTarget,
  woundLimit,
  woundsAfterSleep,
} from "../../src/rules/grit";

const fresh = { grit: 5, wounds: 0, adrenaline: 0 };

describe("GW-1, GW-2, GW-7", () => {
  it("EX-GW-1: ♥7 has a d6 and a wound limit of 4", () => {
    expect(gritDie(7)).toBe(6);
    expect(woundLimit(7)).toBe(4);
  });
  it("Grit die bands", () => {
    expect([5, 6, 8, 9, 11, 12].map(gritDie)).toEqual([4, 6, 6, 8, 8, 10]);
    expect(rollGrit(12, (faces) => faces - 1)).toBe(9);
  });
  it("death at the wound limit", () => {
    expect(deadFromWounds(3, 7)).toBe(false);
    expect(deadFromWounds(4, 7)).toBe(true);
    expect(woundLimit(-2)).toBe(0);
  });
});

describe("GW-5, GW-6 hits", () => {
  it("EX-GW-1: Grit 5, a 3-damage hit tested at 4, roll 2, S → Grit 2", () => {
    expect(gritHitCheck(fresh, { heartsEff: 7, damage: 3 })).toBe(4);
    const r = applyGritHit(fresh, { heartsEff: 7, damage: 3, roll: 2 });
    expect(r).toMatchObject({
      grit: 2,
      wounds: 0,
      woundsGained: 0,
      check: { target: 4, dos: "S" },
      dead: false,
    });
  });
  it("EX-GW-1: a 9-damage hit: 1 automatic Wound, remainder 2 tested at 5, roll 8 F → 2 Wounds, adrenaline 2", () => {
    expect(massiveDamage(9, 7)).toEqual({ automaticWounds: 1, remainder: 2 });
    const r = applyGritHit(fresh, { heartsEff: 7, damage: 9, roll: 8 });
    expect(r).toMatchObject({
      grit: 5,
      wounds: 2,
      adrenaline: 2,
      woundsGained: 2,
      check: { target: 5, dos: "F" },
    });
  });
  it("EX-GW-1 [004]: Constitution 18 and 40 damage → 2 automatic Wounds and a check at 4", () => {
    expect(massiveDamage(40, 18)).toEqual({ automaticWounds: 2, remainder: 4 });
    expect(gritHitCheck(fresh, { heartsEff: 18, damage: 40 })).toBe(14);
    expect(woundCheckTarget(18, 4)).toBe(14);
  });
  it("Grit 0 makes the remainder an automatic Wound, with no check", () => {
    const r = applyGritHit({ grit: 0, wounds: 1, adrenaline: 1 }, { heartsEff: 7, damage: 2 });
    expect(r).toMatchObject({ wounds: 2, adrenaline: 2, check: null });
    expect(gritHitCheck({ grit: 0, wounds: 0, adrenaline: 0 }, { heartsEff: 7, damage: 2 })).toBeNull();
  });
  it("a success with too little Grit zeroes it and gives a Wound", () => {
    const r = applyGritHit({ grit: 1, wounds: 0, adrenaline: 0 }, { heartsEff: 9, damage: 3, roll: 1 });
    expect(r).toMatchObject({ grit: 0, wounds: 1, woundsGained: 1 });
  });
  it("an exact multiple of ♥ has no remainder and no check", () => {
    expect(applyGritHit(fresh, { heartsEff: 7, damage: 7 })).toMatchObject({
      wounds: 1,
      check: null,
      grit: 5,
    });
    expect(gritHitCheck(fresh, { heartsEff: 7, damage: 14 })).toBeNull();
  });
  it("reaching the limit kills", () => {
    expect(applyGritHit({ grit: 0, wounds: 3, adrenaline: 3 }, { heartsEff: 7, damage: 1 }).dead).toBe(true);
  });
  it("GW-9: unbandaged Wounds put the check at −2", () => {
    expect(woundCheckTarget(7, 3, true)).toBe(2);
    expect(applyGritHit(fresh, { heartsEff: 7, damage: 3, roll: 3, unbandaged: true }).check?.dos).toBe("F");
  });
  it("GW-10: temporary damage costs Grit but knocks out instead of wounding", () => {
    const r = applyGritHit(fresh, { heartsEff: 7, damage: 9, roll: 8, temporary: true });
    expect(r).toMatchObject({ unconscious: true, wounds: 0, woundsGained: 0, adrenaline: 0 });
    expect(applyGritHit(fresh, { heartsEff: 7, damage: 3, roll: 2, temporary: true })).toMatchObject({
      grit: 2,
      unconscious: false,
    });
  });
  it("needs the roll when a check is due, and a positive ♥", () => {
    expect(() => applyGritHit(fresh, { heartsEff: 7, damage: 3 })).toThrow(RangeError);
    expect(() => massiveDamage(3, 0)).toThrow(RangeError);
  });
});

describe("GW-4, GW-8, GW-9", () => {
  it("adrenaline adds Grit at round start and resets after combat with one injury roll per point", () => {
    expect(roundStartGrit({ grit: 1, wounds: 2, adrenaline: 2 }).grit).toBe(3);
    expect(afterCombat({ grit: 3, wounds: 2, adrenaline: 2 })).toEqual({
      state: { grit: 0, wounds: 2, adrenaline: 0 },
      injuryRolls: 2,
    });
  });
  it("Dodge and Block: S +2, CS +5", () => {
    expect(["CS", "S", "F", "CF"].map((d) => reactionDefenceBonus(d as "CS"))).toEqual([5, 2, 0, 0]);
  });
  it("Slip and Parry need a margin of 5, never against missiles; Parry not against reach", () => {
    const melee = { missile: false, reach: false };
    expect(followUpAllowed("slip", 15, 10, melee)).toBe(true);
    expect(followUpAllowed("slip", 14, 10, melee)).toBe(false);
    expect(followUpAllowed("parry", 15, 10, { missile: true, reach: false })).toBe(false);
    expect(followUpAllowed("parry", 15, 10, { missile: false, reach: true })).toBe(false);
    expect(followUpAllowed("slip", 15, 10, { missile: false, reach: true })).toBe(true);
  });
});

describe("GW-9 Sleep heals Wounds", () => {
  it("one Sleep (a full day of rest) heals one Wound, never below 0", () => {
    expect(woundsAfterSleep({ wounds: 3, unbandaged: 0 })).toEqual({ wounds: 2, unbandaged: 0, healed: 1 });
    expect(woundsAfterSleep({ wounds: 0, unbandaged: 0 })).toEqual({ wounds: 0, unbandaged: 0, healed: 0 });
  });

  it("the oldest Wound heals first: unbandaged ones stay unless fewer Wounds remain", () => {
    expect(woundsAfterSleep({ wounds: 3, unbandaged: 2 })).toEqual({ wounds: 2, unbandaged: 2, healed: 1 });
    expect(woundsAfterSleep({ wounds: 1, unbandaged: 1 })).toEqual({ wounds: 0, unbandaged: 0, healed: 1 });
  });
});
