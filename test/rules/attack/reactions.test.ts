import { describe, expect, it } from "vitest";
import {
  advanceAttack,
  createAttackState,
  currentTotals,
  mayAct,
  reactionFollowUp,
  reactionProblem,
  type AttackState,
} from "../../../src/rules/attack/state";
import { attackCardView } from "../../../src/rules/attack/card";
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
 * GW-4 on the attack card: the defender's owner declares a Dodge (♠) or Block (♣) in its window,
 * before the hit is decided; S adds +2 defence, CS +5; one per attack, only with Grit; Slip or Parry
 * is offered when defence − attack ≥ 5, never against missiles, Parry never against reach weapons.
 */

const scenes = attackScenes();
/** ♣8 (+2) attacks ♠8 (+2): 10 against 10 (a hit) before any reaction. */
const window = (over: Parameters<typeof attackSetup>[0] = {}) =>
  runAttack(
    createAttackState(
      attackSetup({
        attacker: { side: { card: 8, offense: 2 } },
        ...over,
        defender: { grit: 2, clubs: 8, ...over.defender },
      }),
    ),
    { kind: "commitAttacker", chips: 0, boon: false },
  );
const react = (state: AttackState, reaction: "dodge" | "block", roll: number) =>
  runAttack(state, { kind: "react", reaction, roll }, { kind: "commitDefender", chips: 0, boon: false });

describe("GW-4: Dodge and Block", () => {
  it("a Dodge is a ♠ test: S adds +2 to the defence against that attack", () => {
    const s = runAttack(window(), { kind: "react", reaction: "dodge", roll: 5 });
    expect(s.step).toBe("defender"); // the window stays open for chips and Boon
    expect(s.reaction).toEqual({ kind: "dodge", suit: "spades", target: 8, roll: 5, dos: "S", bonus: 2 });
    expect(currentTotals(s)).toEqual({ attack: 10, defence: 12 });
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
    const once = runAttack(window(), { kind: "react", reaction: "dodge", roll: 5 });
    expect(advanceAttack(once, { kind: "react", reaction: "block", roll: 5 })).toEqual({
      ok: false,
      code: "reactionUsed",
    });
    expect(reactionProblem(window({ defender: { grit: 0 } }))).toBe("noGrit");
    expect(reactionProblem(window({ defender: { grit: null } }))).toBe("noGrit");
    expect(
      reactionProblem(
        runAttack(createAttackState(attackSetup()), { kind: "commitAttacker", chips: 0, boon: false }),
      ),
    ).toBe("noGrit");
    expect(reactionProblem(window({ defender: { clubs: undefined } }), "block")).toBe("badReaction");
    expect(reactionProblem(window({ defender: { clubs: undefined } }), "dodge")).toBeNull();
    expect(advanceAttack(window(), { kind: "react", reaction: "dodge", roll: 0 })).toEqual({
      ok: false,
      code: "badDice",
    });
  });

  it("AT-5 step 1: only in the defender's window, by the defender's owner or the GM", () => {
    const attackerWindow = createAttackState(attackSetup({ defender: { grit: 2 } }));
    expect(advanceAttack(attackerWindow, { kind: "react", reaction: "dodge", roll: 3 })).toEqual({
      ok: false,
      code: "wrongStep",
    });
    const decided = react(window(), "dodge", 11);
    expect(reactionProblem(decided)).toBe("wrongStep");
    expect(mayAct(window(), "react", DEFENDER_VIEW)).toEqual({ ok: true });
    expect(mayAct(window(), "react", GM_VIEW)).toEqual({ ok: true });
    expect(mayAct(window(), "react", ATTACKER_VIEW)).toEqual({ ok: false, code: "notDefender" });
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
    const s = runAttack(window({ defender: { side: { spades: 13, defense: 5 } } }), {
      kind: "commitDefender",
      chips: 0,
      boon: false,
    });
    expect(s.result?.hit).toBe(false);
    expect(reactionFollowUp(s)).toBeNull();
  });
});

describe("GW-4 on the card", () => {
  const labels = (s: AttackState, viewer: typeof GM_VIEW) =>
    attackCardView(s, viewer)
      .controls.filter((c) => c.kind === "react")
      .map((c) => c.value);

  it("offers Dodge and Block to the defender's owner and the GM in its window, not to the attacker", () => {
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
