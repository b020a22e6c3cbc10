/**
 * OPT-1 "Lose an action" on the round: in countdown mode the target Burns 1 (CD-14); in Spades mode it
 * loses its Minor action on its next turn, recorded on the round state so the tracker can show it and
 * the record ends with that turn. Pure: dispatch applies it for the attack card's GM step.
 */
import { burn } from "../../rules/countdown/effects";
import type { CountdownEvent } from "../../rules/countdown/types";
import type { RoundState } from "./round";

/**
 * A Spades combatant without its Minor action on its next turn. `armed` is false while the mark was
 * made during the target's own turn: that turn is not its "next" one.
 */
export interface NoMinorMark {
  readonly id: string;
  readonly armed: boolean;
}

/** The round state as this module reads it: the marks live beside the round's other fields. */
export type MarkedRound = RoundState & { readonly noMinor?: readonly NoMinorMark[] };

export type LoseActionResult =
  | { readonly ok: true; readonly state: MarkedRound; readonly events: readonly CountdownEvent[] }
  | { readonly ok: false; readonly code: string };

/** OPT-1, CD-14: the target loses an action: Burn 1 in countdown mode, its next Minor action in Spades. */
export function loseAction(state: MarkedRound, id: string): LoseActionResult {
  if (state.mode === "countdown") {
    if (state.countdown === null) return { ok: false, code: "notCountdownMode" };
    const step = burn(state.countdown, id, 1);
    if (!step.ok) return { ok: false, code: `countdown.${step.error.code}` };
    return { ok: true, state: { ...state, countdown: step.state }, events: step.events };
  }
  if (!state.order.includes(id)) return { ok: false, code: "unknownCombatant" };
  const others = (state.noMinor ?? []).filter((m) => m.id !== id);
  const mark: NoMinorMark = { id, armed: state.current !== id };
  return { ok: true, state: { ...state, noMinor: [...others, mark] }, events: [] };
}

/** OPT-1: the end of `id`'s Spades turn uses up an armed mark and arms one made during that turn. */
export function endTurnMarks(state: MarkedRound, id: string): MarkedRound {
  const marks = state.noMinor ?? [];
  if (!marks.some((m) => m.id === id)) return state;
  const noMinor = marks.flatMap((m) => (m.id !== id ? [m] : m.armed ? [] : [{ id, armed: true }]));
  return { ...state, noMinor };
}

/** OPT-1: whether `id` has no Minor action in the turn it is taking now (the tracker's chip). */
export function lacksMinorNow(state: MarkedRound, id: string): boolean {
  return state.current === id && (state.noMinor ?? []).some((m) => m.id === id && m.armed);
}
