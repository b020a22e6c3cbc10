/**
 * CD-4: hands as multisets of die values. Dice of equal value are interchangeable, so a hand is kept
 * sorted highest first and a die is named by its value.
 */

/** CD-4: a die showing 1 is a 1; every other die is usable. */
export const ONE = 1;

/** CD-4: whether a die can pay for an action. */
export function isUsable(die: number): boolean {
  return die > ONE;
}

/** CD-4: a hand in the stored order, highest first. */
export function sortHand(dice: readonly number[]): number[] {
  return [...dice].sort((a, b) => b - a);
}

/** CD-5: the highest die in hand, or 0 for an empty hand. */
export function highestDie(hand: readonly number[]): number {
  return hand.length === 0 ? 0 : hand[0];
}

/** CD-5: a hand can be called only while it holds a usable die. */
export function hasUsable(hand: readonly number[]): boolean {
  return hand.length > 0 && isUsable(hand[0]);
}

/** CD-4: the hand without one die of each listed value, or null when the hand lacks one of them. */
export function removeDice(hand: readonly number[], dice: readonly number[]): number[] | null {
  const rest = [...hand];
  for (const die of dice) {
    const at = rest.indexOf(die);
    if (at < 0) return null;
    rest.splice(at, 1);
  }
  return rest;
}

/** CD-4: whether every listed die is in the hand (as a multiset). */
export function holdsDice(hand: readonly number[], dice: readonly number[]): boolean {
  return removeDice(hand, dice) !== null;
}
