/**
 * Tests, saves and contests (RULES.md §6, T-1 to T-11). A test is a d12 roll-under check; attacks are
 * never tests (T-11, attack.ts).
 */
import { BOON_BONUS } from "./talents";
import type { DegreeOfSuccess, RollDie, Suit } from "./vocabulary";

/** T-1: the dice of one test: a d12, and a d8 only when the d12 shows 12. */
export interface TestDice {
  d12: number;
  d8?: number;
}

function assertDie(value: number | undefined, faces: number, name: string): asserts value is number {
  if (value === undefined || !Number.isInteger(value) || value < 1 || value > faces) {
    throw new RangeError(`${name} must be an integer from 1 to ${faces}, got ${String(value)}`);
  }
}

/** T-1: the roll from the dice: a 12 never stands, it becomes 12 + d8 (the d8 never explodes). */
export function testRoll(dice: TestDice): number {
  assertDie(dice.d12, 12, "d12");
  if (dice.d12 !== 12) return dice.d12;
  assertDie(dice.d8, 8, "d8");
  return 12 + dice.d8;
}

/** T-1: roll a test with an injected die; both dice are returned so the Roll can show them. */
export function rollTestDice(rollDie: RollDie): TestDice & { roll: number } {
  const d12 = rollDie(12);
  const dice: TestDice = d12 === 12 ? { d12, d8: rollDie(8) } : { d12 };
  return { ...dice, roll: testRoll(dice) };
}

/** T-1: the possible rolls, 1–11 and 13–20. */
export const POSSIBLE_ROLLS: readonly number[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20,
];

/** T-3: the margin between a critical and a plain result (so SK-1: a −5 modifier demands a critical). */
export const CRITICAL_MARGIN = 5;

/**
 * T-3, T-4: degree of success of a roll against a target. T-4's boundaries (target ≤ 0 never
 * succeeds, ≥ 20 never fails) follow from T-3 exactly, so no special case is needed.
 */
export function degreeOfSuccess(roll: number, target: number): DegreeOfSuccess {
  if (roll <= target - CRITICAL_MARGIN) return "CS";
  if (roll <= target) return "S";
  if (roll <= target + CRITICAL_MARGIN) return "F";
  return "CF";
}

/** T-6: a save is binary: CS and S succeed, F and CF fail; criticals add nothing. */
export function isSuccess(dos: DegreeOfSuccess): boolean {
  return dos === "CS" || dos === "S";
}

/** T-6: whether a save with this roll against this target succeeds. */
export function saveSucceeds(roll: number, target: number): boolean {
  return isSuccess(degreeOfSuccess(roll, target));
}

/** T-5: the difficulty presets of the roll dialog. */
export const DIFFICULTIES = { veryHard: -5, hard: -2, normal: 0, easy: 2 } as const;
export type Difficulty = keyof typeof DIFFICULTIES;

/** T-5: a modifier this large suggests no roll is needed. */
export const NO_ROLL_NEEDED_AT = 5;

/** T-2: the parts a target is built from. Chips and pips count on saves only (CH-3, CH-4, T-7). */
export interface TargetParts {
  card: number;
  skill?: number;
  modifiers?: readonly number[];
  save?: boolean;
  chips?: number;
  pips?: number;
  boon?: boolean;
}

/** T-2: target = card + skill + modifiers + chips (saves) + pips (combat saves) + Boon. */
export function testTarget(parts: TargetParts): number {
  const chips = parts.chips ?? 0;
  const pips = parts.pips ?? 0;
  if (!parts.save && (chips !== 0 || pips !== 0)) {
    throw new RangeError("chips and pips add to a save's target only (CH-3, CH-4, T-7)");
  }
  if (chips < 0 || pips < 0) throw new RangeError("chips and pips cannot be negative");
  const modifiers = (parts.modifiers ?? []).reduce((sum, m) => sum + m, 0);
  return parts.card + (parts.skill ?? 0) + modifiers + chips + pips + (parts.boon ? BOON_BONUS : 0);
}

/** T-7: the current pips of a creature's domino, or null when it holds none. */
export interface HeldPips {
  offense: number;
  defense: number;
}

/** T-7: pips a combat save adds: offensive on ♣, defensive on ♠, none on ♦/♥ or without a domino. */
export function combatSavePips(suit: Suit, pips: HeldPips | null): number {
  if (!pips) return 0;
  if (suit === "clubs") return pips.offense;
  if (suit === "spades") return pips.defense;
  return 0;
}

/** T-7, DOM-5: a hidden domino is revealed for a ♣- or ♠-based save. */
export function saveRevealsDomino(suit: Suit, holdsHiddenDomino: boolean): boolean {
  return holdsHiddenDomino && (suit === "clubs" || suit === "spades");
}

/** T-8: one side of a contest: its target, its roll and, for T-9, the card value it tested. */
export interface ContestSide {
  target: number;
  roll: number;
  card?: number;
}

export type ContestSideKey = "a" | "b";
export type ContestWinner = ContestSideKey | "draw" | "reroll";

export interface ContestOptions {
  /** T-9: a rule needs a winner at once. */
  immediate?: boolean;
  initiator?: ContestSideKey;
}

export interface ContestResult {
  winner: ContestWinner;
  dos: Record<ContestSideKey, DegreeOfSuccess>;
  /** T-10: present only when there is a winner. */
  pointsWonBy?: number;
}

/** T-10: margin of one side: target − roll. */
export function testMargin(side: { target: number; roll: number }): number {
  return side.target - side.roll;
}

/** T-10: points won by = clamp(winner's margin − loser's margin, 1, 5). */
export function pointsWonBy(winnerMargin: number, loserMargin: number): number {
  return Math.min(5, Math.max(1, winnerMargin - loserMargin));
}

/** T-9: settles an equal-roll double success: initiator, then higher card (or target), else reroll. */
function immediateTieWinner(a: ContestSide, b: ContestSide, initiator?: ContestSideKey): ContestWinner {
  if (initiator) return initiator;
  const aCard = a.card ?? a.target;
  const bCard = b.card ?? b.target;
  if (aCard === bCard) return "reroll";
  return aCard > bCard ? "a" : "b";
}

/** T-8, T-9, T-10: the outcome of a contest, with T-9's immediate winner when asked for. */
export function contest(a: ContestSide, b: ContestSide, options: ContestOptions = {}): ContestResult {
  const dos = { a: degreeOfSuccess(a.roll, a.target), b: degreeOfSuccess(b.roll, b.target) };
  const aWins = isSuccess(dos.a);
  const bWins = isSuccess(dos.b);
  let winner: ContestWinner;
  if (!aWins && !bWins) winner = options.immediate ? "reroll" : "draw";
  else if (aWins !== bWins) winner = aWins ? "a" : "b";
  else if (a.roll !== b.roll) winner = a.roll < b.roll ? "a" : "b";
  else winner = options.immediate ? immediateTieWinner(a, b, options.initiator) : "draw";
  if (winner !== "a" && winner !== "b") return { winner, dos };
  const [w, l] = winner === "a" ? [a, b] : [b, a];
  return { winner, dos, pointsWonBy: pointsWonBy(testMargin(w), testMargin(l)) };
}

/**
 * T-1: the roll distribution in ninety-sixths: 1–11 weigh 8 each (1/12), 13–20 weigh 1 each
 * (1/12 × 1/8). Integers keep Appendix B exact.
 */
export const ROLL_WEIGHTS: readonly { roll: number; weight: number }[] = POSSIBLE_ROLLS.map((roll) => ({
  roll,
  weight: roll <= 11 ? 8 : 1,
}));
export const ROLL_WEIGHT_TOTAL = 96;

/** B-1: the chance of each DoS against a target, in ninety-sixths. */
export function degreeChances(target: number): Record<DegreeOfSuccess, number> {
  const chances: Record<DegreeOfSuccess, number> = { CS: 0, S: 0, F: 0, CF: 0 };
  for (const { roll, weight } of ROLL_WEIGHTS) chances[degreeOfSuccess(roll, target)] += weight;
  return chances;
}

/** B-1, T-4: the chance of success (CS or S) against a target, in ninety-sixths. */
export function successChance(target: number): number {
  const c = degreeChances(target);
  return c.CS + c.S;
}

/**
 * B-1: a chance in ninety-sixths as a percentage with one decimal, rounding half to even as
 * Appendix B does (6/96 = 6.25 shows 6.2). Computed in integer tenths, then scaled once.
 */
export function chancePercent(ninetySixths: number): number {
  const numerator = ninetySixths * 1000;
  const tenths = Math.floor(numerator / ROLL_WEIGHT_TOTAL);
  const twiceRemainder = 2 * (numerator - tenths * ROLL_WEIGHT_TOTAL);
  const roundUp =
    twiceRemainder > ROLL_WEIGHT_TOTAL || (twiceRemainder === ROLL_WEIGHT_TOTAL && tenths % 2 === 1);
  return (tenths + (roundUp ? 1 : 0)) / 10;
}

/** T-4: targets 11 and 12 succeed equally often, because a rolled 12 always becomes 13 or more. */
export function targetHasPlateau(target: number): boolean {
  return target === 11 || target === 12;
}
