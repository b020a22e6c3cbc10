import { describe, expect, it } from "vitest";
import {
  allDeclared,
  allowedStances,
  declareStance,
  revealStances,
} from "../../../src/rules/round/stance-declaration";
import { countdownChoose, countdownNext } from "../../../src/rules/round/countdown-calls";
import { createRound, rollHands, startNextRound } from "../../../src/rules/round/round-start";
import { joinMidRound } from "../../../src/rules/round/joining";
import { nextSpadesTurn, reorder } from "../../../src/rules/round/spades-turns";
import { pipsOf, revealDominoOf } from "../../../src/rules/round/domino-reveal";
import type {
  CombatantFacts,
  CombatantRound,
  RoundSettings,
  RoundState,
  StanceBallot,
} from "../../../src/rules/round/state";
import { holdsSecret } from "../../../src/rules/countdown/visibility";
import {
  COUNTDOWN,
  enterCombatants,
  EX_CD_3,
  EX_INI_1,
  facts,
  scriptedDice,
  SPADES,
} from "../../support/combat";

function setup(
  settings: RoundSettings,
  all: readonly CombatantFacts[],
  surprise = false,
  aware: string[] = [],
) {
  const dice = scriptedDice();
  // INI-4 step 4 / CD-5 step 4: earlier index wins exact ties ("GM choice by index" in EX-CD-3).
  const stored = enterCombatants(settings, all, dice, { aware });
  return { state: createRound(settings, surprise, dice), stored };
}

function must<T>(r: { ok: true; value: T } | { ok: false; code: string }): T {
  if (!r.ok) throw new Error(`refused: ${r.code}`);
  return r.value;
}

describe("Spades round (CB-2, INI, ST-1, DOM-5)", () => {
  it("runs EX-INI-1 through two rounds: secret stances, forced reveal, turn-start reveals, INI-5 recompute", () => {
    const dice = scriptedDice();
    let { state, stored } = setup(SPADES, EX_INI_1);
    ({ state, combatants: stored } = startNextRound(state, EX_INI_1, stored) as {
      state: RoundState;
      combatants: CombatantRound[];
    });
    expect(state.round).toBe(1);
    expect(state.order).toEqual(["ana", "bo", "orc"]);
    expect(stored.every((c) => c.domino?.state === "faceDown")).toBe(true);

    let ballot: StanceBallot = {};
    ({ state, ballot } = must(declareStance(state, ballot, stored[0], EX_INI_1[0], "bold")));
    ({ state, ballot } = must(declareStance(state, ballot, stored[1], EX_INI_1[1], "cautious")));
    // ST-1: declarations are secret: the combat knows who declared, never what.
    expect(state.declared).toEqual(["ana", "bo"]);
    expect(JSON.stringify(state)).not.toMatch(/bold|cautious/);
    expect(stored.every((c) => c.stance === null)).toBe(true);
    expect(allDeclared(state, stored)).toBe(false);

    // The GM forces the reveal: the orc never chose and had no previous stance, so it is Cautious.
    ({ state, combatants: stored } = must(revealStances(state, ballot, stored, EX_INI_1)));
    expect(stored.map((c) => c.stance)).toEqual(["bold", "cautious", "cautious"]);

    // Turns in order; each domino is revealed at its owner's turn start and not before.
    const t1 = must(nextSpadesTurn(state, stored, EX_INI_1, dice));
    expect(t1.state.current).toBe("ana");
    expect(t1.combatants[0].domino?.state).toBe("revealed");
    expect(t1.combatants[1].domino).toEqual({ state: "faceDown" });
    expect(t1.state.deck.remaining).toHaveLength(20);
    const pips = pipsOf(t1.combatants[0], EX_INI_1[0], "spades");
    expect(pips?.offense).toBe(t1.domino?.greater);
    const t2 = must(nextSpadesTurn(t1.state, t1.combatants, EX_INI_1, dice));
    const t3 = must(nextSpadesTurn(t2.state, t2.combatants, EX_INI_1, dice));
    expect([t2.state.current, t3.state.current]).toEqual(["bo", "orc"]);
    const over = must(nextSpadesTurn(t3.state, t3.combatants, EX_INI_1, dice));
    expect(over.state.current).toBeNull();
    // DOM-3: within one round no tile is revealed twice.
    const shown = over.combatants.map((c) =>
      c.domino?.state === "revealed" ? `${c.domino.domino.greater}|${c.domino.domino.lesser}` : "",
    );
    expect(new Set(shown).size).toBe(3);
    expect(over.state.deck.remaining).toHaveLength(18);

    // Round 2: Bo is Slowed (INI-2, INI-5); the deck is full again; unchosen stances keep last round's.
    const round2Facts = [EX_INI_1[0], { ...EX_INI_1[1], conditions: ["slowed" as const] }, EX_INI_1[2]];
    const r2 = startNextRound(over.state, round2Facts, over.combatants);
    expect(r2.state.order).toEqual(["ana", "orc", "bo"]);
    expect(r2.state.deck.remaining).toHaveLength(21);
    expect(r2.combatants.every((c) => c.domino?.state === "faceDown" && c.stance === null)).toBe(true);
    const forced = must(revealStances(r2.state, {}, r2.combatants, round2Facts));
    expect(forced.combatants.map((c) => c.stance)).toEqual(["bold", "cautious", "cautious"]);
  });

  it("refuses a stance ST-3 forbids and offers only the allowed ones", () => {
    const threatened = facts("t", { conditions: ["threatened"] });
    expect(allowedStances(threatened)).toEqual(["cautious", "guarded"]);
    expect(allowedStances(facts("s", { conditions: ["stunned"] }))).toEqual(["cautious"]);
    const { state, stored } = setup(SPADES, [threatened]);
    const r = startNextRound(state, [threatened], stored);
    const refused = declareStance(r.state, {}, r.combatants[0], threatened, "reckless");
    expect(refused).toEqual({ ok: false, code: "stanceNotAllowed" });
  });

  it("gives an Unconscious combatant no domino, no stance and no turn (CB-1, DOM-6)", () => {
    const all = [facts("a"), facts("down", { conditions: ["unconscious"] })];
    const { state, stored } = setup(SPADES, all);
    const r = startNextRound(state, all, stored);
    expect(r.combatants[1].domino).toBeNull();
    expect(allDeclared({ ...r.state, declared: ["a"] }, r.combatants)).toBe(true);
    expect(declareStance(r.state, {}, r.combatants[1], all[1], "bold")).toEqual({
      ok: false,
      code: "noDomino",
    });
    const t = must(nextSpadesTurn(r.state, r.combatants, all, scriptedDice()));
    const u = must(nextSpadesTurn(t.state, t.combatants, all, scriptedDice()));
    expect([t.state.current, u.state.current]).toEqual(["a", null]);
  });

  it("in a surprise round only aware combatants get dominoes and turns (CB-3); the next round is normal", () => {
    const all = [facts("scout", { spades: 5 }), facts("victim", { spades: 9 })];
    const { state, stored } = setup(SPADES, all, true, ["scout"]);
    const r1 = startNextRound(state, all, stored);
    expect(r1.state.surprise).toBe(true);
    expect(r1.combatants.map((c) => c.domino?.state ?? null)).toEqual(["faceDown", null]);
    const t = must(nextSpadesTurn(r1.state, r1.combatants, all, scriptedDice()));
    expect(t.state.current).toBe("scout");
    expect(must(nextSpadesTurn(t.state, t.combatants, all, scriptedDice())).state.current).toBeNull();
    const r2 = startNextRound(t.state, all, t.combatants);
    expect(r2.state.surprise).toBe(false);
    expect(r2.combatants.every((c) => c.domino?.state === "faceDown")).toBe(true);
  });

  it("INI-6: a joiner acts this round only if its place has not passed", () => {
    const dice = scriptedDice();
    let { state, stored } = setup(SPADES, EX_INI_1);
    ({ state, combatants: stored } = startNextRound(state, EX_INI_1, stored) as {
      state: RoundState;
      combatants: CombatantRound[];
    });
    const t = must(nextSpadesTurn(state, stored, EX_INI_1, dice)); // Ana's turn
    const fast = facts("fast", { spades: 12 });
    const slow = facts("slow", { spades: 2 });
    const j1 = joinMidRound(t.state, t.combatants, EX_INI_1, fast, dice);
    expect(j1.combatants.at(-1)).toMatchObject({
      id: "fast",
      turnTaken: true,
      domino: { state: "faceDown" },
    });
    const j2 = joinMidRound(j1.state, j1.combatants, [...EX_INI_1, fast], slow, dice);
    expect(j2.combatants.at(-1)).toMatchObject({ id: "slow", turnTaken: false });
    expect(j2.state.order).toEqual(["fast", "ana", "bo", "orc", "slow"]);
  });

  it("lets the GM reorder (INI-4) but not invent combatants", () => {
    const { state, stored } = setup(SPADES, EX_INI_1);
    const r = startNextRound(state, EX_INI_1, stored);
    expect(must(reorder(r.state, ["orc", "ana", "bo"])).order).toEqual(["orc", "ana", "bo"]);
    expect(reorder(r.state, ["orc", "ana", "zed"])).toEqual({ ok: false, code: "unknownCombatant" });
  });

  it("reveals a domino early for a defence (DOM-5) and refuses a second reveal", () => {
    const { state, stored } = setup(SPADES, EX_INI_1);
    const r = startNextRound(state, EX_INI_1, stored);
    const early = must(revealDominoOf(r.state, r.combatants, "orc", scriptedDice()));
    expect(early.combatants[2].domino?.state).toBe("revealed");
    expect(revealDominoOf(early.state, early.combatants, "orc", scriptedDice())).toEqual({
      ok: false,
      code: "alreadyRevealed",
    });
  });
});

/** Plays a countdown round with every called participant acting with its highest die (EX-CD-3). */
function playCountdown(
  state: RoundState,
  stored: readonly CombatantRound[],
  dice: ReturnType<typeof scriptedDice>,
) {
  let s = state;
  let c = stored;
  const snapshots: string[] = [];
  let closingValue: number | null = null;
  for (let guard = 0; guard < 100 && s.countdown?.phase !== "closed"; guard++) {
    const next = must(countdownNext(s, c, dice));
    ({ state: s, combatants: c } = next);
    for (const e of next.events) if (e.type === "closed") closingValue = e.closingValue;
    snapshots.push(JSON.stringify({ s, c }));
    if (s.countdown?.current == null) continue;
    const chosen = must(countdownChoose(s, c, { kind: "act" }, dice));
    ({ state: s, combatants: c } = chosen);
    snapshots.push(JSON.stringify({ s, c }));
  }
  // CD-19: the reached die's value is in the Closed event; the stored state keeps it unsampled.
  return { state: s, combatants: c, snapshots, closingValue };
}

/** CD-1: the next round, its stances shown (as all declared), then the hands rolled. */
function roundWithHands(
  ...[state, facts, stored, dice]: [...Parameters<typeof startNextRound>, Parameters<typeof rollHands>[3]]
) {
  const r = startNextRound(state, facts, stored);
  const hands = rollHands({ ...r.state, stancesShown: true }, facts, r.combatants, dice);
  return { ...r, ...hands };
}

describe("Countdown round (CD-1, CD-5, CD-11, CD-12)", () => {
  it("runs EX-CD-3: the fifteen calls, Closing after call 15, Closing die 3 reached, round Closed", () => {
    // d6s: the eight hands in order, then the Closing comparison (5 > 2: not met) and its reveal.
    const dice = scriptedDice({ 6: [...EX_CD_3.dice.flat(), 5], 4: [1] });
    const { state, stored } = setup(COUNTDOWN, EX_CD_3.facts);
    const r = roundWithHands(state, EX_CD_3.facts, stored, dice);
    expect(r.rolls.P1.kept).toEqual([6, 5, 2, 2, 1, 1]);
    expect(r.state.countdown?.phase).toBe("countdown");
    const played = playCountdown(r.state, r.combatants, dice);
    const cd = played.state.countdown!;
    expect(cd.calls).toEqual(EX_CD_3.calls);
    expect(cd.closingAfter).toBe(15);
    expect(cd.phase).toBe("closed");
    expect(played.closingValue).toBe(3);
    expect(cd.closing?.value).toBeNull();
    expect(dice.left(6)).toBe(0);
    // DOM-5, CD-20: every participant called was revealed at its first call, and only those.
    const revealed = played.combatants.filter((c) => c.domino?.state === "revealed").map((c) => c.id);
    expect(new Set(revealed)).toEqual(new Set(EX_CD_3.calls));
    expect(played.state.deck.remaining).toHaveLength(21 - 8);
    // Secrets (CD-19): no stored state held its value, before or after it was reached.
    for (const snap of played.snapshots) {
      const { s } = JSON.parse(snap) as { s: RoundState };
      expect(holdsSecret(s.countdown!)).toBe(false);
      expect(s.countdown!.closing?.value ?? null).toBeNull();
    }
    // The next round: hands rolled afresh, dominoes face-down again, deck full.
    const dice2 = scriptedDice({ 6: Array(40).fill(4) });
    const r2 = roundWithHands(played.state, EX_CD_3.facts, played.combatants, dice2);
    expect(r2.state.round).toBe(2);
    expect(r2.state.countdown?.phase).toBe("countdown");
    expect(r2.state.countdown?.closing).toBeNull();
    expect(r2.combatants.every((c) => c.domino?.state === "faceDown")).toBe(true);
  });

  it("the EX-CD-3 variant with a Closing die of 2 calls every 2 before it is reached", () => {
    // Comparisons: 2 vs unseen (roll 2 ≤ 2: met, so the die is 1 or 2), then 2 vs {1,2} … then reveal.
    const dice = scriptedDice({ 6: [...EX_CD_3.dice.flat(), 2], 2: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2] });
    const { state, stored } = setup(COUNTDOWN, EX_CD_3.facts);
    const r = roundWithHands(state, EX_CD_3.facts, stored, dice);
    const played = playCountdown(r.state, r.combatants, dice);
    const cd = played.state.countdown!;
    const twos = cd.calls.slice(15);
    // P1 2,2; P2 2; P4 2; M1 2; M2 2; M3 2,2: eight 2s.
    expect(twos).toHaveLength(8);
    expect(played.closingValue).toBe(2);
  });

  it("refuses a choice when nobody is called, and a call outside countdown mode", () => {
    const dice = scriptedDice({ 6: EX_CD_3.dice.flat() });
    const { state, stored } = setup(COUNTDOWN, EX_CD_3.facts);
    const r = roundWithHands(state, EX_CD_3.facts, stored, dice);
    expect(countdownChoose(r.state, r.combatants, { kind: "act" }, dice)).toEqual({
      ok: false,
      code: "countdown.notCalled",
    });
    const sp = setup(SPADES, EX_INI_1);
    expect(countdownNext(sp.state, sp.stored, dice)).toEqual({ ok: false, code: "notCountdownMode" });
  });

  it("CD-16: a surprise round is Closing from the start; CD-1 step 3 burns at round start", () => {
    const all = [facts("scout", { pc: true }), facts("victim"), facts("burnt", { burn: 2 })];
    const dice = scriptedDice({ 6: [6, 5, 4, 3, 6, 6, 5, 5] });
    const { state, stored } = setup(COUNTDOWN, all, true, ["scout", "burnt"]);
    const r = roundWithHands(state, all, stored, dice);
    expect(r.state.countdown?.phase).toBe("closing");
    expect(r.combatants[1].domino).toBeNull();
    // Burn 2 turns the two lowest usable dice into 1s.
    expect(r.state.countdown?.participants[2].hand).toEqual([6, 6, 1, 1]);
  });

  it("an Unconscious combatant rolls no dice and is never called (CD-2)", () => {
    const all = [facts("a"), facts("down", { conditions: ["unconscious"] })];
    const dice = scriptedDice({ 6: [5, 5, 5, 5] });
    const { state, stored } = setup(COUNTDOWN, all);
    const r = roundWithHands(state, all, stored, dice);
    expect(r.rolls.down).toBeUndefined();
    expect(r.state.countdown?.participants[1].active).toBe(false);
    expect(r.state.countdown?.phase).toBe("countdown");
  });

  it("INI-6 in countdown mode: a joiner rolls its hand at once and can be called", () => {
    const all = [facts("a")];
    const dice = scriptedDice({ 6: [2, 2, 2, 2, 6, 6, 6, 6] });
    const { state, stored } = setup(COUNTDOWN, all);
    const r = roundWithHands(state, all, stored, dice);
    const j = joinMidRound(r.state, r.combatants, all, facts("late"), dice);
    expect(j.rolls.late.kept).toEqual([6, 6, 6, 6]);
    const call = must(countdownNext(j.state, j.combatants, dice));
    expect(call.state.countdown?.current).toBe("late");
  });
});
