/**
 * Shared steps of the countdown transitions: finding and replacing a participant, the CD-11 Closing
 * trigger and the CD-1 step 6 close. Transitions never mutate; they return a new state.
 */
import type { RollDie } from "../vocabulary";
import { revealClosing, unseenClosing } from "./closing";
import { carryQueue } from "./order";
import type {
  CountdownError,
  CountdownErrorCode,
  CountdownEvent,
  CountdownParticipant,
  CountdownState,
  Step,
} from "./types";

export function fail(code: CountdownErrorCode, id?: string): { ok: false; error: CountdownError } {
  return { ok: false, error: id === undefined ? { code } : { code, id } };
}

export function done(state: CountdownState, events: readonly CountdownEvent[]): Step {
  return { ok: true, state, events };
}

/** Where participant `id` stands in the stored order, or -1. A plain loop: it runs on every call (CD-5). */
export function participantIndex(state: CountdownState, id: string): number {
  const { participants } = state;
  for (let i = 0; i < participants.length; i++) if (participants[i].id === id) return i;
  return -1;
}

export function findParticipant(state: CountdownState, id: string): CountdownParticipant | undefined {
  const at = participantIndex(state, id);
  return at < 0 ? undefined : state.participants[at];
}

/**
 * A copy of `participants` with the one at `at` (a valid index) replaced: one array copy and no callback
 * per element, since every call and choice (CD-5, CD-6) replaces exactly one participant.
 */
export function replaceAt(
  participants: readonly CountdownParticipant[],
  at: number,
  p: CountdownParticipant,
): CountdownParticipant[] {
  const copy = participants.slice();
  copy[at] = p;
  carryQueue(participants, copy, at);
  return copy;
}

/** The participant `id` if it exists and is still in the countdown, else the error to return. */
export function activeParticipant(
  state: CountdownState,
  id: string,
): CountdownParticipant | { ok: false; error: CountdownError } {
  const p = findParticipant(state, id);
  if (!p) return fail("unknownParticipant", id);
  if (!p.active) return fail("inactive", id);
  return p;
}

export function isError(x: unknown): x is { ok: false; error: CountdownError } {
  return typeof x === "object" && x !== null && (x as { ok?: unknown }).ok === false;
}

export function updateParticipant(
  state: CountdownState,
  id: string,
  change: (p: CountdownParticipant) => CountdownParticipant,
): CountdownState {
  return { ...state, participants: state.participants.map((p) => (p.id === id ? change(p) : p)) };
}

function emptyHanded(p: CountdownParticipant): boolean {
  return p.active && p.hand.length === 0 && p.held === null;
}

/**
 * CD-11: a participant still able to act with an empty hand and no held die turns the round Closing,
 * once per round. Dropping out (inactive) never does. Called after every change, so the action that
 * caused it has already finished.
 */
export function checkClosing(state: CountdownState, events: CountdownEvent[]): CountdownState {
  if (state.phase !== "countdown") return state;
  if (!state.participants.some(emptyHanded)) return state;
  events.push({ type: "closingBegan", after: state.calls.length });
  return { ...state, phase: "closing", closing: unseenClosing(), closingAfter: state.calls.length };
}

/**
 * CD-1 step 6, CD-12: the round is Closed. Hands are discarded; held dice and discard pools persist.
 * A reached Closing die is no longer a secret worth keeping unsampled, so its value is fixed for the log.
 */
export function closeRound(
  state: CountdownState,
  events: CountdownEvent[],
  rollDie: RollDie | null,
): CountdownState {
  const closing = state.closing && rollDie ? revealClosing(state.closing, rollDie) : state.closing;
  const neverActed = state.participants.filter((p) => p.active && p.acts === 0).map((p) => p.id);
  events.push({ type: "closed", closingValue: closing?.value ?? null, neverActed });
  return {
    ...state,
    phase: "closed",
    closing,
    current: null,
    bid: null,
    mustAct: false,
    lastActor: null,
    lowering: false,
    participants: state.participants.map((p) => ({ ...p, hand: [], unkept: [] })),
  };
}

/** Wraps a transition that finished a change to `state`: applies CD-11 and returns the step. */
export function settle(state: CountdownState, events: CountdownEvent[]): Step {
  return done(checkClosing(state, events), events);
}
