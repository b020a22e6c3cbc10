import { clampToMax, healPoint, type Vitals } from "./hitPoints";
import { SUITS, type Condition, type PerSuit, type Suit } from "./vocabulary";

/** DRN-4: what a suit drained to 0 does to the creature. */
export const DRAINED_TO_ZERO: Readonly<PerSuit<Condition>> = {
  clubs: "paralysed",
  spades: "paralysed",
  diamonds: "comatose",
  hearts: "dead",
};

/**
 * DRN-1, DRN-5: add drain to one suit (and as many taint counters when the drain is tainted).
 * ♥ drain lowers hp.max, so excess HP and temporary HP are lost at once; the chips of other
 * suits are clamped by the chip rules (CH-2).
 */
export function addDrain(v: Vitals, suit: Suit, amount: number, tainted = false): Vitals {
  if (amount <= 0) return v;
  const next: Vitals = {
    ...v,
    drain: { ...v.drain, [suit]: v.drain[suit] + amount },
    taint: tainted ? { ...v.taint, [suit]: v.taint[suit] + amount } : v.taint,
  };
  return suit === "hearts" ? clampToMax(next) : next;
}

/** DRN-5: taint counters from a taint rider (DMG-6); they have no upper bound. */
export function addTaint(v: Vitals, suit: Suit, amount: number): Vitals {
  if (amount <= 0) return v;
  return { ...v, taint: { ...v.taint, [suit]: v.taint[suit] + amount } };
}

/** DRN-4: the conditions brought by every suit whose effective primary value is 0 or less. */
export function drainedToZero(eff: Partial<PerSuit<number>>): Condition[] {
  const found: Condition[] = [];
  for (const suit of SUITS) {
    const value = eff[suit];
    if (value !== undefined && value <= 0 && !found.includes(DRAINED_TO_ZERO[suit])) {
      found.push(DRAINED_TO_ZERO[suit]);
    }
  }
  return found;
}

/** What a recovery did, point by point (DRN-6). */
export interface Recovered {
  vitals: Vitals;
  /** Points absorbed by taint counters. */
  taintRemoved: number;
  /** Points that reached HP (recoverHP) or drain counters (recoverDrain), used or not. */
  applied: number;
}

/** DRN-6 recoverHP: each point removes a ♥ taint counter if there is one, else heals 1 HP (HP-4). */
export function recoverHP(v: Vitals, points: number): Recovered {
  let next = v;
  let taintRemoved = 0;
  let applied = 0;
  for (let i = 0; i < points; i++) {
    if (next.taint.hearts > 0) {
      next = { ...next, taint: { ...next.taint, hearts: next.taint.hearts - 1 } };
      taintRemoved++;
    } else {
      next = healPoint(next);
      applied++;
    }
  }
  return { vitals: next, taintRemoved, applied };
}

/**
 * HP-4: `heal(n)`, the name HP-4 gives to every heal; it is exactly recoverHP (REC-4), so any
 * healing of HP passes through ♥ taint first.
 */
export const heal = recoverHP;

/**
 * DRN-6 recoverDrain: each point removes a taint counter of S (not ♥: ♥ taint blocks only HP
 * recovery) if there is one, else a drain counter of S. Lifting ♥ drain raises hp.max but not value.
 */
export function recoverDrain(v: Vitals, suit: Suit, points: number): Recovered {
  let next = v;
  let taintRemoved = 0;
  let applied = 0;
  for (let i = 0; i < points; i++) {
    if (suit !== "hearts" && next.taint[suit] > 0) {
      next = { ...next, taint: { ...next.taint, [suit]: next.taint[suit] - 1 } };
      taintRemoved++;
    } else if (next.drain[suit] > 0) {
      next = { ...next, drain: { ...next.drain, [suit]: next.drain[suit] - 1 } };
      applied++;
    }
  }
  return { vitals: next, taintRemoved, applied };
}
