/**
 * A combatant whose round ends early: one fallen Unconscious leaves the countdown (CB-1, CD-11), and a
 * killing injury takes the rest of its round's actions (INJ-7).
 */
import type { CountdownEvent } from "../countdown/types";
import { dropOut as dropOutOfCountdown, loseTurn } from "../countdown/effects";
import { ok, refuse, type CombatantRound, type RoundResult, type RoundState } from "./state";

/** CB-1, CD-11: a combatant that falls Unconscious mid-round drops out of the countdown without Closing it. */
export function dropOut(state: RoundState, id: string): RoundState {
  if (state.countdown === null) return state;
  const step = dropOutOfCountdown(state.countdown, id);
  return step.ok ? { ...state, countdown: step.state } : state;
}

/**
 * INJ-7 (a killing injury's "lose the rest of this round's actions"): in Spades mode its turn this round
 * counts as taken; in countdown mode its hand is discarded (CD-20), which may turn the round Closing
 * (CD-11). A held die is kept: it was set aside before the harm [design].
 */
export function loseRoundActions(
  state: RoundState,
  stored: readonly CombatantRound[],
  id: string,
): RoundResult<{ state: RoundState; combatants: CombatantRound[]; events: readonly CountdownEvent[] }> {
  if (!stored.some((c) => c.id === id)) return refuse("unknownCombatant");
  const combatants = stored.map((c) => (c.id === id ? { ...c, turnTaken: true } : c));
  if (state.mode !== "countdown" || state.countdown === null) return ok({ state, combatants, events: [] });
  const step = loseTurn(state.countdown, id);
  // A participant already out of the countdown has no actions left to lose.
  if (!step.ok) return ok({ state, combatants, events: [] });
  return ok({ state: { ...state, countdown: step.state }, combatants, events: step.events });
}
