/**
 * ST-4, ST-6, CD-17: what a creature's newly gained conditions do to the running round at once. The
 * GM's client asks for it when a condition is set on a combatant's creature mid-round; pure, so the
 * tests call it with a scripted round.
 */
import { closeConditions } from "../conditions";
import { setStunned } from "../countdown/effects";
import type { CountdownEvent } from "../countdown/types";
import { forcedStanceChange } from "../stances";
import type { Condition, Stance } from "../vocabulary";
import type { CombatantRound, RoundState, StanceBallot } from "./state";

export interface ConditionsGained {
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
 * the change (implied ones are added here, CON-4). Null when the combatant is not in the round.
 */
export function conditionsGained(
  state: RoundState,
  combatants: readonly CombatantRound[],
  ballot: StanceBallot,
  id: string,
  before: readonly Condition[],
  after: readonly Condition[],
): ConditionsGained | null {
  const c = combatants.find((x) => x.id === id);
  if (!c) return null;
  const change = { before, after, turnTaken: turnBegun(state, c) };
  const secret = ballot[id];
  const shown = c.stance === null ? null : forcedStanceChange(c.stance, change);
  const hidden = secret === undefined ? null : forcedStanceChange(secret, change);
  const nextCombatants =
    shown === null ? combatants : combatants.map((x) => (x.id === id ? { ...x, stance: shown } : x));
  const nextBallot = hidden === null ? ballot : { ...ballot, [id]: hidden };
  let next = state;
  let events: readonly CountdownEvent[] = [];
  const becameStunned = !closeConditions(before).has("stunned") && closeConditions(after).has("stunned");
  if (becameStunned && state.mode === "countdown" && state.countdown) {
    const step = setStunned(state.countdown, id, true);
    // A participant already out of the countdown (dropped, or not in it) has nothing to lose.
    if (step.ok) {
      next = { ...state, countdown: step.state };
      events = step.events;
    }
  }
  return { state: next, combatants: nextCombatants, ballot: nextBallot, forced: shown ?? hidden, events };
}
