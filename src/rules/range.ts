/**
 * Distance, range, cover and visibility (RULES.md §15, RNG-1 to RNG-4).
 */
import type { GridSquare } from "./conditions";
import { DISTANCES, type Condition, type Distance, type RangeClass } from "./vocabulary";

/** RNG-1: the first square of each distance category. */
const CATEGORY_STARTS: readonly [Distance, number][] = [
  ["distant", 25],
  ["far", 13],
  ["near", 7],
  ["close", 2],
  ["engaged", 0],
];

/** RNG-1: the distance category of a distance in squares (0–1 Engaged, 2–6 Close, 7–12 Near, 13–24 Far, 25+ Distant). */
export function distanceCategory(squares: number): Distance {
  if (!Number.isInteger(squares) || squares < 0)
    throw new RangeError(`a distance is a whole number of squares ≥ 0, got ${squares}`);
  return CATEGORY_STARTS.find(([, start]) => squares >= start)![0];
}

/** RNG-1, §0.3: a melee target is within reach at a distance ≤ the reach (1, or 2 for reach weapons). */
export function withinReach(squares: number, reach = 1): boolean {
  return squares <= reach;
}

/** RNG-2: the attack modifier per range class and category; null means out of range (illegal). */
export const RANGE_TABLE: Readonly<Record<RangeClass, Readonly<Record<Distance, number | null>>>> = {
  thrown: { engaged: 0, close: 0, near: -2, far: null, distant: null },
  short: { engaged: 0, close: 0, near: 0, far: -2, distant: null },
  long: { engaged: 0, close: 0, near: 0, far: 0, distant: -5 },
};

/** RNG-2: the range modifier of a missile attack, or null when the attack is illegal. */
export function rangeModifier(rangeClass: RangeClass, distance: Distance): number | null {
  return RANGE_TABLE[rangeClass][distance];
}

/** RNG-2: the same from a distance in squares. */
export function rangeModifierAt(rangeClass: RangeClass, squares: number): number | null {
  return rangeModifier(rangeClass, distanceCategory(squares));
}

/** RNG-1, MAG-5: whether a distance lies within a maximum category. */
export function withinCategory(max: Distance, distance: Distance): boolean {
  return DISTANCES.indexOf(distance) <= DISTANCES.indexOf(max);
}

/** RNG-3: cover kinds. */
export const COVERS = ["none", "light", "half", "heavy", "total"] as const;
export type Cover = (typeof COVERS)[number];

/** RNG-3: cover adds to the defence total, even of a Defenseless target; total cover forbids the attack (null). */
export const COVER_BONUS: Readonly<Record<Cover, number | null>> = {
  none: 0,
  light: 1,
  half: 2,
  heavy: 4,
  total: null,
};

/** RNG-3: the defence bonus of a cover, or null when no attack is possible. */
export function coverBonus(cover: Cover): number | null {
  return COVER_BONUS[cover];
}

/** RNG-4: how well a target can be seen. */
export const VISIBILITIES = ["clear", "occluded", "invisible"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** RNG-4: the attack modifier of each visibility. */
export const VISIBILITY_MODIFIER: Readonly<Record<Visibility, number>> = {
  clear: 0,
  occluded: -2,
  invisible: -5,
};

/**
 * RNG-4, CON-4: the visibility an attacker deals with: a Blind attacker sees every target as
 * invisible, a Visually Impaired one at least as occluded.
 */
export function effectiveVisibility(
  visibility: Visibility,
  attackerConditions: readonly Condition[],
): Visibility {
  if (attackerConditions.includes("blind")) return "invisible";
  if (attackerConditions.includes("visuallyImpaired") && visibility === "clear") return "occluded";
  return visibility;
}

/** RNG-4: the attack modifier for a target's visibility, given the attacker's conditions. */
export function visibilityModifier(
  visibility: Visibility,
  attackerConditions: readonly Condition[] = [],
): number {
  return VISIBILITY_MODIFIER[effectiveVisibility(visibility, attackerConditions)];
}

/** RNG-4, AT-6: against an invisible target the attacker names a square; a wrong one misses, nothing spent. */
export function invisibleGuessHits(visibility: Visibility, namedSquareRight: boolean): boolean {
  return visibility !== "invisible" || namedSquareRight;
}

/**
 * RNG-4: whether the square the attacker names lies under the target, which covers `width` × `height`
 * squares from its top-left `square` (a Large creature covers more than one).
 */
export function namedSquareRight(
  named: GridSquare,
  target: { readonly square: GridSquare; readonly width: number; readonly height: number },
): boolean {
  const within = (n: number, start: number, size: number) => n >= start && n < start + Math.max(1, size);
  return within(named.x, target.square.x, target.width) && within(named.y, target.square.y, target.height);
}
