import { describe, expect, it } from "vitest";
import type { Requester } from "../../../src/rules/round/authority";
import { dispatch } from "../../../src/rules/round/dispatch";
import type { CombatSnapshot } from "../../../src/rules/round/request-step";
import type { LogEntry } from "../../../src/rules/round/dispatch-words";
import { reactiveDefenceOffered, stunRecoveryProblem } from "../../../src/rules/round/reactions";
import {
  combatSnapshot,
  COUNTDOWN,
  EX_CD_3,
  GM_REQUESTER as GM,
  scriptedDice,
  SPADES,
} from "../../support/combat";

/** CD-15 uses of dice outside a call: Soak (paid for the attack card) and Stun recovery (CD-17). */
const P1_OWNER: Requester = { isGM: false, owns: (id) => id === "P1" };

/** EX-CD-3 round 1 with the stances shown; `stunned` names the participants whose creature is Stunned. */
function started(settings = COUNTDOWN, stunned: string[] = []): CombatSnapshot {
  const dice = scriptedDice({ 6: EX_CD_3.dice.flat() });
  const facts = EX_CD_3.facts.map((f) =>
    stunned.includes(f.id) ? { ...f, conditions: ["stunned" as const] } : f,
  );
  const r0 = dispatch(
    combatSnapshot(settings, facts, dice, { byIndex: false }),
    { kind: "nextRound", combatId: "x" },
    GM,
    dice,
  );
  if (!r0.ok) throw new Error(r0.code);
  const r1 = dispatch(r0.snapshot, { kind: "forceReveal", combatId: "x" }, GM, dice);
  if (!r1.ok) throw new Error(r1.code);
  return r1.snapshot;
}

const hand = (s: CombatSnapshot, id: string) =>
  s.state.countdown!.participants.find((p) => p.id === id)!.hand;
const participant = (s: CombatSnapshot, id: string) =>
  s.state.countdown!.participants.find((p) => p.id === id)!;

describe("CD-15 Reactive defence on the GM's client", () => {
  it("discards the highest usable die (P1 holds 6,5,2,2,1,1); refused while Defenseless, to a player, in Spades mode", () => {
    const s = started();
    const request = {
      kind: "reactiveDefence",
      combatId: "x",
      combatantId: "P1",
      defenseless: false,
    } as const;
    expect(reactiveDefenceOffered(s.state, "P1", false)).toBe(true);
    const r = dispatch(s, request, GM, scriptedDice());
    expect(r.ok && hand(r.snapshot, "P1")).toEqual([5, 2, 2, 1, 1]);
    expect(r.ok && r.log[0]).toEqual({ key: "ReactiveDefence", data: { id: "P1" } });
    expect(reactiveDefenceOffered(s.state, "P1", true)).toBe(false);
    expect(dispatch(s, { ...request, defenseless: true }, GM, scriptedDice())).toEqual({
      ok: false,
      code: "countdown.defenseless",
    });
    expect(dispatch(s, request, P1_OWNER, scriptedDice())).toMatchObject({ ok: false });
    expect(reactiveDefenceOffered(started(SPADES).state, "P1", false)).toBe(false);
  });
});

describe("CD-15 Soak payment on the GM's client", () => {
  it("a discarded 1, or the lowest usable die burned to a 1 (P1 holds 6,5,2,2,1,1)", () => {
    const s = started();
    const one = dispatch(
      s,
      { kind: "soak", combatId: "x", combatantId: "P1", payment: "one" },
      GM,
      scriptedDice(),
    );
    expect(one.ok && hand(one.snapshot, "P1")).toEqual([6, 5, 2, 2, 1]);
    expect(one.ok && one.log[0]).toEqual({ key: "Soaked", data: { id: "P1" } });
    const burn = dispatch(
      s,
      { kind: "soak", combatId: "x", combatantId: "P1", payment: "burn" },
      GM,
      scriptedDice(),
    );
    expect(burn.ok && hand(burn.snapshot, "P1")).toEqual([6, 5, 2, 1, 1, 1]);
  });

  it("refused without the die to pay, outside countdown mode, and to any player (the attack card's GM step asks)", () => {
    const s = started();
    // P3 holds 6,5,4,3: no 1 to discard.
    expect(
      dispatch(s, { kind: "soak", combatId: "x", combatantId: "P3", payment: "one" }, GM, scriptedDice()),
    ).toEqual({ ok: false, code: "countdown.noOneInHand" });
    expect(
      dispatch(
        started(SPADES),
        { kind: "soak", combatId: "x", combatantId: "P1", payment: "one" },
        GM,
        scriptedDice(),
      ),
    ).toEqual({ ok: false, code: "notCountdownMode" });
    expect(
      dispatch(
        s,
        { kind: "soak", combatId: "x", combatantId: "P1", payment: "one" },
        P1_OWNER,
        scriptedDice(),
      ),
    ).toEqual({ ok: false, code: "gmOnly" });
  });
});

describe("CD-15, CD-17 Stun recovery", () => {
  it("its owner spends a 1; a saved roll ends Stunned in the countdown, a failed one leaves it", () => {
    const s = started(COUNTDOWN, ["P1"]);
    expect(participant(s, "P1").stunned).toBe(true);
    const log: LogEntry[] = [];
    const saved = dispatch(
      s,
      { kind: "recoverStun", combatId: "x", combatantId: "P1", saved: true },
      P1_OWNER,
      scriptedDice(),
    );
    if (!saved.ok) throw new Error(saved.code);
    log.push(...saved.log);
    expect(participant(saved.snapshot, "P1")).toMatchObject({ stunned: false, hand: [6, 5, 2, 2, 1] });
    expect(log).toEqual([{ key: "StunRecovered", data: { id: "P1" } }]);
    const failed = dispatch(
      s,
      { kind: "recoverStun", combatId: "x", combatantId: "P1", saved: false },
      P1_OWNER,
      scriptedDice(),
    );
    expect(failed.ok && participant(failed.snapshot, "P1")).toMatchObject({
      stunned: true,
      hand: [6, 5, 2, 2, 1],
    });
    expect(failed.ok && failed.log).toEqual([{ key: "StunRemains", data: { id: "P1" } }]);
  });

  it("a creature stunned since the round began is marked Stunned first (CD-17 losses), then recovers", () => {
    const s = started();
    const stunnedNow = {
      ...s,
      facts: s.facts.map((f) => (f.id === "P1" ? { ...f, conditions: ["stunned" as const] } : f)),
    };
    expect(participant(stunnedNow, "P1").stunned).toBe(false);
    const r = dispatch(
      stunnedNow,
      { kind: "recoverStun", combatId: "x", combatantId: "P1", saved: false },
      GM,
      scriptedDice(),
    );
    expect(r.ok && participant(r.snapshot, "P1")).toMatchObject({
      stunned: true,
      held: null,
      pool: null,
      hand: [6, 5, 2, 2, 1],
    });
  });

  it("refused: not Stunned, no 1 in hand, another's combatant, unrolled, Spades mode", () => {
    const s = started(COUNTDOWN, ["P1", "P3"]);
    const ask = (id: string, who: Requester = GM, rolled: { saved?: boolean } = { saved: true }) =>
      dispatch(s, { kind: "recoverStun", combatId: "x", combatantId: id, ...rolled }, who, scriptedDice());
    expect(ask("P2")).toEqual({ ok: false, code: "notStunned" });
    expect(ask("P3")).toEqual({ ok: false, code: "countdown.noOneInHand" });
    expect(ask("P3", P1_OWNER)).toEqual({ ok: false, code: "notOwner" });
    expect(ask("P1", P1_OWNER, {})).toEqual({ ok: false, code: "stunUnrolled" });
    const spades = started(SPADES, ["P1"]);
    expect(stunRecoveryProblem(spades.state, spades.facts[0], "P1")).toBe("notCountdownMode");
    // The pure check the GM's client makes before rolling any save agrees with dispatch.
    expect(
      stunRecoveryProblem(
        s.state,
        s.facts.find((f) => f.id === "P1"),
        "P1",
      ),
    ).toBeNull();
  });
});
