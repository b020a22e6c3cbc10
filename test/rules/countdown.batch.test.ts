/**
 * `playRound` works on drafts changed in place (known.ts) for the round budget. These tests pin
 * what that must not change: the round is the one single transitions give, the state handed in is never
 * touched, the call queue kept in place stays in CD-5 order, and a released draft copies again.
 */
import { describe, expect, it } from "vitest";
import {
  actWithHighest,
  advance,
  bestCallable,
  callOrder,
  choose,
  createCountdown,
  playRound,
  startRound,
  type CountdownEvent,
  type CountdownState,
  type ParticipantInit,
  type Policy,
} from "../../src/rules/countdown";
import { draft, release } from "../../src/rules/countdown/known";
import { appended } from "../../src/rules/countdown/state";
import type { RollDie } from "../../src/rules/vocabulary";
import { ok } from "../support/countdown";
import { seeded } from "../support/dice";

/** A started round of `n` participants with 0-8 dice each, ties in keys likely (few distinct values). */
function randomStart(roll: RollDie, n: number): CountdownState {
  const inits: ParticipantInit[] = Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    pc: roll(2) === 1,
    spades: roll(4),
    tiebreak: roll(3),
  }));
  const hands = Object.fromEntries(
    inits.map((p) => [p.id, Array.from({ length: roll(9) - 1 }, () => roll(6))]),
  );
  return ok(startRound(createCountdown(inits), hands));
}

/** The same round as `playRound` with `actWithHighest`, one immutable transition at a time. */
function stepByStep(
  start: CountdownState,
  roll: RollDie,
): { state: CountdownState; events: CountdownEvent[] } {
  const events: CountdownEvent[] = [];
  let s = start;
  while (s.phase !== "closed") {
    const called = advance(s, roll);
    if (!called.ok) throw new Error(called.error.code);
    events.push(...called.events);
    s = called.state;
    if (s.current === null) continue;
    const p = s.participants.find((q) => q.id === s.current)!;
    const chosen = choose(s, actWithHighest(s, p));
    if (!chosen.ok) throw new Error(chosen.error.code);
    events.push(...chosen.events);
    s = chosen.state;
  }
  return { state: s, events };
}

describe("playRound on drafts", () => {
  it("CD-5 to CD-12: gives the round single transitions give, and leaves the state handed in as it was", () => {
    const dealer = seeded(4711);
    for (let game = 0; game < 60; game++) {
      const start = randomStart(dealer, 2 + (game % 12));
      // Half the starts have their call queue built already, so the draft copies it rather than builds it.
      if (game % 2 === 0) bestCallable(start.participants);
      const before = structuredClone(start);
      const played = playRound(start, actWithHighest, seeded(game));
      const expected = stepByStep(start, seeded(game));
      expect(played.state).toEqual(expected.state);
      expect(played.events).toEqual(expected.events);
      expect(start).toEqual(before);
    }
  });

  it("CD-5: the call queue changed in place names the participant a full sort names, at every call", () => {
    const dealer = seeded(99);
    let checked = 0;
    for (let game = 0; game < 40; game++) {
      const start = randomStart(dealer, 3 + (game % 10));
      const policy: Policy = (state, called) => {
        // The called participant was the CD-5 best before its call; after it, the queue must still agree.
        expect(bestCallable(state.participants)?.id ?? null).toBe(callOrder(state.participants)[0] ?? null);
        checked++;
        return actWithHighest(state, called);
      };
      playRound(start, policy, seeded(game));
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("an illegal choice throws and still leaves the state handed in as it was", () => {
    const start = randomStart(seeded(5), 6);
    const before = structuredClone(start);
    expect(() => playRound(start, () => ({ kind: "hold" }), seeded(1))).toThrow(/illegal move/);
    expect(start).toEqual(before);
  });

  it("a draft grows in place until released, then copies like any array", () => {
    const calls = draft(["a"]);
    expect(appended(calls, "b")).toBe(calls);
    expect(calls).toEqual(["a", "b"]);
    release(calls);
    const grown = appended(calls, "c");
    expect(grown).not.toBe(calls);
    expect(calls).toEqual(["a", "b"]);
    expect(grown).toEqual(["a", "b", "c"]);
  });
});
