import { describe, expect, it } from "vitest";
import { dispatch } from "../../../src/rules/round/dispatch";
import type { CombatSnapshot } from "../../../src/rules/round/request-step";
import type { LogEntry } from "../../../src/rules/round/dispatch-words";
import { lacksMinorNow, lacksStandardNow, type MarkedRound } from "../../../src/rules/round/margin";
import {
  applied as ok,
  COUNTDOWN,
  EX_CD_3,
  EX_INI_1,
  GM_REQUESTER as GM,
  revealedRound,
  roundOne,
  scriptedDice,
  SPADES,
} from "../../support/combat";

/** OPT-2 Scary: a failed fear save loses the Standard action (Spades) or Burns 1 (countdown), through the GM's dispatch. */

const scared = (id: string, thisTurn = false) =>
  ({ kind: "loseAction", combatId: "x", combatantId: id, standard: true, thisTurn }) as const;
const next = { kind: "nextCall", combatId: "x" } as const;
const marks = (s: CombatSnapshot) => (s.state as MarkedRound).noMinor ?? [];

const spadesRound = (dice = scriptedDice()): CombatSnapshot => revealedRound(SPADES, EX_INI_1, dice);

describe("OPT-2 Scary in Spades mode: the Standard action is lost", () => {
  it("failed at the start of its own turn, the creature loses that turn's Standard action, and only that", () => {
    const dice = scriptedDice();
    let s = ok(dispatch(spadesRound(dice), next, GM, dice));
    expect(s.state.current).toBe("ana");
    const log: LogEntry[] = [];
    s = ok(dispatch(s, scared("ana", true), GM, dice), log);
    expect(log).toEqual([{ key: "LostStandardAction", data: { id: "ana" } }]);
    expect(lacksStandardNow(s.state, "ana")).toBe(true);
    expect(lacksMinorNow(s.state, "ana")).toBe(false);
    s = ok(dispatch(s, next, GM, dice));
    expect(marks(s)).toEqual([]);
    expect(lacksStandardNow(s.state, "ana")).toBe(false);
  });

  it("failed outside its turn (the GM's Fear save button), the loss waits for its next turn", () => {
    const dice = scriptedDice();
    let s = ok(dispatch(spadesRound(dice), next, GM, dice));
    s = ok(dispatch(s, scared("bo"), GM, dice));
    expect(lacksStandardNow(s.state, "bo")).toBe(false);
    s = ok(dispatch(s, next, GM, dice));
    expect(s.state.current).toBe("bo");
    expect(lacksStandardNow(s.state, "bo")).toBe(true);
  });

  it("keeps a Minor-action mark (OPT-1) beside a Standard-action mark on the same creature", () => {
    const dice = scriptedDice();
    let s = ok(dispatch(spadesRound(dice), next, GM, dice));
    s = ok(dispatch(s, { kind: "loseAction", combatId: "x", combatantId: "bo" }, GM, dice));
    s = ok(dispatch(s, scared("bo"), GM, dice));
    expect(marks(s)).toEqual([
      { id: "bo", armed: true },
      { id: "bo", armed: true, standard: true },
    ]);
    s = ok(dispatch(s, next, GM, dice));
    expect([lacksMinorNow(s.state, "bo"), lacksStandardNow(s.state, "bo")]).toEqual([true, true]);
  });

  it("a Standard-action mark made during the creature's turn, not at its start, is re-armed for the next turn", () => {
    const dice = scriptedDice();
    let s = ok(dispatch(spadesRound(dice), next, GM, dice));
    s = ok(dispatch(s, scared("ana"), GM, dice));
    s = ok(dispatch(s, next, GM, dice));
    expect(marks(s)).toEqual([{ id: "ana", armed: true, standard: true }]);
  });
});

describe("OPT-2 Scary in countdown mode: Burn 1 (CD-14)", () => {
  it("the lowest usable die becomes a 1", () => {
    const dice = scriptedDice({ 6: EX_CD_3.dice.flat() });
    let s = roundOne(COUNTDOWN, EX_CD_3.facts, dice);
    s = ok(dispatch(s, { kind: "forceReveal", combatId: "x" }, GM, dice));
    const log: LogEntry[] = [];
    s = ok(dispatch(s, scared("P1"), GM, dice), log);
    expect(s.state.countdown!.participants.find((p) => p.id === "P1")!.hand).toEqual([6, 5, 2, 1, 1, 1]);
    expect(log[0]).toEqual({ key: "LostActionBurn", data: { id: "P1" } });
  });
});
