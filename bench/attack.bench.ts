/**
 * Benchmark: 10,000 attack resolutions (totals, hit, margin, colour) per repetition, timed with
 * performance.now(); prints the median. It checks the results, never the time.
 */
import { describe, expect, it } from "vitest";
import { resolveAttack, type AttackerSide, type DefenderSide } from "../src/rules/attack/resolution";
import { SHIELDS } from "../src/rules/vocabulary";

const ATTACKS = 10_000;
const REPETITIONS = 15;

/** Deterministic inputs (a linear congruential sequence), built once outside the timed part. */
function inputs(): { attacker: AttackerSide; defender: DefenderSide }[] {
  let s = 12345;
  const next = (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
  return Array.from({ length: ATTACKS }, () => ({
    attacker: {
      card: 1 + next(14),
      offense: next(13),
      chips: next(3),
      boon: next(4) === 0,
      modifier: next(5) - 2,
    },
    defender: {
      spades: 1 + next(14),
      defense: next(13),
      chips: next(3),
      shield: SHIELDS[next(SHIELDS.length)],
      guarded: next(4) === 0,
      cover: [0, 1, 2, 4][next(4)],
      defenseless: next(8) === 0,
    },
  }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

describe("bench: attack resolution", () => {
  it(`resolves ${ATTACKS} attacks; prints the median of ${REPETITIONS} repetitions`, () => {
    const cases = inputs();
    const times: number[] = [];
    let hits = 0;
    for (let r = 0; r < REPETITIONS; r++) {
      hits = 0;
      const start = performance.now();
      for (const c of cases) if (resolveAttack(c.attacker, c.defender).hit) hits++;
      times.push(performance.now() - start);
    }
    // The work was real: the hit count matches an independent count of AT-4 / AT-6.
    const expected = cases.filter((c) => {
      const r = resolveAttack(c.attacker, c.defender);
      return c.defender.defenseless || r.attack >= r.defense;
    }).length;
    expect(hits).toBe(expected);
    const ms = median(times);
    console.log(
      `attack.bench: ${ATTACKS} resolutions, median ${ms.toFixed(2)} ms over ${REPETITIONS} runs ` +
        `(${((ms * 1000) / ATTACKS).toFixed(3)} µs each)`,
    );
  });
});
