/**
 * What the countdown has worked out about one participants array, kept beside it and carried to the
 * arrays `replaceAt` derives from it: where each id stands (every call and choice looks one up, CD-5,
 * CD-6), the CD-5 call queue (order.ts) and the CD-11 count of empty hands. Keyed by array identity,
 * which is safe because states are immutable (readonly arrays); one record per array, so a call or
 * choice makes one lookup rather than one per fact (the 5 ms budget for a 200 x 8 round).
 * Also the arrays a batch of transitions owns (`draft`).
 */
import type { CountdownParticipant } from "./types";

export interface Known {
  places: ReadonlyMap<string, number> | null;
  /** CD-5: indices of the callable participants in call order; null until first asked for. */
  queue: number[] | null;
  /** CD-11: how many participants would turn the round Closing; null until first asked for. */
  emptyHands: number | null;
  /** CD-14: how many participants may still burn another die instead; null until first asked for. */
  burnWindows: number | null;
}

const known = new WeakMap<readonly CountdownParticipant[], Known>();

/** The record of `participants`, empty until its facts are first asked for. */
export function knownOf(participants: readonly CountdownParticipant[]): Known {
  let found = known.get(participants);
  if (found === undefined) {
    found = { places: null, queue: null, emptyHands: null, burnWindows: null };
    known.set(participants, found);
  }
  return found;
}

/** Records `facts` for `participants`, an array derived from one whose facts carry over. */
export function setKnown(participants: readonly CountdownParticipant[], facts: Known): void {
  known.set(participants, facts);
}

/** Where each id stands in `participants`. */
export function placesOf(participants: readonly CountdownParticipant[]): ReadonlyMap<string, number> {
  const facts = knownOf(participants);
  if (facts.places === null) {
    const built = new Map<string, number>();
    // The first of equal ids wins, as a search from the start would find it.
    for (let i = participants.length - 1; i >= 0; i--) built.set(participants[i].id, i);
    facts.places = built;
  }
  return facts.places;
}

/** CD-11: a participant still able to act with an empty hand and no held die. */
export function emptyHanded(p: CountdownParticipant): boolean {
  return p.active && p.hand.length === 0 && p.held === null;
}

/** CD-11: how many participants of `participants` would turn the round Closing. */
export function emptyHandCount(participants: readonly CountdownParticipant[]): number {
  const facts = knownOf(participants);
  if (facts.emptyHands === null) {
    let count = 0;
    for (const p of participants) if (emptyHanded(p)) count++;
    facts.emptyHands = count;
  }
  return facts.emptyHands;
}

/** CD-14: a participant whose owner may still burn another die instead of a default-burned one. */
export function burnWindowOpen(p: CountdownParticipant): boolean {
  return p.burnedFrom !== undefined && p.burnedFrom.length > 0;
}

/** CD-14: how many participants of `participants` have a burn window open. */
export function burnWindowCount(participants: readonly CountdownParticipant[]): number {
  const facts = knownOf(participants);
  if (facts.burnWindows === null) {
    let count = 0;
    for (const p of participants) if (burnWindowOpen(p)) count++;
    facts.burnWindows = count;
  }
  return facts.burnWindows;
}

/**
 * Arrays owned by one batch of transitions (`playRound`), mapped to themselves as writable. No state a
 * caller holds refers to them: the batch starts from copies and releases them before it hands its state
 * out. So within a batch a change can write in place instead of copying 200 participants and the whole
 * call list per call, while every state seen outside stays immutable.
 */
const drafts = new WeakMap<readonly unknown[], unknown[]>();

/** The writable array behind `items` when a batch owns it. */
export function ownedDraft(items: readonly unknown[]): unknown[] | undefined {
  return drafts.get(items);
}

/** A copy of `items` that `replaceAt` and `appended` change in place, until `release`. */
export function draft<T>(items: readonly T[]): readonly T[] {
  const copy = items.slice();
  drafts.set(copy, copy);
  return copy;
}

/** A `draft` of a participants array, with the facts known about it (its queue copied: it will move). */
export function draftParticipants(
  participants: readonly CountdownParticipant[],
): readonly CountdownParticipant[] {
  const copy = draft(participants);
  const facts = knownOf(participants);
  setKnown(copy, {
    places: facts.places,
    queue: facts.queue?.slice() ?? null,
    emptyHands: facts.emptyHands,
    burnWindows: facts.burnWindows,
  });
  return copy;
}

/** Ends the batch's ownership of a `draft`: from now on changes copy it, as for any other array. */
export function release(items: readonly unknown[]): void {
  drafts.delete(items);
}
