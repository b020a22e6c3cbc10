/**
 * CD-11, CD-12, CD-18 (c), CD-19 and ARCHITECTURE.md §3: the lazily sampled Closing die behaves like one
 * uniform d6 rolled when Closing begins, and stored state never holds its value before it is reached.
 */
import { describe, expect, it } from "vitest";
import {
  actWithHighest,
  advance,
  choose,
  createCountdown,
  holdsSecret,
  knownClosing,
  lowerClosing,
  lowerClosingDie,
  meetsClosing,
  playRound,
  possibleClosingValues,
  revealClosing,
  setClosingValue,
  startRound,
  unseenClosing,
  type CountdownState,
  type ParticipantInit,
} from "../../src/rules/countdown";
import type { RollDie } from "../../src/rules/vocabulary";
import { ok } from "../support/countdown";
import { noRoll, seeded } from "../support/dice";

/** Pearson's chi-square statistic of counts against equal expectations. */
function chiSquare(counts: number[]): number {
  const n = counts.reduce((a, b) => a + b, 0);
  const e = n / counts.length;
  return counts.reduce((sum, c) => sum + (c - e) ** 2 / e, 0);
}

/** A random round: 2-5 participants with 0-5 dice each, one of them possibly surprised. */
function randomRound(roll: RollDie, options: { lowerClosing?: boolean } = {}): CountdownState {
  const n = 1 + roll(4);
  const inits: ParticipantInit[] = Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    pc: roll(2) === 1,
    spades: roll(12),
    tiebreak: roll(100),
  }));
  const hands = Object.fromEntries(
    inits.map((p) => [p.id, Array.from({ length: roll(6) - 1 }, () => roll(6))] as [string, number[]]),
  );
  return ok(startRound(createCountdown(inits, options), hands));
}

/**
 * Plays many random rounds once with the lazy die, and exactly (each value 1-6 fixed, weight 1/6) with a
 * die rolled up front; returns Pearson's chi-square of the lazy counts of "calls in the round" against
 * the exact expectation, and a loose bound for it (roughly p = 0.0001).
 */
function agreement(
  play: (start: CountdownState, roll: RollDie, fixed?: number) => number,
  options: { lowerClosing?: boolean } = {},
): { chi: number; bound: number; lowered: number } {
  const hands = seeded(11);
  const draws = seeded(12);
  const expected = new Map<number, number>();
  const observed = new Map<number, number>();
  let lowered = 0;
  for (let i = 0; i < 3000; i++) {
    const start = randomRound(hands, options);
    const exact = [1, 2, 3, 4, 5, 6].map((v) => play(start, noRoll, v));
    for (const k of exact) expected.set(k, (expected.get(k) ?? 0) + 1 / 6);
    const k = play(start, draws);
    observed.set(k, (observed.get(k) ?? 0) + 1);
    if (start.options.lowerClosing && start.phase === "closing" && new Set(exact).size > 1) lowered++;
  }
  // Bins with a small expectation are pooled so the chi-square approximation holds.
  let chi = 0;
  let bins = 0;
  let restE = 0;
  let restO = 0;
  for (const [k, e] of expected) {
    const o = observed.get(k) ?? 0;
    if (e < 10) {
      restE += e;
      restO += o;
    } else {
      chi += (o - e) ** 2 / e;
      bins++;
    }
  }
  for (const [k, o] of observed) if (!expected.has(k)) restO += o;
  if (restE > 0 || restO > 0) {
    chi += (restO - restE) ** 2 / Math.max(restE, 1);
    bins++;
  }
  const df = Math.max(1, bins - 1);
  return { chi, bound: df + 6 * Math.sqrt(2 * df), lowered };
}

describe("the Closing die's weights", () => {
  it("CD-11: an unseen die allows 1-6; a known one only its value; out-of-range values are refused", () => {
    expect(possibleClosingValues(unseenClosing())).toEqual([1, 2, 3, 4, 5, 6]);
    expect(possibleClosingValues(knownClosing(4))).toEqual([4]);
    expect(() => knownClosing(0)).toThrow(RangeError);
    expect(() => knownClosing(2.5)).toThrow(RangeError);
  });

  it("CD-12: a comparison the weights already settle draws nothing", () => {
    expect(meetsClosing(unseenClosing(), 6, noRoll).meets).toBe(true);
    expect(meetsClosing(unseenClosing(), 0, noRoll).meets).toBe(false);
    expect(meetsClosing(knownClosing(3), 3, noRoll).meets).toBe(true);
    expect(meetsClosing(knownClosing(3), 2, noRoll).meets).toBe(false);
    expect(meetsClosing(unseenClosing(), 12, noRoll).meets).toBe(true);
  });

  it("CD-12: an open comparison draws from the weights and keeps the values consistent with its answer", () => {
    const yes = meetsClosing(unseenClosing(), 4, () => 4);
    expect(yes).toEqual({ closing: { weights: [1, 1, 1, 1, 0, 0], value: null }, meets: true });
    const no = meetsClosing(unseenClosing(), 4, () => 5);
    expect(no).toEqual({ closing: { weights: [0, 0, 0, 0, 1, 1], value: null }, meets: false });
  });

  it("CD-12: the reveal draws among the values still possible", () => {
    expect(revealClosing({ weights: [0, 0, 0, 0, 1, 1], value: null }, () => 2).value).toBe(6);
    expect(revealClosing({ weights: [0, 0, 1, 0, 0, 0], value: null }, noRoll).value).toBe(3);
    expect(revealClosing(knownClosing(2), noRoll).value).toBe(2);
    expect(() => revealClosing({ weights: [0, 1, 1, 0, 0, 0], value: null }, () => 3)).toThrow(RangeError);
  });

  it("CD-18 (c): lowering moves weight down, piling at 1", () => {
    expect(lowerClosingDie({ weights: [0, 0, 0, 1, 1, 1], value: null }, 2).weights).toEqual([
      0, 1, 1, 1, 0, 0,
    ]);
    expect(lowerClosingDie({ weights: [0, 0, 1, 1, 1, 0], value: null }, 5).weights).toEqual([
      3, 0, 0, 0, 0, 0,
    ]);
    expect(lowerClosingDie(knownClosing(2), 3).value).toBe(1);
  });
});

describe("the lazy Closing die is a fair d6", () => {
  it("CD-11: over many rounds the revealed Closing die is uniform on 1-6", () => {
    const roll = seeded(20240611);
    const counts = [0, 0, 0, 0, 0, 0];
    let rounds = 0;
    while (rounds < 6000) {
      const played = playRound(randomRound(roll), actWithHighest, roll);
      // CD-19: the world hides the die, so the Closed round's value is in its event, not its state.
      const closed = played.events.find((e) => e.type === "closed");
      const value = closed?.type === "closed" ? closed.closingValue : null;
      if (value === null) continue;
      counts[value - 1]++;
      rounds++;
    }
    // 5 degrees of freedom: 25 is far beyond p = 0.001 (20.5), a loose bound for a fixed seed.
    expect(chiSquare(counts)).toBeLessThan(25);
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(120);
  });

  it("CD-12: EX-CD-3's hands: the 2s are called exactly when the die shows 1 or 2, one time in three", () => {
    const roll = seeded(7);
    const inits = ["P1", "P2", "P3", "P4", "M1", "M2", "M3", "M4"].map((id, i) => ({
      id,
      pc: id.startsWith("P"),
      spades: 10 - i,
    }));
    const hands = {
      P1: [6, 5, 2, 2, 1, 1],
      P2: [6, 4, 2, 1, 1],
      P3: [6, 5, 4, 3],
      P4: [5, 3, 2, 1],
      M1: [6, 4, 2, 1],
      M2: [5, 2, 1],
      M3: [4, 2, 2],
      M4: [3, 1, 1],
    };
    const start = ok(startRound(createCountdown(inits), hands));
    let long = 0;
    const n = 6000;
    for (let i = 0; i < n; i++) {
      const calls = playRound(start, actWithHighest, roll).state.calls.length;
      expect([15, 23]).toContain(calls);
      if (calls === 23) long++;
    }
    expect(Math.abs(long / n - 1 / 3)).toBeLessThan(0.025);
  });

  it("CD-12: lazy sampling gives the calls a die rolled up front gives", () => {
    const check = agreement(
      (start, roll, fixed) => playRound(start, actWithHighest, roll, fixed).state.calls.length,
    );
    expect(check.chi).toBeLessThan(check.bound);
  });

  it("CD-18 (c): with lowering, lazy sampling still gives the calls a die rolled up front gives", () => {
    // Every time the die would be reached, each participant holding a 1 spends it to lower the die.
    const play = (start: CountdownState, roll: RollDie, fixed?: number): number => {
      let s = start;
      while (s.phase !== "closed") {
        if (fixed !== undefined && s.phase === "closing" && s.closing?.value === null) {
          s = ok(setClosingValue(s, fixed));
        }
        if (s.lowering) {
          const spenders = s.participants.filter((p) => p.active && p.hand.includes(1));
          s = ok(lowerClosing(s, Object.fromEntries(spenders.map((p) => [p.id, 1])), roll));
          continue;
        }
        s = ok(advance(s, roll));
        if (s.current !== null) s = ok(choose(s, { kind: "act" }));
      }
      return s.calls.length;
    };
    const check = agreement(play, { lowerClosing: true });
    expect(check.lowered).toBeGreaterThan(100);
    expect(check.chi).toBeLessThan(check.bound);
  });
});

describe("the Closing die stays secret (ARCHITECTURE.md §3)", () => {
  it("CD-19: stored state never holds the value before it is reached, and never less than two candidates", () => {
    const roll = seeded(4242);
    for (let i = 0; i < 2000; i++) {
      let s = randomRound(roll);
      while (s.phase !== "closed") {
        if (s.phase === "closing") {
          expect(s.closing?.value).toBeNull();
          expect(holdsSecret(s)).toBe(false);
          expect(possibleClosingValues(s.closing!).length).toBeGreaterThanOrEqual(2);
          expect(JSON.stringify(s)).not.toMatch(/"value":\d/);
        }
        s = ok(advance(s, roll));
        if (s.current !== null) s = ok(choose(s, { kind: "act" }));
      }
    }
  });

  it("CD-19 cdShowClosing: the value is in state from the first call after Closing, by setting", () => {
    const roll = seeded(5);
    let s = ok(
      startRound(
        createCountdown(
          [
            { id: "A", pc: true },
            { id: "B", pc: false },
          ],
          { showClosing: true },
        ),
        {
          A: [6, 6, 6],
        },
      ),
    );
    expect(s.closing?.value).toBeNull();
    s = ok(advance(s, roll));
    expect(s.closing?.value).not.toBeNull();
    expect(holdsSecret(s)).toBe(false);
  });
});
