/**
 * Secrecy by indistinguishability (./secrecy-checks.ts): the same public history is played twice with
 * different secrets, and everything an observing player's client holds or was sent must be identical
 * at every step until the rules make the secret public. Spades: the dominoes not yet shown and the
 * others' declared stances. Countdown: a secret bid, a secret lowering spend, and the Closing die of a
 * round played to its Close with cdShowClosing off.
 */
import { describe, it } from "vitest";
import { bidSecrecy, closingSecrecy, loweringSecrecy, spadesSecrecy } from "./secrecy-checks";

describe("secrecy by indistinguishability", () => {
  for (const observer of ["alice", "bob"] as const)
    it(`Spades round: ${observer}'s client holds the same data whatever the dominoes and the others' stances`, () =>
      spadesSecrecy(observer));
});

describe("secrecy by indistinguishability: countdown", () => {
  it("bids: Alice's client holds the same data whatever Bob bids and whatever the GM's dice", bidSecrecy);
  it(
    "lowering the Closing die: Alice's client holds the same data whatever Bob spends and whatever the GM's dice",
    loweringSecrecy,
  );
  it(
    "CD-19: played to its Close on two different Closing dice, Alice's and Bob's clients hold the same data at every step",
    closingSecrecy,
  );
});
