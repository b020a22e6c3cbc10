import { describe, expect, it } from "vitest";
import {
  advanceAttack,
  createAttackState,
  currentTotals,
  mayAct,
  reactionFollowUp,
  reactionProblem,
  type AttackState,
} from "../../../src/rules/attack/index";
import { attackCardView } from "../../../src/views/attack-card/card-view";
import { diceFor } from "../../../src/dice/attack-card";
import {
  attackScenes,
  attackSetup,
  ATTACKER_VIEW,
  DEFENDER_VIEW,
  GM_VIEW,
  runAttack,
} from "../../templates/attack-fixtures";

/**
 * GW-4 on the attack card: the defender's owner declares a Dodge (♠) or Block (♣) at AT-5 step 1,
 * before its domino is revealed and any total shown; the test is rolled then and its S +2 / CS +5
 * counts when the totals are computed; one per attack, only with Grit, outside its own turn; Slip or
 * Parry is offered when defence − attack ≥ 5, never against missiles, Parry never against reach weapons.
 */

const scenes = attackScenes();
/** The defensive pips its domino shows once revealed (2, as the setup's ♠8 (+2)). */
const reveal = { defense: 2, defenseless: false };
/** ♣8 (+2) attacks ♠8 (+2): 10 against 10 (a hit) before any reaction; the card opens at step 1. */
const window = (over: Parameters<typeof attackSetup>[0] = {}) =>
  createAttackState(
    attackSetup({
      attacker: { side: { card: 8, offense: 2 } },
      ...over,
      defender: { grit: 2, clubs: 8, ...over.defender },
    }),
  );
const windows = [
  { kind: "commitAttacker", chips: 0, boon: false },
  { kind: "commitDefender", chips: 0, boon: false },
] as const;
/** The same attack in countdown, with a CD-15 reactive defence also offered at step 1. */
const reactiveToo = (over: Parameters<typeof attackSetup>[0] = {}) =>
  createAttackState(
    attackSetup({
      attacker: { side: { card: 8, offense: 2 } },
      ...over,
      defender: { grit: 2, clubs: 8, ...over.defender },
      settings: { countdown: true },
    }),
    { reactiveDefence: true },
  );
const react = (state: AttackState, reaction: "dodge" | "block", roll: number) =>
  runAttack(state, { kind: "react", reaction, roll, reveal }, ...windows);

describe("GW-4: Dodge and Block", () => {
  it("a Dodge is a ♠ test: S adds +2 to the defence against that attack", () => {
    expect(window().step).toBe("react");
    const s = runAttack(window(), { kind: "react", reaction: "dodge", roll: 5, reveal });
    expect(s.step).toBe("attacker"); // the domino is revealed, the totals shown, the windows follow
    expect(s.reaction).toEqual({ kind: "dodge", suit: "spades", target: 8, roll: 5, dos: "S", bonus: 2 });
    expect(currentTotals(s)).toEqual({ attack: 10, defence: 12 });
  });

  it("the step ends with the reaction and the domino's pips come with it; without them it is refused", () => {
    expect(advanceAttack(window(), { kind: "react", reaction: "dodge", roll: 5 })).toEqual({
      ok: false,
      code: "badDice",
    });
    const shown = runAttack(window(), {
      kind: "react",
      reaction: "dodge",
      roll: 5,
      reveal: { defense: 4, defenseless: false },
    });
    expect(currentTotals(shown)).toEqual({ attack: 10, defence: 14 });
  });

  it("no reaction: the target declines, its domino is revealed and nothing is added", () => {
    const s = runAttack(window(), { kind: "reactiveDefence", take: false, reveal });
    expect(s).toMatchObject({ step: "attacker", reaction: null, reactiveDefence: null });
    expect(currentTotals(s)).toEqual({ attack: 10, defence: 10 });
  });

  it("a Block is a ♣ test: CS adds +5 and turns the hit into a miss", () => {
    const s = react(window(), "block", 2);
    expect(s.reaction).toMatchObject({ suit: "clubs", target: 8, dos: "CS", bonus: 5 });
    expect(s.result).toMatchObject({ attack: 10, defense: 15, hit: false });
    expect(s.step).toBe("done");
  });

  it("a failed test costs its Grit (paid before the roll) and adds nothing", () => {
    const s = react(window(), "dodge", 11);
    expect(s.reaction).toMatchObject({ dos: "F", bonus: 0 });
    expect(s.result).toMatchObject({ defense: 10, hit: true });
  });

  it("one reaction per attack; none without Grit or outside Grit and Wounds; Block needs the ♣ card", () => {
    // With a reactive defence still to answer, the step stays open after the Dodge.
    const once = runAttack(reactiveToo(), { kind: "react", reaction: "dodge", roll: 5 });
    expect(once.step).toBe("react");
    expect(advanceAttack(once, { kind: "react", reaction: "block", roll: 5, reveal })).toEqual({
      ok: false,
      code: "reactionUsed",
    });
    // No Grit, or no Grit and Wounds: no step 1 at all, straight to the attacker's window.
    expect(window({ defender: { grit: 0 } }).step).toBe("attacker");
    expect(window({ defender: { grit: null } }).step).toBe("attacker");
    expect(createAttackState(attackSetup()).step).toBe("attacker");
    expect(reactionProblem(window({ defender: { grit: 0 } }))).toBe("wrongStep");
    // Opened for a reactive defence, a creature without Grit still may not Dodge.
    expect(reactionProblem(window({ defender: { grit: 0 } }), "dodge")).toBe("wrongStep");
    expect(reactionProblem(reactiveToo({ defender: { grit: 0 } }), "dodge")).toBe("noGrit");
    expect(reactionProblem(reactiveToo({ defender: { grit: null } }), "dodge")).toBe("noGrit");
    expect(reactionProblem(window({ defender: { clubs: undefined } }), "block")).toBe("badReaction");
    expect(reactionProblem(window({ defender: { clubs: undefined } }), "dodge")).toBeNull();
    expect(advanceAttack(window(), { kind: "react", reaction: "dodge", roll: 0, reveal })).toEqual({
      ok: false,
      code: "badDice",
    });
  });

  it("outside its own turn only: attacked in its own turn, a creature is offered no Dodge or Block", () => {
    expect(window({ defender: { ownTurn: true } }).step).toBe("attacker");
    expect(reactionProblem(reactiveToo({ defender: { ownTurn: true } }), "dodge")).toBe("ownTurn");
    expect(reactionProblem(reactiveToo({ defender: { ownTurn: true } }), "block")).toBe("ownTurn");
  });

  it("a Defenseless target has no defence to add to: no step 1 for it", () => {
    expect(window({ defender: { side: { spades: 8, defense: 2, defenseless: true } } }).step).toBe(
      "attacker",
    );
  });

  it("AT-5 step 1: only before the totals, by the defender's owner or the GM", () => {
    const attackerWindow = runAttack(window(), { kind: "reactiveDefence", take: false, reveal });
    expect(attackerWindow.step).toBe("attacker");
    expect(advanceAttack(attackerWindow, { kind: "react", reaction: "dodge", roll: 3 })).toEqual({
      ok: false,
      code: "wrongStep",
    });
    const inDefenderWindow = runAttack(attackerWindow, windows[0]);
    expect(reactionProblem(inDefenderWindow, "dodge")).toBe("wrongStep");
    const decided = react(window(), "dodge", 11);
    expect(reactionProblem(decided)).toBe("wrongStep");
    expect(mayAct(window(), "react", DEFENDER_VIEW)).toEqual({ ok: true });
    expect(mayAct(window(), "react", GM_VIEW)).toEqual({ ok: true });
    expect(mayAct(window(), "react", ATTACKER_VIEW)).toEqual({ ok: false, code: "notDefender" });
  });
});

describe("GW-4 with a CD-15 reactive defence at the same step", () => {
  it("each is offered once; the step ends when both are made, and both count", () => {
    const taken = runAttack(reactiveToo(), { kind: "reactiveDefence", take: true });
    expect(taken).toMatchObject({ step: "react", reactiveDefence: "taken" });
    expect(advanceAttack(taken, { kind: "reactiveDefence", take: true, reveal })).toEqual({
      ok: false,
      code: "reactionUsed",
    });
    const both = runAttack(taken, { kind: "react", reaction: "dodge", roll: 5, reveal });
    expect(both.step).toBe("attacker");
    // 8 + 2 pips + 2 (reactive defence) + 2 (Dodge S) against 10.
    expect(currentTotals(both)).toEqual({ attack: 10, defence: 14 });
  });

  it("declining ends the step with what was made; an unanswered reactive defence reads as declined", () => {
    const dodged = runAttack(reactiveToo(), { kind: "react", reaction: "dodge", roll: 5 });
    const done = runAttack(dodged, { kind: "reactiveDefence", take: false, reveal });
    expect(done).toMatchObject({ step: "attacker", reactiveDefence: "declined" });
    expect(currentTotals(done)).toEqual({ attack: 10, defence: 12 });
  });
});

describe("GW-4: Slip and Parry", () => {
  it("Block CS: defence 15 against 10 offers a Parry; a Dodge S (12 against 10) offers nothing; Dodge CS a Slip", () => {
    expect(reactionFollowUp(react(window(), "block", 2))).toBe("parry");
    expect(reactionFollowUp(react(window(), "dodge", 5))).toBeNull();
    expect(reactionFollowUp(react(window(), "dodge", 2))).toBe("slip");
  });

  it("never against missiles; Parry not against a reach weapon, Slip still", () => {
    expect(
      reactionFollowUp(react(window({ declaration: { mode: "thrown", aim: null } }), "dodge", 2)),
    ).toBeNull();
    expect(reactionFollowUp(react(window({ declaration: { reach: 2 } }), "block", 2))).toBeNull();
    expect(reactionFollowUp(react(window({ declaration: { reach: 2 } }), "dodge", 2))).toBe("slip");
  });

  it("no reaction, no follow-up, however wide the miss", () => {
    const s = runAttack(
      window({ defender: { side: { spades: 13, defense: 5 } } }),
      { kind: "reactiveDefence", take: false, reveal: { defense: 5, defenseless: false } },
      ...windows,
    );
    expect(s.result?.hit).toBe(false);
    expect(reactionFollowUp(s)).toBeNull();
  });
});

describe("GW-4 on the card", () => {
  const labels = (s: AttackState, viewer: typeof GM_VIEW) =>
    attackCardView(s, viewer)
      .controls.filter((c) => c.kind === "react")
      .map((c) => c.value);

  it("offers Dodge and Block to the defender's owner and the GM at step 1, not to the attacker", () => {
    expect(labels(scenes.reactWindow, DEFENDER_VIEW)).toEqual(["dodge", "block"]);
    expect(labels(scenes.reactWindow, GM_VIEW)).toEqual(["dodge", "block"]);
    expect(labels(scenes.reactWindow, ATTACKER_VIEW)).toEqual([]);
    expect(labels(scenes.dodged, DEFENDER_VIEW)).toEqual([]);
    expect(attackCardView(scenes.reactWindow, null).controls).toEqual([]);
  });

  it("shows the reaction and the follow-up; the test is a T-1 roll", () => {
    const ctx = attackCardView(scenes.parried, null);
    expect(ctx.reaction).toEqual({
      reactionKey: "ZILCH.Attack.Reaction.block",
      suitKey: "ZILCH.Suit.clubs",
      roll: 2,
      target: 8,
      dosKey: "ZILCH.DoS.CS",
      bonus: 5,
    });
    expect(ctx.followUpKey).toBe("ZILCH.Attack.Reaction.parry");
    expect(attackCardView(scenes.dodged, null).followUpKey).toBeNull();
    expect(diceFor(scenes.reactWindow, "react")).toEqual(["1d12"]);
  });
});
