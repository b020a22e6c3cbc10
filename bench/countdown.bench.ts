/**
 * Benchmark of the action-dice countdown (RULES.md §18): one full round for 200 participants with 8
 * dice each, and the next call (CD-5) among 200 participants. Timed with performance.now() over
 * repetitions; prints medians and the share of the 5 ms target. It checks the results, never the time.
 */
import { loadavg } from "node:os";
import { beforeAll, describe, expect, it } from "vitest";
import type * as Source from "../src/rules/countdown";
import type { CountdownState } from "../src/rules/countdown";
import type { RollDie } from "../src/rules/vocabulary";
import { importBundled } from "./bundled";

/** The countdown functions the benchmark calls, from the bundle (see bundled.ts). */
type Countdown = Pick<
  typeof Source,
  "actWithHighest" | "advance" | "bestCallable" | "createCountdown" | "playRound" | "startRound"
>;
const NAMES = ["actWithHighest", "advance", "bestCallable", "createCountdown", "playRound", "startRound"];

function isCountdown(m: unknown): m is Countdown {
  return (
    typeof m === "object" &&
    m !== null &&
    NAMES.every((name) => typeof (m as Record<string, unknown>)[name] === "function")
  );
}

let countdown: Countdown;

const PARTICIPANTS = 200;
const DICE = 8;
const ROUND_REPETITIONS = 31;
/** Untimed rounds first, so the medians measure compiled code rather than the JIT warming up. */
const WARM_UP_ROUNDS = 10;
const CALL_REPETITIONS = 2000;
/**
 * Budget: a countdown round of 200 participants × 8 dice, far above any real table, stays under 5 ms so
 * resolving a round never stalls the GM's client (printed, never asserted: machines differ).
 */
const ROUND_BUDGET_MS = 5;

/** A deterministic die source (linear congruential), so every repetition plays the same round. */
function lcg(seed: number): RollDie {
  let s = seed;
  return (faces: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return 1 + (s % faces);
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A started round: 200 participants, a third of them PCs, 8 dice each. Built outside the timed part. */
function started(): CountdownState {
  const roll = lcg(2024);
  const inits = Array.from({ length: PARTICIPANTS }, (_, i) => ({
    id: `p${i}`,
    pc: i % 3 === 0,
    spades: roll(15),
    tiebreak: roll(1000),
  }));
  const hands = Object.fromEntries(inits.map((p) => [p.id, Array.from({ length: DICE }, () => roll(6))]));
  const { startRound, createCountdown } = countdown;
  const step = startRound(createCountdown(inits), hands);
  if (!step.ok) throw new Error(step.error.code);
  return step.state;
}

describe("bench: countdown", () => {
  beforeAll(async () => {
    const bundle = await importBundled("src/rules/countdown/index.ts");
    if (!isCountdown(bundle)) throw new Error("the countdown bundle lacks the functions the benchmark calls");
    countdown = bundle;
  }, 120_000);

  it(`plays one full round for ${PARTICIPANTS} participants with ${DICE} dice each`, () => {
    const { playRound, actWithHighest } = countdown;
    const start = started();
    const usable = start.participants.reduce((n, p) => n + p.hand.filter((d) => d > 1).length, 0);
    const times: number[] = [];
    let calls = 0;
    for (let r = 0; r < WARM_UP_ROUNDS; r++) playRound(start, actWithHighest, lcg(100 + r));
    // CPU time of the process beside wall time: on a shared machine the wall clock also counts the time
    // other processes hold the cores, the CPU time mostly not.
    const cpuBefore = process.cpuUsage();
    for (let r = 0; r < ROUND_REPETITIONS; r++) {
      const roll = lcg(r + 1);
      const t = performance.now();
      const played = playRound(start, actWithHighest, roll);
      times.push(performance.now() - t);
      // The work was real: the round Closed, every call was an Act, and no more calls than usable dice.
      expect(played.state.phase).toBe("closed");
      const acts = played.events.filter((e) => e.type === "acted").length;
      expect(acts).toBe(played.state.calls.length);
      expect(acts).toBeGreaterThan(0);
      expect(acts).toBeLessThanOrEqual(usable);
      calls = acts;
    }
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000 / ROUND_REPETITIONS;
    const ms = median(times);
    console.log(
      `countdown.bench: full round, ${PARTICIPANTS} participants x ${DICE} dice (${calls} calls in the last run), ` +
        `median ${ms.toFixed(2)} ms (fastest ${Math.min(...times).toFixed(2)} ms, CPU ${cpuMs.toFixed(2)} ms a round) ` +
        `over ${ROUND_REPETITIONS} runs; ` +
        `${(ms / ROUND_BUDGET_MS).toFixed(2)} of the ${ROUND_BUDGET_MS} ms target (${ms < ROUND_BUDGET_MS ? "within" : "OVER"}); ` +
        `load average ${loadavg()[0].toFixed(1)} (the machine is shared)`,
    );
  });

  it(`computes the next call among ${PARTICIPANTS} participants`, () => {
    const { advance, bestCallable } = countdown;
    const start = started();
    const roll = lcg(7);
    const pick: number[] = [];
    const step: number[] = [];
    let called = "";
    for (let r = 0; r < CALL_REPETITIONS; r++) {
      let t = performance.now();
      const best = bestCallable(start.participants);
      pick.push(performance.now() - t);
      t = performance.now();
      const next = advance(start, roll);
      step.push(performance.now() - t);
      if (!next.ok || best === null) throw new Error("no call");
      expect(next.state.current).toBe(best.id);
      called = best.id;
    }
    console.log(
      `countdown.bench: next call among ${PARTICIPANTS} (CD-5 key only; the call queue is built on the first run and reused) median ${(median(pick) * 1000).toFixed(1)} µs; ` +
        `advance() with the new state median ${(median(step) * 1000).toFixed(1)} µs over ${CALL_REPETITIONS} runs ` +
        `(called ${called})`,
    );
  });
});
