/**
 * ST-4, ST-6, CD-17: what a creature's conditions, newly gained or lost, do to the running round at
 * once. The GM's client asks for it when a condition is set on or taken off a combatant's creature
 * mid-round; pure, so the tests call it with a scripted round.
 */
import { closeConditions } from "../conditions";
import { dropOut, setStunned } from "../countdown/effects";
import type { CountdownEvent } from "../countdown/types";
import { actsThisRound, mayActNow } from "../initiative";
import { faceDownDomino, receivesDominoMidRound } from "../dominoes";
import { forcedStanceChange } from "../stances";
import type { Condition, Stance } from "../vocabulary";
import type { CombatantFacts, CombatantRound, RoundState, StanceBallot } from "./state";

export interface ConditionsChanged {
  readonly state: RoundState;
  readonly combatants: readonly CombatantRound[];
  readonly ballot: StanceBallot;
  /** The stance it was forced into (shown, or the secret one in the ballot), or null. */
  readonly forced: Stance | null;
  readonly events: readonly CountdownEvent[];
}

/** ST-4 [design], as the Shift Stance step reads it: Defend counts as taken once its turn has begun. */
function turnBegun(state: RoundState, c: CombatantRound): boolean {
  const acts = state.countdown?.participants.find((p) => p.id === c.id)?.acts ?? 0;
  return c.turnTaken || state.current === c.id || acts > 0;
}

/**
 * ST-6: becoming Stunned forces Cautious at once, from any stance; ST-4: a Guarded creature that loses
 * its Standard action before its turn becomes Cautious. A stance still secret is changed in the GM's
 * ballot, so the reveal shows the forced one. CD-17: in countdown mode, becoming Stunned loses the
 * discard pool and the held die. `before` and `after` are the creature's conditions either side of
 * the change (implied ones are added here, CON-4). A lost condition forces no stance back; it gives
 * back what it barred (CD-17: no longer Stunned, the participant acts in full again). Null when the
 * combatant is not in the round.
 */
export function conditionsChanged(
  state: RoundState,
  combatants: readonly CombatantRound[],
  ballot: StanceBallot,
  id: string,
  before: readonly Condition[],
  after: readonly Condition[],
): ConditionsChanged | null {
  const c = combatants.find((x) => x.id === id);
  if (!c) return null;
  const change = { before, after, turnTaken: turnBegun(state, c) };
  const secret = ballot[id];
  const shown = c.stance === null ? null : forcedStanceChange(c.stance, change);
  const hidden = secret === undefined ? null : forcedStanceChange(secret, change);
  const stanced =
    shown === null ? combatants : combatants.map((x) => (x.id === id ? { ...x, stance: shown } : x));
  const nextBallot = hidden === null ? ballot : { ...ballot, [id]: hidden };
  const countdown = countdownAfterChange(state, id, before, after);
  const nextCombatants = dealtOnWaking(state, stanced, id, before, after);
  return { ...countdown, combatants: nextCombatants, ballot: nextBallot, forced: shown ?? hidden };
}

/**
 * DOM-6 [design]: one that wakes mid-round (it held no domino: it was Unconscious at the round's start)
 * receives a face-down domino at once and declares a stance (the late declaration of INI-6). In Spades
 * mode, as a joiner, it takes a turn this round only if its place in the order has not passed; in the
 * countdown it rejoins the calls only at the next round (CD-2, effects.ts `rejoin`).
 */
function dealtOnWaking(
  state: RoundState,
  combatants: readonly CombatantRound[],
  id: string,
  before: readonly Condition[],
  after: readonly Condition[],
): readonly CombatantRound[] {
  const c = combatants.find((x) => x.id === id);
  if (!c || state.round === 0 || actsThisRound({ conditions: before })) return combatants;
  const activity = { conditions: after, surpriseRound: state.surprise, aware: c.aware };
  if (!receivesDominoMidRound(c.domino, activity)) return combatants;
  const current = state.current === null ? -1 : state.order.indexOf(state.current);
  const passed = state.mode === "spades" && current >= 0 && state.order.indexOf(id) < current;
  return combatants.map((x) =>
    x.id === id
      ? {
          ...x,
          domino: faceDownDomino(),
          stance: null,
          turnTaken: state.mode === "spades" ? passed : x.turnTaken,
        }
      : x,
  );
}

/**
 * CD-2, CB-1, CD-11: one that can no longer act (Unconscious, dead: an Enemy at 0 HP among them,
 * NPC-3) leaves the countdown at once, hand, held die and pool, as the Spades order skips it; this
 * does not turn the round Closing. CD-17: one that becomes Stunned loses its pool and held die; one
 * that stops being Stunned (its effect removed, switched off, or ended) may act in full again.
 */
function countdownAfterChange(
  state: RoundState,
  id: string,
  before: readonly Condition[],
  after: readonly Condition[],
): { state: RoundState; events: readonly CountdownEvent[] } {
  if (state.mode !== "countdown" || !state.countdown) return { state, events: [] };
  if (actsThisRound({ conditions: before }) && !actsThisRound({ conditions: after })) {
    const out = dropOut(state.countdown, id);
    // A participant already out of the countdown has nothing to leave.
    return out.ok ? { state: { ...state, countdown: out.state }, events: out.events } : { state, events: [] };
  }
  const wasStunned = closeConditions(before).has("stunned");
  const isStunned = closeConditions(after).has("stunned");
  if (wasStunned === isStunned) return { state, events: [] };
  const step = setStunned(state.countdown, id, isStunned);
  // A participant already out of the countdown (dropped, or not in it) has nothing to lose.
  return step.ok
    ? { state: { ...state, countdown: step.state }, events: step.events }
    : { state, events: [] };
}

/**
 * CB-1, CD-2, CD-11: before a countdown call, every participant still in it that may no longer act
 * (`mayActNow`, the test the Spades order reads at each turn) leaves it, as a condition heard at once
 * does: a creature whose conditions changed by a route the round never heard of (a ♦ drained to 0 makes
 * it Comatose through its derived data; a condition set while no GM was connected) or whose combatant
 * is gone is never called. No Closing follows (CD-11).
 */
export function countdownWithoutThoseOut(
  state: RoundState,
  combatants: readonly CombatantRound[],
  facts: readonly CombatantFacts[],
): RoundState {
  if (state.mode !== "countdown" || !state.countdown) return state;
  let countdown = state.countdown;
  for (const p of countdown.participants) {
    if (!p.active) continue;
    const f = facts.find((x) => x.id === p.id);
    if (
      mayActNow(
        f,
        combatants.find((c) => c.id === p.id),
        false,
      )
    )
      continue;
    const out = dropOut(countdown, p.id);
    if (out.ok) countdown = out.state;
  }
  return countdown === state.countdown ? state : { ...state, countdown };
}
