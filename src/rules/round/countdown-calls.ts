/**
 * Countdown mode's calls applied to the round (CD-5, CD-6, CD-12, CD-13, CD-20): the next call, the
 * called participant's choice, an interrupt or a challenge, each revealing the dominoes its events
 * call for (DOM-5).
 */
import type { RollDie } from "../vocabulary";
import type { CountdownEvent, CountdownRefusal, CountdownState, Step } from "../countdown/types";
import { advance } from "../countdown/round";
import { challenge, choose, interrupt, type ActDetails, type Choice } from "../countdown/choices";
import type { CombatantRound, RoundErrorCode, RoundState } from "./state";
import { revealDominoOf } from "./domino-reveal";

/** A countdown transition applied to the round, with the dominoes its events reveal. */
export interface CountdownUpdate {
  readonly state: RoundState;
  readonly combatants: CombatantRound[];
  readonly events: readonly CountdownEvent[];
}

export type CountdownResult =
  | { readonly ok: true; readonly value: CountdownUpdate }
  | { readonly ok: false; readonly code: RoundErrorCode | CountdownRefusal };

/** DOM-5, CD-20: a participant's first call in the round reveals its domino; so does acting off-call. */
function applyCountdown(
  state: RoundState,
  stored: readonly CombatantRound[],
  step: Step,
  rollDie: RollDie,
): CountdownResult {
  if (!step.ok) return { ok: false, code: `countdown.${step.error.code}` };
  let next: RoundState = { ...state, countdown: step.state };
  let combatants = [...stored];
  for (const e of step.events) {
    const id = e.type === "called" || e.type === "acted" ? e.id : null;
    const c = id === null ? undefined : combatants.find((x) => x.id === id);
    if (c?.domino?.state === "faceDown") {
      const revealed = revealDominoOf(next, combatants, c.id, rollDie);
      if (revealed.ok) {
        next = revealed.value.state;
        combatants = revealed.value.combatants;
      }
    }
  }
  return { ok: true, value: { state: next, combatants, events: step.events } };
}

function countdownOf(state: RoundState): CountdownState | null {
  return state.mode === "countdown" ? state.countdown : null;
}

/**
 * CD-5, CD-12: make the next countdown call (or reach the Closing die and Close the round); the called
 * participant's domino is revealed at its first call (DOM-5, CD-20). `rollDie` samples the Closing die.
 */
export function countdownNext(
  state: RoundState,
  stored: readonly CombatantRound[],
  rollDie: RollDie,
  bids: Readonly<Record<string, number>> = {},
): CountdownResult {
  const cd = countdownOf(state);
  if (cd === null) return { ok: false, code: "notCountdownMode" };
  return applyCountdown(state, stored, advance(cd, rollDie, bids), rollDie);
}

/** CD-6, CD-13: the called participant's choice (Act, Pass, Accumulate, Hold, act with or keep the held die). */
export function countdownChoose(
  state: RoundState,
  stored: readonly CombatantRound[],
  choice: Choice,
  rollDie: RollDie,
): CountdownResult {
  const cd = countdownOf(state);
  if (cd === null) return { ok: false, code: "notCountdownMode" };
  return applyCountdown(state, stored, choose(cd, choice), rollDie);
}

/** CD-13: a holder interrupts after another participant's Act. */
export function countdownInterrupt(
  state: RoundState,
  stored: readonly CombatantRound[],
  holderId: string,
  details: ActDetails,
  rollDie: RollDie,
): CountdownResult {
  const cd = countdownOf(state);
  if (cd === null) return { ok: false, code: "notCountdownMode" };
  return applyCountdown(state, stored, interrupt(cd, holderId, details), rollDie);
}

/** CD-13: a holder challenges the called participant; `holderWins` is the ♠ contest's result (T-9). */
export function countdownChallenge(
  state: RoundState,
  stored: readonly CombatantRound[],
  holderId: string,
  holderWins: boolean,
  details: ActDetails,
  rollDie: RollDie,
): CountdownResult {
  const cd = countdownOf(state);
  if (cd === null) return { ok: false, code: "notCountdownMode" };
  return applyCountdown(state, stored, challenge(cd, holderId, holderWins, details), rollDie);
}
