import { describe, expect, it } from "vitest";
import { dispatch } from "../../../src/rules/round/dispatch";
import type { CombatSnapshot } from "../../../src/rules/round/request-step";
import type { LogEntry } from "../../../src/rules/round/dispatch-words";
import { lacksMinorNow, type MarkedRound } from "../../../src/rules/round/margin";
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

/** OPT-1 "Lose an action", applied to the round through the GM's dispatch (the attack card asks for it). */

const lose = (id: string) => ({ kind: "loseAction", combatId: "x", combatantId: id }) as const;
const next = { kind: "nextCall", combatId: "x" } as const;
const marks = (s: CombatSnapshot) => (s.state as MarkedRound).noMinor ?? [];

const spadesRound = (dice = scriptedDice()): CombatSnapshot => revealedRound(SPADES, EX_INI_1, dice);

describe("OPT-1 Lose an action in countdown mode: Burn 1 (CD-14)", () => {
  it("the target's lowest usable die becomes a 1, and the others keep their dice", () => {
    const dice = scriptedDice({ 6: EX_CD_3.dice.flat() });
    let s = roundOne(COUNTDOWN, EX_CD_3.facts, dice);
    s = ok(dispatch(s, { kind: "forceReveal", combatId: "x" }, GM, dice));
    const log: LogEntry[] = [];
    s = ok(dispatch(s, lose("P1"), GM, dice), log);
    const hand = (id: string) => s.state.countdown!.participants.find((p) => p.id === id)!.hand;
    expect(hand("P1")).toEqual([6, 5, 2, 1, 1, 1]);
    expect(hand("P2")).toEqual([6, 4, 2, 1, 1]);
    expect(log[0]).toEqual({ key: "LostActionBurn", data: { id: "P1" } });
  });

  it("refuses a combatant who is not in the countdown", () => {
    const dice = scriptedDice({ 6: EX_CD_3.dice.flat() });
    const s = roundOne(COUNTDOWN, EX_CD_3.facts, dice);
    const r = dispatch(s, lose("nobody"), GM, dice);
    expect(r.ok).toBe(false);
  });
});

describe("OPT-1 Lose an action in Spades mode: no Minor action on the target's next turn", () => {
  it("hit before its turn, the target lacks its Minor action on this round's turn, and only then", () => {
    const dice = scriptedDice();
    let s = ok(dispatch(spadesRound(dice), next, GM, dice));
    expect(s.state.current).toBe("ana");
    const log: LogEntry[] = [];
    s = ok(dispatch(s, lose("bo"), GM, dice), log);
    expect(log).toEqual([{ key: "LostMinorAction", data: { id: "bo" } }]);
    expect(lacksMinorNow(s.state, "bo")).toBe(false);
    s = ok(dispatch(s, next, GM, dice));
    expect(s.state.current).toBe("bo");
    expect(lacksMinorNow(s.state, "bo")).toBe(true);
    s = ok(dispatch(s, next, GM, dice));
    expect(s.state.current).toBe("orc");
    expect(marks(s)).toEqual([]);
    expect(lacksMinorNow(s.state, "bo")).toBe(false);
  });

  it("hit during its own turn (a reaction), the loss waits for its next turn", () => {
    const dice = scriptedDice();
    let s = ok(dispatch(spadesRound(dice), next, GM, dice));
    s = ok(dispatch(s, lose("ana"), GM, dice));
    expect(lacksMinorNow(s.state, "ana")).toBe(false);
    s = ok(dispatch(s, next, GM, dice));
    expect(marks(s)).toEqual([{ id: "ana", armed: true }]);
  });

  it("a mark made after the target's turn carries into the next round", () => {
    const dice = scriptedDice();
    let s = spadesRound(dice);
    for (let i = 0; i < 3; i++) s = ok(dispatch(s, next, GM, dice));
    expect(s.state.current).toBe("orc");
    s = ok(dispatch(s, lose("ana"), GM, dice));
    s = ok(dispatch(s, { kind: "nextRound", combatId: "x" }, GM, dice));
    expect(marks(s)).toEqual([{ id: "ana", armed: true }]);
  });

  it("is the GM's to apply: even the target's owner is refused", () => {
    const dice = scriptedDice();
    const s = spadesRound(dice);
    expect(dispatch(s, lose("ana"), { isGM: false, owns: (id) => id === "ana" }, dice)).toEqual({
      ok: false,
      code: "gmOnly",
    });
  });

  it("refuses an unknown combatant", () => {
    const dice = scriptedDice();
    expect(dispatch(spadesRound(dice), lose("nobody"), GM, dice)).toEqual({
      ok: false,
      code: "unknownCombatant",
    });
  });
});
