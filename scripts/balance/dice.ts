/**
 * The balance tool's dice: a seeded generator (mulberry32), so a run with the same seed plays the
 * same fights and the stored threat ratings can be checked again by a test.
 */
import type { RollDie } from "../../src/rules/vocabulary";

export interface Dice {
  /** 1..faces, uniformly. */
  readonly rollDie: RollDie;
  /** 1dF (DMG-1): −1, 0 or +1. */
  fudge(): number;
}

/** mulberry32: small, fast, and good enough for Monte Carlo over a few hundred thousand fights. */
export function seededDice(seed: number): Dice {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rollDie: RollDie = (faces) => 1 + Math.floor(next() * faces);
  return { rollDie, fudge: () => rollDie(3) - 2 };
}

/** A seed from a text (a creature's name), so each creature's fights do not depend on the others'. */
export function seedOf(text: string, base: number): number {
  let h = base >>> 0 || 1;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
