import { describe, expect, it } from "vitest";
import { resolveChallenge } from "../../../src/rules/round/challenge";
import type { TestDice } from "../../../src/rules/tests";

/** Test dice from a script: each entry is one test's d12 (and d8 after a 12). */
const scripted = (...tests: TestDice[]) => {
  const queue = [...tests];
  return async () => {
    const next = queue.shift();
    if (!next) throw new Error("script ran dry");
    return next;
  };
};

describe("CD-13 challenge: the ♠ contest with an immediate winner (T-8, T-9), holder initiating", () => {
  const holder = { target: 7, card: 7 };
  const acting = { target: 9, card: 9 };

  it("the side that alone succeeds wins", async () => {
    expect((await resolveChallenge(holder, acting, scripted({ d12: 5 }, { d12: 11 }))).holderWins).toBe(true);
    expect((await resolveChallenge(holder, acting, scripted({ d12: 10 }, { d12: 4 }))).holderWins).toBe(
      false,
    );
  });

  it("both succeeding, the lower roll wins; equal rolls go to the holder as initiator (EX-T-4)", async () => {
    expect((await resolveChallenge(holder, acting, scripted({ d12: 6 }, { d12: 3 }))).holderWins).toBe(false);
    expect((await resolveChallenge(holder, acting, scripted({ d12: 6 }, { d12: 6 }))).holderWins).toBe(true);
  });

  it("both failing re-roll, and every exchange is recorded (a 12 adds the d8)", async () => {
    const out = await resolveChallenge(
      holder,
      acting,
      scripted({ d12: 12, d8: 1 }, { d12: 11 }, { d12: 2 }, { d12: 8 }),
    );
    expect(out.exchanges).toEqual([
      { holder: 13, acting: 11, winner: "reroll" },
      { holder: 2, acting: 8, winner: "a" },
    ]);
    expect(out.holderWins).toBe(true);
  });

  it("stops a dice source that never gives a winner", async () => {
    await expect(resolveChallenge(holder, acting, async () => ({ d12: 11 }))).rejects.toThrow(/no winner/);
  });
});

describe("CD-13 challenge requests: the client's claim of who won is not accepted", () => {
  it("dispatch refuses a challenge whose contest the GM has not rolled, and a non-owner's challenge", async () => {
    const { dispatch } = await import("../../../src/rules/round/dispatch");
    const { createRound } = await import("../../../src/rules/round/round-start");
    const { scriptedDice } = await import("../../support/combat");
    const d = scriptedDice();
    const s = {
      state: createRound(
        { mode: "countdown", dominoSource: "deck", randomizer: "none", countdown: {} },
        false,
        d,
      ),
      combatants: [],
      facts: [],
      ballot: {},
    };
    const gm = { isGM: true, owns: () => true };
    expect(dispatch(s, { kind: "challenge", combatId: "x", combatantId: "h" }, gm, d)).toEqual({
      ok: false,
      code: "challengeUnrolled",
    });
    expect(
      dispatch(
        s,
        { kind: "challenge", combatId: "x", combatantId: "h", holderWins: true },
        { isGM: false, owns: () => false },
        d,
      ),
    ).toEqual({ ok: false, code: "notOwner" });
  });
});
