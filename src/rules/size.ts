import type { Size } from "./vocabulary";

/**
 * SZ-1: the multiplier of each size step, in eighths, so that every size ratio is a ratio of
 * integers (step 0 Tiny ×¼ = 2/8 ... step 10 Tremendous ×8 = 64/8).
 */
export const EIGHTHS_BY_STEP = [2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64] as const;

/** SZ-1: the full sizes, smallest first; their rank is the size count SP-4 compares in grappling. */
export const FULL_SIZES = ["tiny", "small", "medium", "large", "huge", "tremendous"] as const;
export type FullSize = (typeof FULL_SIZES)[number];

/** SZ-1, SZ-2: each label's own step (the half-step reading) and the full size it stands for. */
export const SIZE_TABLE: Readonly<Record<Size, { step: number; full: FullSize }>> = {
  tiny: { step: 0, full: "tiny" },
  "tiny+": { step: 1, full: "tiny" },
  "small-": { step: 1, full: "small" },
  small: { step: 2, full: "small" },
  "small+": { step: 3, full: "small" },
  "medium-": { step: 3, full: "medium" },
  medium: { step: 4, full: "medium" },
  "medium+": { step: 5, full: "medium" },
  "large-": { step: 5, full: "large" },
  large: { step: 6, full: "large" },
  "large+": { step: 7, full: "large" },
  "huge-": { step: 7, full: "huge" },
  huge: { step: 8, full: "huge" },
  "huge+": { step: 9, full: "huge" },
  "tremendous-": { step: 9, full: "tremendous" },
  tremendous: { step: 10, full: "tremendous" },
};

/** SZ-2: the size a creature counts as when no size is recorded. */
export const DEFAULT_SIZE: Size = "medium";

/** SZ-2: the full size an X− or X+ label counts as while half steps are off. */
export function fullSize(size: Size): FullSize {
  return SIZE_TABLE[size].full;
}

/** SZ-1, SZ-2: the step (0..10) a label counts as; with half steps off, X− and X+ count as X. */
export function sizeStep(size: Size, halfSteps = false): number {
  const entry = SIZE_TABLE[size];
  return halfSteps ? entry.step : SIZE_TABLE[entry.full].step;
}

/** SZ-1: the multiplier of a size, in eighths. */
export function sizeEighths(size: Size, halfSteps = false): number {
  return EIGHTHS_BY_STEP[sizeStep(size, halfSteps)];
}

/** floor(a / b) for integers, computed without a rounded floating-point quotient (§0.3). */
export function floorDiv(a: number, b: number): number {
  const remainder = ((a % b) + b) % b;
  return (a - remainder) / b;
}

/** SZ-3: floor(base × eighths(attacker) / eighths(target)), exactly, on integers. */
export function scaleBySize(base: number, attacker: Size, target: Size, halfSteps = false): number {
  return floorDiv(base * sizeEighths(attacker, halfSteps), sizeEighths(target, halfSteps));
}

/** SZ-4: a creature's full-size rank (Tiny 0 .. Tremendous 5), half steps ignored, for grappling. */
export function fullSizeRank(size: Size): number {
  return FULL_SIZES.indexOf(fullSize(size));
}

/** SZ-4: how many full sizes `other` is above `mover` (negative when smaller), as SP-4 reads it. */
export function grapplingSizeDifference(mover: Size, other: Size): number {
  return fullSizeRank(other) - fullSizeRank(mover);
}
