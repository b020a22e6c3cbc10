import { describe, expect, it } from "vitest";
import { dispatch } from "../../../src/rules/round/dispatch";
import type { CombatSnapshot } from "../../../src/rules/round/request-step";
import type { CombatRequest } from "../../../src/rules/round/authority";
import {
  applied,
  COUNTDOWN,
  EX_CD_3,
  EX_INI_1,
  GM_REQUESTER as GM,
  revealedRound,
  roundOne,
  scriptedDice,
  SPADES,
} from "../../support/combat";

/** The GM's dispatch refuses, with a named code and no change, what a round's state does not allow. */
const dice = scriptedDice();
const send = (s: CombatSnapshot, request: CombatRequest) => dispatch(s, request, GM, dice);
const refusal = (s: CombatSnapshot, request: CombatRequest) => {
  const r = send(s, request);
  return r.ok ? "applied" : r.code;
};

describe("ST-4: shifting a shown stance through the dispatch", () => {
  it("is refused while the stances are secret", () => {
    const s = roundOne(SPADES, EX_INI_1, dice);
    expect(refusal(s, { kind: "shiftStance", combatId: "x", combatantId: "ana", stance: "bold" })).toBe(
      "stancesSecret",
    );
  });

  it("moves one step along the order, and refuses a jump of two", () => {
    const s = revealedRound(SPADES, EX_INI_1, dice);
    const ana = s.combatants.find((c) => c.id === "ana")!;
    expect(ana.stance).not.toBeNull();
    const order = ["reckless", "bold", "cautious", "guarded"] as const;
    const at = order.indexOf(ana.stance!);
    const oneStep = order[at === 0 ? 1 : at - 1];
    const after = applied(
      send(s, { kind: "shiftStance", combatId: "x", combatantId: "ana", stance: oneStep }),
    );
    expect(after.combatants.find((c) => c.id === "ana")?.stance).toBe(oneStep);
    // The others keep theirs.
    expect(after.combatants.filter((c) => c.id !== "ana")).toEqual(
      s.combatants.filter((c) => c.id !== "ana"),
    );
    const twoSteps = order[at <= 1 ? at + 2 : at - 2];
    expect(refusal(s, { kind: "shiftStance", combatId: "x", combatantId: "ana", stance: twoSteps })).toBe(
      "shiftRefused",
    );
  });
});

describe("requests that do not fit the round's mode or phase", () => {
  it("a countdown call waits for the stances to be shown (ST-1)", () => {
    const cd = scriptedDice({ 6: EX_CD_3.dice.flat() });
    const s = roundOne(COUNTDOWN, EX_CD_3.facts, cd);
    const r = dispatch(s, { kind: "nextCall", combatId: "x" }, GM, cd);
    expect(r.ok ? "applied" : r.code).toBe("stancesSecret");
  });

  it("a Spades turn waits for the stances to be shown, and reveals no domino before (ST-1, CB-2)", () => {
    const s = roundOne(SPADES, EX_INI_1, dice);
    expect(refusal(s, { kind: "nextCall", combatId: "x" })).toBe("stancesSecret");
    const shown = revealedRound(SPADES, EX_INI_1, dice);
    const after = applied(send(shown, { kind: "nextCall", combatId: "x" }));
    expect(after.state.current).not.toBeNull();
  });

  it("a 1 is spent only in countdown mode (CD-15)", () => {
    const s = revealedRound(SPADES, EX_INI_1, dice);
    expect(refusal(s, { kind: "spendOne", combatId: "x", combatantId: "ana", use: "effort" })).toBe(
      "notCountdownMode",
    );
  });

  it("an unknown combatant cannot declare", () => {
    const s = roundOne(SPADES, EX_INI_1, dice);
    expect(refusal(s, { kind: "declareStance", combatId: "x", combatantId: "nobody", stance: "bold" })).toBe(
      "unknownCombatant",
    );
  });

  it("the attack card's damage changes nothing in the round", () => {
    const s = revealedRound(SPADES, EX_INI_1, dice);
    const r = send(s, { kind: "applyDamage", messageId: "m1" });
    expect(r.ok).toBe(false);
  });
});
