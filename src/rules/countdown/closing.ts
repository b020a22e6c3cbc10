/**
 * CD-11, CD-12: the Closing die, sampled lazily so that it stays secret even from stored state
 * (ARCHITECTURE.md §3). Instead of rolling a value that every client would receive, the state keeps
 * integer weights over 1-6: what the comparisons made so far imply. Each comparison draws its answer
 * from those weights with the injected random source and keeps only the values consistent with it.
 * Drawing the answers one by one this way gives exactly the outcomes of one uniform d6 rolled up front.
 */
import type { RollDie } from "../vocabulary";
import type { ClosingDie } from "./types";

/** CD-11: the Closing die is a d6. */
export const CLOSING_FACES = 6;

/** CD-11: the Closing die as just rolled, still unseen: every face equally likely. */
export function unseenClosing(): ClosingDie {
  return { weights: Array.from({ length: CLOSING_FACES }, () => 1), value: null };
}

/** CD-11, CD-19: a Closing die whose value is known (shown by setting, or a physical roll entered). */
export function knownClosing(value: number): ClosingDie {
  if (!Number.isInteger(value) || value < 1 || value > CLOSING_FACES) {
    throw new RangeError(`a Closing die shows 1-${CLOSING_FACES}, not ${value}`);
  }
  return { weights: Array.from({ length: CLOSING_FACES }, (_, i) => (i + 1 === value ? 1 : 0)), value };
}

/** CD-12: the values the Closing die may still show, given what play has implied. */
export function possibleClosingValues(closing: ClosingDie): number[] {
  if (closing.value !== null) return [closing.value];
  return closing.weights.flatMap((w, i) => (w > 0 ? [i + 1] : []));
}

function total(weights: readonly number[]): number {
  return weights.reduce((sum, w) => sum + w, 0);
}

/**
 * CD-12: does a die of value `die` beat or tie the Closing die? Ties go to the combatant. Samples the
 * answer from the weights when they leave it open, and returns the Closing die narrowed to that answer.
 */
export function meetsClosing(
  closing: ClosingDie,
  die: number,
  rollDie: RollDie,
): { closing: ClosingDie; meets: boolean } {
  if (closing.value !== null) return { closing, meets: die >= closing.value };
  const all = total(closing.weights);
  const low = total(closing.weights.slice(0, Math.max(0, Math.min(die, CLOSING_FACES))));
  const meets = low === all ? true : low === 0 ? false : rollDie(all) <= low;
  const weights = closing.weights.map((w, i) => (i + 1 <= die === meets ? w : 0));
  return { closing: { weights, value: null }, meets };
}

/** CD-12, CD-19: fix the value once the die is reached or shown, drawn from what play left possible. */
export function revealClosing(closing: ClosingDie, rollDie: RollDie): ClosingDie {
  if (closing.value !== null) return closing;
  const all = total(closing.weights);
  let pick = all === 1 ? 1 : rollDie(all);
  for (let i = 0; i < closing.weights.length; i++) {
    pick -= closing.weights[i];
    if (pick <= 0) return knownClosing(i + 1);
  }
  throw new RangeError(`the random source returned more than ${all}`);
}

/** CD-18 (c): lower the Closing die by `by`, to a minimum of 1, without learning its value. */
export function lowerClosingDie(closing: ClosingDie, by: number): ClosingDie {
  const weights = Array.from({ length: CLOSING_FACES }, () => 0);
  closing.weights.forEach((w, i) => {
    weights[Math.max(0, i - by)] += w;
  });
  return { weights, value: closing.value === null ? null : Math.max(1, closing.value - by) };
}

/**
 * CD-19: the Closing die as stored once the round is Closed while the world hides it: still unsampled,
 * so no player's client learns the value. A value entered by hand fixes the weights as well, so that
 * one is stored as a fresh unseen die (play is over for the round; nothing more is compared with it).
 */
export function hiddenClosing(closing: ClosingDie): ClosingDie {
  return closing.value === null ? closing : unseenClosing();
}
