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

/**
 * Where each id stands in a participants array, built once per array and shared by the arrays
 * `replaceAt` derives from it (same ids, same places): every call and choice looks one up (CD-5, CD-6).
 * Keyed by array identity, which is safe because the state is immutable (readonly arrays).
 */
const places = new WeakMap<readonly CountdownParticipant[], ReadonlyMap<string, number>>();

function placesOf(participants: readonly CountdownParticipant[]): ReadonlyMap<string, number> {
  let found = places.get(participants);
  if (found === undefined) {
    const built = new Map<string, number>();
    // The first of equal ids wins, as a search from the start would find it.
    for (let i = participants.length - 1; i >= 0; i--) built.set(participants[i].id, i);
    found = built;
    places.set(participants, found);
  }
  return found;
}

function emptyHanded(p: CountdownParticipant): boolean {
  return p.active && p.hand.length === 0 && p.held === null;
}

/** CD-11: how many participants of an array would turn the round Closing, kept like `places`. */
const emptyHands = new WeakMap<readonly CountdownParticipant[], number>();

function emptyHandCount(participants: readonly CountdownParticipant[]): number {
  let count = emptyHands.get(participants);
  if (count === undefined) {
    count = 0;
    for (const p of participants) if (emptyHanded(p)) count++;
    emptyHands.set(participants, count);
  }
  return count;
}

/** Where participant `id` stands in the stored order, or -1. */
export function participantIndex(state: CountdownState, id: string): number {
  return placesOf(state.participants).get(id) ?? -1;
}

export function findParticipant(state: CountdownState, id: string): CountdownParticipant | undefined {
  const at = participantIndex(state, id);
  return at < 0 ? undefined : state.participants[at];
}

/**
 * A copy of `participants` with the one at `at` (a valid index) replaced by `p`, the same participant
 * changed (same id): one array copy and no callback per element, since every call and choice (CD-5,
 * CD-6) replaces exactly one participant. The copy inherits the id places and the call queue.
 */
export function replaceAt(
  participants: readonly CountdownParticipant[],
  at: number,
  p: CountdownParticipant,
): CountdownParticipant[] {
  const copy = participants.slice();
  copy[at] = p;
  const known = places.get(participants);
  if (known !== undefined) places.set(copy, known);
  const empty = emptyHands.get(participants);
  if (empty !== undefined) {
    emptyHands.set(copy, empty - Number(emptyHanded(participants[at])) + Number(emptyHanded(p)));
  }
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

/**
 * CD-11: a participant still able to act with an empty hand and no held die turns the round Closing,
 * once per round. Dropping out (inactive) never does. Called after every change, so the action that
 * caused it has already finished.
 */
export function checkClosing(state: CountdownState, events: CountdownEvent[]): CountdownState {
  if (state.phase !== "countdown") return state;
  if (emptyHandCount(state.participants) === 0) return state;
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
