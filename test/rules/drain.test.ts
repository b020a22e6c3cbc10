import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDrain,
  addTaint,
  DRAINED_TO_ZERO,
  drainedToZero,
  recoverDrain,
  recoverHP,
} from "../../src/rules/drain";
import { hpMax, zeroPerSuit } from "../../src/rules/hitPoints";
import { sleep } from "../../src/rules/recovery";
import { eff, eff2 } from "../../src/rules/suits";
import { SUITS } from "../../src/rules/vocabulary";
import { vitals } from "../support/vitals";

const noChips = { classes: [], chips: zeroPerSuit(), capacity: zeroPerSuit() };

describe("DRN-1, DRN-5 drain and taint", () => {
  it("adds drain to the named suit, and taint as well when tainted", () => {
    const v = addDrain(vitals(6), "clubs", 2, true);
    expect(v.drain.clubs).toBe(2);
    expect(v.taint.clubs).toBe(2);
    expect(addDrain(vitals(6), "spades", 1).taint.spades).toBe(0);
  });

  it("♥ drain loses HP above the new max at once, temp included", () => {
    const v = addDrain(vitals(6, 5, { temp: 1 }), "hearts", 2);
    expect(hpMax(v)).toBe(4);
    expect(v).toMatchObject({ value: 4, temp: 0 });
  });

  it("ignores non-positive amounts", () => {
    const v = vitals(6);
    expect(addDrain(v, "hearts", 0)).toBe(v);
    expect(addTaint(v, "hearts", 0)).toBe(v);
  });

  it("taint counters have no upper bound", () => {
    expect(addTaint(vitals(3), "hearts", 9).taint.hearts).toBe(9);
  });
});

describe("DRN-4 drained to 0", () => {
  it("maps each suit to its result", () => {
    expect(DRAINED_TO_ZERO).toEqual({
      clubs: "paralysed",
      spades: "paralysed",
      diamonds: "comatose",
      hearts: "dead",
    });
  });

  it("lists each result once, for suits at 0 or less", () => {
    expect(drainedToZero({ clubs: 0, spades: -1, diamonds: 4, hearts: 3 })).toEqual(["paralysed"]);
    expect(drainedToZero({ diamonds: 0, hearts: 0 })).toEqual(["comatose", "dead"]);
    expect(drainedToZero({ clubs: 1 })).toEqual([]);
  });
});

describe("DRN-6 taint intercepts recovery", () => {
  it("recoverHP: taint absorbs points first, then HP heals", () => {
    const r = recoverHP(vitals(6, 2, { taint: { ...zeroPerSuit(), hearts: 1 } }), 3);
    expect(r).toMatchObject({ taintRemoved: 1, applied: 2 });
    expect(r.vitals).toMatchObject({ value: 4 });
    expect(r.vitals.taint.hearts).toBe(0);
  });

  it("a recovery point removes taint even when HP is full", () => {
    const r = recoverHP(vitals(6, 6, { taint: { ...zeroPerSuit(), hearts: 2 } }), 1);
    expect(r.vitals.taint.hearts).toBe(1);
  });

  it("recoverDrain: ♥ taint does not block ♥ drain, and lifting ♥ drain raises max but not value", () => {
    const v = vitals(6, 3, {
      drain: { ...zeroPerSuit(), hearts: 2 },
      taint: { ...zeroPerSuit(), hearts: 2 },
    });
    const r = recoverDrain(v, "hearts", 1);
    expect(r.vitals.drain.hearts).toBe(1);
    expect(r.vitals.taint.hearts).toBe(2);
    expect(hpMax(r.vitals)).toBe(5);
    expect(r.vitals.value).toBe(3);
  });

  it("recoverDrain: other suits' taint goes first; nothing to recover does nothing", () => {
    const v = vitals(6, 6, { drain: { ...zeroPerSuit(), clubs: 2 }, taint: { ...zeroPerSuit(), clubs: 1 } });
    const r = recoverDrain(v, "clubs", 2);
    expect(r).toMatchObject({ taintRemoved: 1, applied: 1 });
    expect(r.vitals.drain.clubs).toBe(1);
    expect(recoverDrain(vitals(6), "spades", 3).applied).toBe(0);
  });

  it("property: recoverHP never lowers HP, never raises taint, keeps value + temp ≤ max", () => {
    const state = fc.record({
      hearts: fc.integer({ min: 1, max: 14 }),
      lost: fc.integer({ min: 0, max: 14 }),
      temp: fc.integer({ min: 0, max: 14 }),
      taint: fc.integer({ min: 0, max: 5 }),
      points: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      fc.property(state, ({ hearts, lost, temp, taint, points }) => {
        const value = Math.max(0, hearts - lost);
        const v = vitals(hearts, value, {
          temp: Math.min(temp, hearts - value),
          taint: { ...zeroPerSuit(), hearts: taint },
        });
        const r = recoverHP(v, points);
        const after = r.vitals;
        return (
          after.value >= v.value &&
          after.taint.hearts <= v.taint.hearts &&
          after.value + after.temp <= hpMax(after) &&
          r.taintRemoved + r.applied === points
        );
      }),
    );
  });
});

describe("worked examples", () => {
  it("EX-DRN-1: ♥ taint 2 takes a Sleep's S; the next Sleep's CS heals 3", () => {
    const v = vitals(6, 2, { taint: { ...zeroPerSuit(), hearts: 2 } });
    const first = sleep(v, noChips, "S");
    expect(first.vitals.taint.hearts).toBe(0);
    expect(first.vitals.value).toBe(2);
    const second = sleep(first.vitals, noChips, "CS");
    expect(second.vitals.value).toBe(5);
  });

  it("EX-DRN-2: ♣5 (Strength 4) with tainted ♣ drain 2 needs four Sleeps to clear", () => {
    let v = addDrain(vitals(6), "clubs", 2, true);
    const cards = (d: number) => ({
      primary: { clubs: 5, spades: 5, diamonds: 5, hearts: 6 },
      secondary: { clubs: 4, spades: 5, diamonds: 5, hearts: 6 },
      drain: { clubs: d },
    });
    expect(eff(cards(v.drain.clubs), "clubs")).toBe(3);
    expect(eff2(cards(v.drain.clubs), "clubs")).toBe(2);
    expect(v.taint.clubs).toBe(2);
    v = sleep(v, noChips, "CF").vitals;
    expect(v.taint.clubs).toBe(1);
    expect(v.drain.clubs).toBe(2);
    let sleeps = 1;
    while (v.drain.clubs > 0 || v.taint.clubs > 0) {
      v = sleep(v, noChips, "CF").vitals;
      sleeps++;
    }
    expect(sleeps).toBe(4);
    expect(eff(cards(v.drain.clubs), "clubs")).toBe(5);
  });

  it("a Sleep recovers one point on every suit with drain or taint", () => {
    const v = vitals(6, 6, {
      drain: { clubs: 1, spades: 2, diamonds: 0, hearts: 1 },
      taint: { ...zeroPerSuit(), diamonds: 1 },
    });
    const after = sleep(v, noChips, "CF").vitals;
    expect(SUITS.map((s) => after.drain[s])).toEqual([0, 1, 0, 0]);
    expect(after.taint.diamonds).toBe(0);
  });
});
