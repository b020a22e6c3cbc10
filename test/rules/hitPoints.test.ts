import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chipCapacity } from "../../src/rules/chips";
import { heal } from "../../src/rules/drain";
import {
  applyDamage,
  clampToMax,
  effHearts,
  healPoint,
  hpMax,
  realDamage,
  wakes,
  zeroPerSuit,
  type Vitals,
} from "../../src/rules/hitPoints";
import { injuryTrigger } from "../../src/rules/injury/trigger";
import { vitals } from "../support/vitals";

/** A valid state: 0 ≤ value, 0 ≤ temp, value + temp ≤ max. */
const validVitals = fc
  .record({
    hearts: fc.integer({ min: 1, max: 16 }),
    bonus: fc.constantFrom(0, 2),
    drain: fc.integer({ min: 0, max: 6 }),
    taint: fc.integer({ min: 0, max: 4 }),
    valueShare: fc.double({ min: 0, max: 1, noNaN: true }),
    tempShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ hearts, bonus, drain, taint, valueShare, tempShare }) => {
    const base: Vitals = vitals(hearts, 0, {
      heartsBonus: bonus,
      drain: { ...zeroPerSuit(), hearts: Math.min(drain, hearts - 1) },
      taint: { ...zeroPerSuit(), hearts: taint },
    });
    const max = hpMax(base);
    const value = Math.floor(valueShare * max);
    const temp = Math.floor(tempShare * (max - value));
    return { ...base, value, temp };
  });

describe("HP-1 hit points", () => {
  it("hp.max is the ♥ capacity: EX-KN-1, a Fighter with ♥5 and Toughness has 7 HP", () => {
    const fighter = vitals(5, 5, { heartsBonus: 2 });
    expect(hpMax(fighter)).toBe(7);
    expect(hpMax(fighter)).toBe(
      chipCapacity({
        classes: ["fighter"],
        eff: { clubs: 5, spades: 5, diamonds: 5, hearts: 5 },
        toughness: true,
      }).hearts,
    );
  });

  it("♥ drain lowers eff(♥) and hp.max, never below the bonus", () => {
    const v = vitals(6, 3, { drain: { ...zeroPerSuit(), hearts: 2 } });
    expect(effHearts(v)).toBe(4);
    expect(hpMax(v)).toBe(4);
    expect(hpMax(vitals(3, 0, { heartsBonus: 2, drain: { ...zeroPerSuit(), hearts: 9 } }))).toBe(2);
  });

  it("real damage is max − value − temp", () => {
    expect(realDamage(vitals(6, 1, { temp: 2 }))).toBe(3);
  });

  it("DRN-1: clamps value and temp to a lowered max", () => {
    const v = vitals(6, 5, { temp: 1, drain: { ...zeroPerSuit(), hearts: 2 } });
    expect(clampToMax(v)).toMatchObject({ value: 4, temp: 0 });
    const fine = vitals(6, 3);
    expect(clampToMax(fine)).toBe(fine);
  });
});

describe("HP-2 applying damage", () => {
  it("EX-HP-1: ♥6 at 2/6 takes 5: Unconscious, 3 ♥ drain, hp.max 3, a Killing Blow injury roll", () => {
    const r = applyDamage(vitals(6, 2), 5);
    expect(r).toMatchObject({
      lost: 2,
      overflow: 3,
      drainAdded: 3,
      becameUnconscious: true,
      overflowDrain: true,
      killed: false,
    });
    expect(effHearts(r.vitals)).toBe(3);
    expect(hpMax(r.vitals)).toBe(3);
    expect(r.vitals.value).toBe(0);
    const trigger = injuryTrigger({ hpBefore: 2, hpMax: 6, final: 5, drainOverflow: r.overflowDrain });
    expect(trigger).toMatchObject({ roll: true, killingBlow: true });
  });

  it("temporary damage fills temp and its overflow does nothing", () => {
    const r = applyDamage(vitals(6, 2), 5, { temporary: true });
    expect(r.vitals).toMatchObject({ value: 0, temp: 2 });
    expect(r).toMatchObject({ overflow: 3, drainAdded: 0, overflowDrain: false, becameUnconscious: true });
  });

  it("an Enemy's overflow has no effect: it is out of the fight", () => {
    const r = applyDamage(vitals(6, 2), 9, { enemy: true });
    expect(r).toMatchObject({ drainAdded: 0, outOfFight: true, killed: false });
    expect(r.vitals.drain.hearts).toBe(0);
    expect(applyDamage(vitals(6, 6), 2, { enemy: true }).outOfFight).toBe(false);
  });

  it("tainted damage adds ♥ taint for the HP it removes and for its overflow drain (DRN-5)", () => {
    const r = applyDamage(vitals(6, 2), 3, { tainted: true });
    expect(r.vitals.taint.hearts).toBe(3);
    expect(r.vitals.drain.hearts).toBe(1);
  });

  it("damage at 0 HP all overflows, and drain to eff(♥) 0 kills (DRN-4)", () => {
    const down = vitals(4, 0);
    const r = applyDamage(down, 3);
    expect(r).toMatchObject({ lost: 0, overflow: 3, becameUnconscious: false, killed: false });
    const dead = applyDamage(r.vitals, 1);
    expect(dead.killed).toBe(true);
    expect(hpMax(dead.vitals)).toBe(0);
  });

  it("n ≤ 0 changes nothing", () => {
    const v = vitals(6, 4);
    expect(applyDamage(v, 0)).toMatchObject({ lost: 0, overflow: 0, becameUnconscious: false });
    expect(applyDamage(v, -2).vitals.value).toBe(4);
  });

  it("property: damage never makes HP negative, and value + temp never exceeds max", () => {
    fc.assert(
      fc.property(
        validVitals,
        fc.integer({ min: 0, max: 30 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (v, n, temporary, tainted, enemy) => {
          const after = applyDamage(v, n, { temporary, tainted, enemy }).vitals;
          return (
            after.value >= 0 &&
            after.temp >= 0 &&
            after.value + after.temp <= hpMax(after) &&
            after.value <= v.value
          );
        },
      ),
    );
  });
});

describe("HP-3, HP-4 temporary damage and healing", () => {
  it("EX-HP-2: 2 temporary, 3 real, heal(2), then a Rest's return of temp", () => {
    let v = vitals(6);
    v = applyDamage(v, 2, { temporary: true }).vitals;
    expect(v).toMatchObject({ value: 4, temp: 2 });
    v = applyDamage(v, 3).vitals;
    expect(v).toMatchObject({ value: 1, temp: 2 });
    expect(realDamage(v)).toBe(3);
    v = heal(v, 2).vitals;
    expect(v).toMatchObject({ value: 3, temp: 2 });
    expect(realDamage(v)).toBe(1);
  });

  it("heals real damage before temporary, and never above max", () => {
    const v = vitals(6, 2, { temp: 4 });
    expect(healPoint(v)).toMatchObject({ value: 3, temp: 3 });
    expect(healPoint(vitals(6))).toMatchObject({ value: 6, temp: 0 });
  });

  it("property: value + temp never exceeds max after healing", () => {
    fc.assert(
      fc.property(validVitals, (v) => {
        const after = healPoint(v);
        return after.value + after.temp <= hpMax(after) && after.value >= v.value;
      }),
    );
  });
});

describe("HP-5 waking", () => {
  it("a creature at 0 HP wakes at 1 or more", () => {
    expect(wakes(vitals(6, 0), vitals(6, 1))).toBe(true);
    expect(wakes(vitals(6, 0), vitals(6, 0))).toBe(false);
    expect(wakes(vitals(6, 2), vitals(6, 3))).toBe(false);
  });
});
