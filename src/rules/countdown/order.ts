import { hasUsable, highestDie } from "./hand";
import { knownOf } from "./known";
import type { CountdownParticipant } from "./types";

/** CD-5: a participant can be called while active and holding a usable die in hand. */
export function isCallable(p: CountdownParticipant): boolean {
  return p.active && hasUsable(p.hand);
}

/**
 * CD-5: negative when `a` is called before `b`: highest die, more dice, PC before NPC, then the GM's
 * default choice (higher eff(♠), then the INI-4 tiebreaker); equal draws keep the stored order.
 * `highA` / `highB` stand in for the highest die where a rule orders by another die (CD-13 interrupts).
 */
export function compareCallKeys(
  a: CountdownParticipant,
  b: CountdownParticipant,
  highA: number = highestDie(a.hand),
  highB: number = highestDie(b.hand),
): number {
  if (highA !== highB) return highB - highA;
  if (a.hand.length !== b.hand.length) return b.hand.length - a.hand.length;
  if (a.pc !== b.pc) return a.pc ? -1 : 1;
  if (a.spades !== b.spades) return b.spades - a.spades;
  return b.tiebreak - a.tiebreak;
}

/**
 * CD-5 call queues: for a participants array, the indices of its callable participants in call order
 * (exact ties in stored order), kept with the array's other facts (known.ts). A round makes ~5 calls per
 * participant, and each call and choice replaces one participant (`replaceAt`), so the next array's
 * queue is derived by moving that one index instead of comparing every participant again (the
 * 5 ms round budget). An array whose queue is unknown (a new round, a stored state read back) gets it
 * built once.
 */

/** CD-5 with the stored order as the last tiebreak: whether index `i` is called before index `j`. */
function callsBefore(participants: readonly CountdownParticipant[], i: number, j: number): boolean {
  const order = compareCallKeys(participants[i], participants[j]);
  return order < 0 || (order === 0 && i < j);
}

/** Puts index `at` into `queue` (sorted by `callsBefore`) at its place, by binary search. */
function enqueue(participants: readonly CountdownParticipant[], queue: number[], at: number): void {
  let low = 0;
  let high = queue.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (callsBefore(participants, queue[mid], at)) low = mid + 1;
    else high = mid;
  }
  queue.splice(low, 0, at);
}

/** CD-5: the call queue of `participants`, built once per array. */
function callQueue(participants: readonly CountdownParticipant[]): readonly number[] {
  const facts = knownOf(participants);
  if (facts.queue === null) {
    const built: number[] = [];
    for (let i = 0; i < participants.length; i++) if (isCallable(participants[i])) built.push(i);
    built.sort((i, j) => compareCallKeys(participants[i], participants[j]) || i - j);
    facts.queue = built;
  }
  return facts.queue;
}

/**
 * The queue of `next`, which is the array of `queue` with only the participant at `at` changed (it was
 * `before`): the same queue when its call key did not change (a call only counts it), else `at` moved
 * to its new place or dropped, in `queue` itself when `inPlace` (a batch's draft), else in a copy.
 */
export function requeue(
  queue: number[],
  inPlace: boolean,
  next: readonly CountdownParticipant[],
  at: number,
  before: CountdownParticipant,
): number[] {
  const after = next[at];
  const callable = isCallable(after);
  if (callable === isCallable(before) && (!callable || compareCallKeys(before, after) === 0)) return queue;
  const moved = inPlace ? queue : queue.slice();
  const was = moved.indexOf(at);
  if (was >= 0) moved.splice(was, 1);
  if (callable) enqueue(next, moved, at);
  return moved;
}

/** CD-5: the participant the countdown calls next, ignoring the Closing die, or null when none can be called. */
export function bestCallable(participants: readonly CountdownParticipant[]): CountdownParticipant | null {
  const queue = callQueue(participants);
  return queue.length === 0 ? null : participants[queue[0]];
}

/**
 * CD-5: every callable participant in call order (for display; it changes after each die spent).
 * Array.prototype.sort is stable, so exact ties keep the stored order, the last tiebreak.
 */
export function callOrder(participants: readonly CountdownParticipant[]): string[] {
  return participants
    .filter(isCallable)
    .sort((a, b) => compareCallKeys(a, b))
    .map((p) => p.id);
}

/** CD-18 (b): the order the round table fixes at round start: every active participant by CD-5. */
export function tableOrder(participants: readonly CountdownParticipant[]): string[] {
  return participants
    .filter((p) => p.active)
    .sort((a, b) => compareCallKeys(a, b))
    .map((p) => p.id);
}
