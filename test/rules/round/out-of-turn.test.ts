import { describe, expect, it } from "vitest";
import {
  afterAttack,
  afterEarned,
  countedOutOfTurn,
  MAX_OUT_OF_TURN,
  outOfTurnProblem,
  tallyOf,
  type OutOfTurnInput,
} from "../../../src/rules/round/out-of-turn";

const base: OutOfTurnInput = {
  stancesShown: true,
  inTurn: false,
  opportunity: false,
  byGM: false,
  readied: false,
  tally: { round: 1, made: 0, earned: 0 },
};

describe("ST-1, AC-1, AC-3, GW-4: attacks outside the attacker's turn", () => {
  it("ST-1: nobody attacks while the stances are secret, in turn, by the GM or as an opportunity", () => {
    for (const who of [{}, { inTurn: true }, { byGM: true }, { opportunity: true }])
      expect(outOfTurnProblem({ ...base, stancesShown: false, ...who })).toBe("stancesHidden");
  });

  it("AC-1: in its own turn an attack is the turn's to judge; outside it a player's is refused", () => {
    expect(outOfTurnProblem({ ...base, inTurn: true })).toBeNull();
    expect(outOfTurnProblem(base)).toBe("notYourTurn");
  });

  it("GW-4: an opportunity attack (its offer counts it) and the GM's ruling are taken", () => {
    expect(outOfTurnProblem({ ...base, opportunity: true })).toBeNull();
    expect(outOfTurnProblem({ ...base, byGM: true, tally: { round: 1, made: 9, earned: 0 } })).toBeNull();
  });

  it("AC-3: a Ready gives one attack; GW-4: each Slip or Parry earned one more", () => {
    expect(outOfTurnProblem({ ...base, readied: true })).toBeNull();
    expect(outOfTurnProblem({ ...base, readied: true, tally: afterAttack(base.tally) })).toBe("notYourTurn");
    const earned = afterEarned(afterEarned(base.tally));
    expect(outOfTurnProblem({ ...base, tally: afterAttack(earned) })).toBeNull();
    expect(outOfTurnProblem({ ...base, tally: afterAttack(afterAttack(earned)) })).toBe("notYourTurn");
  });

  it("counts attacks outside the turn, not opportunity attacks nor attacks in the turn", () => {
    expect(countedOutOfTurn({ inTurn: false, opportunity: false })).toBe(true);
    expect(countedOutOfTurn({ inTurn: true, opportunity: false })).toBe(false);
    expect(countedOutOfTurn({ inTurn: false, opportunity: true })).toBe(false);
  });

  it("a stored tally of another round, a malformed one or a huge count is read bounded", () => {
    expect(tallyOf({ round: 1, made: 2, earned: 1 }, 2)).toEqual({ round: 2, made: 0, earned: 0 });
    expect(tallyOf("x", 3)).toEqual({ round: 3, made: 0, earned: 0 });
    expect(tallyOf({ round: 3, made: 1e9, earned: -4 }, 3)).toEqual({
      round: 3,
      made: MAX_OUT_OF_TURN,
      earned: 0,
    });
    expect(tallyOf({ round: 3, made: 1.5, earned: "2" }, 3)).toEqual({ round: 3, made: 0, earned: 0 });
  });
});
