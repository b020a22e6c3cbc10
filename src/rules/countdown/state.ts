/**
 * Shared steps of the countdown transitions: finding and replacing a participant, the CD-11 Closing
 * trigger and the CD-1 step 6 close. Transitions never mutate a state a caller holds; they return a new
 * state (only a batch's own drafts, below, change in place).
 */
import type { RollDie } from "../vocabulary";
import { hiddenClosing, revealClosing, unseenClosing } from "./closing";
import { copyParticipant, copyState } from "./copy";
import {
  burnWindowOpen,
  emptyHandCount,
  emptyHanded,
  knownOf,
  ownedDraft,
  placesOf,
  setKnown,
} from "./known";
import { requeue } from "./order";
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

/** Where participant `id` stands in the stored order, or -1. */
export function participantIndex(state: CountdownState, id: string): number {
  return placesOf(state.participants).get(id) ?? -1;
}

export function findParticipant(state: CountdownState, id: string): CountdownParticipant | undefined {
  const at = participantIndex(state, id);
  return at < 0 ? undefined : state.participants[at];
}

/** `items` with `item` added at the end: a copy, or the same array when a batch owns it. */
export function appended<T>(items: readonly T[], item: T): readonly T[] {
  const owned = ownedDraft(items);
  if (owned !== undefined) {
    owned.push(item);
    return items;
  }
  // slice() then push copies by memcpy; the spread and concat() paths measured several times slower.
  const copy = items.slice();
  copy.push(item);
  return copy;
}

/**
 * `participants` with the one at `at` (a valid index) replaced by `p`, the same participant changed
 * (same id), as every call and choice (CD-5, CD-6) does: one array copy and no callback per element,
 * or no copy at all in an owned `draft`. The result keeps the known facts (known.ts), updated.
 */
export function replaceAt(
  participants: readonly CountdownParticipant[],
  at: number,
  p: CountdownParticipant,
): readonly CountdownParticipant[] {
  const before = participants[at];
  const facts = knownOf(participants);
  const owned = ownedDraft(participants);
  let next = participants;
  let nextFacts = facts;
  if (owned !== undefined) owned[at] = p;
  else {
    const copy = participants.slice();
    copy[at] = p;
    next = copy;
    nextFacts = {
      places: facts.places,
      queue: facts.queue,
      emptyHands: facts.emptyHands,
      burnWindows: facts.burnWindows,
    };
    setKnown(copy, nextFacts);
  }
  if (nextFacts.emptyHands !== null) {
    nextFacts.emptyHands += Number(emptyHanded(p)) - Number(emptyHanded(before));
  }
  if (nextFacts.burnWindows !== null) {
    nextFacts.burnWindows += Number(burnWindowOpen(p)) - Number(burnWindowOpen(before));
  }
  // A queue is changed in place only in a draft; a copy's queue is a moved copy, or shared when unmoved.
  if (facts.queue !== null) nextFacts.queue = requeue(facts.queue, owned !== undefined, next, at, before);
  return next;
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
  const next = copyState(state);
  next.phase = "closing";
  next.closing = unseenClosing();
  next.closingAfter = state.calls.length;
  return next;
}

/**
 * CD-1 step 6, CD-12: the round is Closed. Hands are discarded; held dice and discard pools persist.
 * A reached Closing die's value is fixed for the event; the state keeps it only when the world shows it (CD-19).
 */
export function closeRound(
  state: CountdownState,
  events: CountdownEvent[],
  rollDie: RollDie | null,
): CountdownState {
  const closing = state.closing && rollDie ? revealClosing(state.closing, rollDie) : state.closing;
  const neverActed = state.participants.filter((p) => p.active && p.acts === 0).map((p) => p.id);
  events.push({ type: "closed", closingValue: closing?.value ?? null, neverActed });
  const next = copyState(state);
  next.phase = "closed";
  // CD-19: with the Closing die hidden, only the event (for the GM's client) carries the value.
  next.closing = state.options.showClosing || state.closing === null ? closing : hiddenClosing(state.closing);
  next.current = null;
  next.bid = null;
  next.mustAct = false;
  next.lastActor = null;
  next.lowering = false;
  next.participants = state.participants.map((p) => {
    const discarded = copyParticipant(p);
    discarded.hand = [];
    discarded.unkept = [];
    return discarded;
  });
  return next;
}

/** Wraps a transition that finished a change to `state`: applies CD-11 and returns the step. */
export function settle(state: CountdownState, events: CountdownEvent[]): Step {
  return done(checkClosing(state, events), events);
}
