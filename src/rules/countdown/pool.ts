import type { RollDie } from "../vocabulary";
import { ONE, sortHand } from "./hand";

/** CD-2: every pool starts at four dice [002]. */
export const BASE_POOL = 4;
/** CD-2: eff(♠) at which the pool gains a die, once per threshold reached. */
export const POOL_SPADES_THRESHOLDS = [10, 13] as const;
/** CD-3: the most dice a participant keeps from its roll. */
export const MAX_KEPT = 8;
/** Faces of an action die. */
export const ACTION_DIE_FACES = 6;
/** A fair die shows something other than 1 long before this; more means a broken random source. */
const REROLL_GUARD = 1000;

export interface PoolInput {
  /** eff(♠). */
  readonly spades: number;
  readonly slowed?: boolean;
  /** GM modifiers, summed. */
  readonly modifier?: number;
}

/** CD-2: the pool size before the CD-3 bounds; it may be below 1. */
export function poolSize(input: PoolInput): number {
  const bonus = POOL_SPADES_THRESHOLDS.filter((t) => input.spades >= t).length;
  return BASE_POOL + bonus - (input.slowed ? 1 : 0) + (input.modifier ?? 0);
}

/** CD-3: how many dice are rolled and how many of them are kept for a pool size. */
export function poolBounds(size: number): { rolled: number; kept: number } {
  const rolled = Math.max(1, size);
  return { rolled, kept: Math.min(MAX_KEPT, rolled) };
}

/** CD-3: by default the kept dice are the highest ones. */
export function keepHighest(
  rolled: readonly number[],
  kept: number = MAX_KEPT,
): { kept: number[]; unkept: number[] } {
  const sorted = sortHand(rolled);
  return { kept: sorted.slice(0, kept), unkept: sorted.slice(kept) };
}

export interface PoolRoll {
  /** Every die as it finally shows, re-rolls applied, highest first. */
  readonly rolled: readonly number[];
  readonly kept: readonly number[];
  readonly unkept: readonly number[];
  /** Whether the Alert re-roll was spent (KN-2, once per round). */
  readonly alertUsed: boolean;
}

function rollUntilNotOne(rollDie: RollDie): number {
  for (let i = 0; i < REROLL_GUARD; i++) {
    const die = rollDie(ACTION_DIE_FACES);
    if (die !== ONE) return die;
  }
  throw new Error(`the random source rolled ${REROLL_GUARD} ones in a row`);
}

/**
 * CD-2, CD-3: roll a participant's action dice. A pool below 1 rolls one die and re-rolls it until it is
 * not a 1; Alert re-rolls one 1 once; then the highest 8 are kept (the owner may swap later, `swapKept`).
 */
export function rollPool(input: PoolInput & { readonly alert?: boolean }, rollDie: RollDie): PoolRoll {
  const size = poolSize(input);
  const { rolled: count, kept } = poolBounds(size);
  const dice =
    size < 1 ? [rollUntilNotOne(rollDie)] : Array.from({ length: count }, () => rollDie(ACTION_DIE_FACES));
  let alertUsed = false;
  if (input.alert) {
    const at = dice.indexOf(ONE);
    if (at >= 0) {
      dice[at] = rollDie(ACTION_DIE_FACES);
      alertUsed = true;
    }
  }
  const split = keepHighest(dice, kept);
  return { rolled: sortHand(dice), kept: split.kept, unkept: split.unkept, alertUsed };
}
