/**
 * Playing a whole round with a fixed policy: the CD-5 / CD-12 reference behaviour the `countdownRound`
 * vectors pin ("every called participant Acts with its highest die"), also used by property tests and
 * benchmarks.
 */
import type { RollDie } from "../vocabulary";
import { choose, type Choice } from "./choices";
import { advance, createCountdown, setClosingValue, startRound } from "./round";
import { lowerClosing } from "./options";
import { draft, draftParticipants, release } from "./known";
import { participantIndex } from "./state";
import type { CountdownEvent, CountdownParticipant, CountdownState, Step } from "./types";

/** What a called participant chooses, given the state after its call. */
export type Policy = (state: CountdownState, called: CountdownParticipant) => Choice;

/** CD-6: the reference policy: Act with the highest die (a holder acts with its held die). */
export const actWithHighest: Policy = (_state, called) =>
  called.held === null ? { kind: "act" } : { kind: "actHeld" };

export interface PlayedRound {
  readonly state: CountdownState;
  readonly events: readonly CountdownEvent[];
}

function must(step: Step): { state: CountdownState; events: readonly CountdownEvent[] } {
  if (!step.ok) throw new Error(`countdown policy made an illegal move: ${step.error.code}`);
  return step;
}

/**
 * CD-5 to CD-12: run a started round until it is Closed, every call answered by `policy`. With
 * `closingValue` the Closing die shows that value (as in the vectors); otherwise it is sampled lazily
 * from `rollDie`. Lowering (CD-18 c) is declined. Throws if the policy makes an illegal choice, which is
 * a programming error, not a player's.
 * The round works on drafts of the participants and the call list, changed in place by each call and
 * choice instead of copied (the 5 ms budget for 200 x 8); `state` is never changed, and the
 * drafts are released before the result is returned. `policy` sees the live state: it must not keep it.
 */
export function playRound(
  state: CountdownState,
  policy: Policy,
  rollDie: RollDie,
  closingValue?: number,
): PlayedRound {
  const events: CountdownEvent[] = [];
  const owned = [draftParticipants(state.participants), draft(state.calls)] as const;
  let s: CountdownState = { ...state, participants: owned[0], calls: owned[1] };
  try {
    // Every iteration spends a die or ends the round, so this is bounded by the dice in play.
    while (s.phase !== "closed") {
      if (closingValue !== undefined && s.phase === "closing" && s.closing?.value !== closingValue) {
        s = must(setClosingValue(s, closingValue)).state;
      }
      const step = must(s.lowering ? lowerClosing(s, {}, rollDie) : advance(s, rollDie));
      for (const e of step.events) events.push(e);
      s = step.state;
      if (s.current === null) continue;
      const called = s.participants[participantIndex(s, s.current)];
      const chosen = must(choose(s, policy(s, called)));
      for (const e of chosen.events) events.push(e);
      s = chosen.state;
    }
  } finally {
    for (const items of owned) release(items);
  }
  return { state: s, events };
}

export interface RoundInput {
  readonly id: string;
  readonly pc: boolean;
  readonly dice: readonly number[];
  readonly spades?: number;
  readonly tiebreak?: number;
}

/**
 * CD-5, CD-6, CD-10 to CD-12: the calls of one round in which every called participant Acts with its
 * highest die and the Closing die shows `closingDie`; `closingAfter` is the number of calls made when
 * Closing began, or null if it never did. Exact ties keep the input order.
 */
export function countdownRoundCalls(
  participants: readonly RoundInput[],
  closingDie: number,
): { calls: string[]; closingAfter: number | null } {
  const noRandom: RollDie = () => {
    throw new Error("a fixed Closing die needs no random source");
  };
  const created = createCountdown(participants);
  const hands = Object.fromEntries(participants.map((p) => [p.id, p.dice]));
  const started = must(startRound(created, hands)).state;
  const played = playRound(started, actWithHighest, noRandom, closingDie);
  return { calls: [...played.state.calls], closingAfter: played.state.closingAfter };
}
