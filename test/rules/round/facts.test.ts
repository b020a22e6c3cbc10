import { describe, expect, it } from "vitest";
import { boundFacts } from "../../../src/rules/round/facts";
import { facts } from "../../support/combat";

/** What the round reads from an owner-writable actor is bounded on the GM's client. */
describe("facts read from an actor its owner may write", () => {
  it("bounds ♠ values and Burn, and keeps only conditions the rules know, once each", () => {
    const forged = {
      ...facts("ana"),
      spades: 1e9,
      cunning: Number.NaN,
      burn: -4,
      conditions: ["stunned", "invincible", "stunned"] as never,
    };
    expect(boundFacts(forged)).toMatchObject({ spades: 40, cunning: 0, burn: 0, conditions: ["stunned"] });
  });

  it("leaves ordinary facts as they are", () => {
    const ordinary = { ...facts("bo"), spades: 9, cunning: 7, burn: 1, conditions: ["threatened" as const] };
    expect(boundFacts(ordinary)).toEqual(ordinary);
  });
});
