/**
 * Character generation (RULES.md §2, GEN-1 to GEN-4): the four methods as functions of dice or
 * cards passed in, the point-buy cost, and the bounds every method must meet after race.
 */
import { CARD_MIN, perSuit, type CardRole, type CardSet } from "./suits";
import { SUITS, type PerSuit, type Suit } from "./vocabulary";

/** SET-1 `chargenMethod`. */
export const CHARGEN_METHODS = ["pointBuy", "cautious", "reckless", "quickDraw"] as const;
export type ChargenMethod = (typeof CHARGEN_METHODS)[number];

/** GEN-1, SET-1 `pointBuyBase`: the starting value of all eight cards. */
export const POINT_BUY_BASES = [4, 5, 6] as const;
export const POINT_BUY_BASE = 4;
/** GEN-1: points to spend, and the highest card point buy reaches (K). */
export const POINT_BUY_BUDGET = 30;
export const POINT_BUY_MAX = 13;
/** GEN-2: above this value each step costs 2. */
const CHEAP_UP_TO = 10;

/** GEN-2: cost(b, v) = (min(v, 10) − b) + 2 × max(0, v − 10), for b ≤ 10 and b ≤ v ≤ 13. */
export function pointBuyCost(base: number, value: number): number {
  if (!Number.isInteger(base) || base > CHEAP_UP_TO)
    throw new RangeError(`point-buy base must be ≤ 10, got ${base}`);
  if (!Number.isInteger(value) || value < base) throw new RangeError(`a card cannot be bought below ${base}`);
  return Math.min(value, CHEAP_UP_TO) - base + 2 * Math.max(0, value - CHEAP_UP_TO);
}

/** GEN-1: the eight cards from one list: primaries then secondaries, in suit order (FORMAT.md `pointBuy`). */
export function cardSetFromList(values: readonly number[]): CardSet {
  if (values.length !== 2 * SUITS.length)
    throw new RangeError(`expected 8 card values, got ${values.length}`);
  return {
    primary: perSuit((s) => values[SUITS.indexOf(s)]),
    secondary: perSuit((s) => values[SUITS.length + SUITS.indexOf(s)]),
  };
}

/** GEN-1: the eight cards as a list, primaries then secondaries, in suit order. */
export function cardSetToList(cards: CardSet): number[] {
  return [...SUITS.map((s) => cards.primary[s]), ...SUITS.map((s) => cards.secondary[s])];
}

export interface CardProblem {
  suit: Suit;
  card: CardRole;
  value: number;
}

export interface PointBuyResult {
  /** GEN-2: the total cost; a card below the base costs (and refunds) nothing. */
  cost: number;
  valid: boolean;
  overBudget: boolean;
  /** GEN-2: cards cannot be lowered below the base to gain points. */
  belowBase: CardProblem[];
  /** GEN-1: no card above 13 (K), and only whole numbers. */
  aboveMax: CardProblem[];
}

function eachCard(cards: CardSet): CardProblem[] {
  return (["primary", "secondary"] as const).flatMap((card) =>
    SUITS.map((suit) => ({ suit, card, value: cards[card][suit] })),
  );
}

/** GEN-1, GEN-2: the cost of a point-buy build and whether it is legal (before race, GEN-3). */
export function pointBuy(cards: CardSet, base = POINT_BUY_BASE, budget = POINT_BUY_BUDGET): PointBuyResult {
  const all = eachCard(cards);
  const belowBase = all.filter((c) => c.value < base);
  const aboveMax = all.filter((c) => !Number.isInteger(c.value) || c.value > POINT_BUY_MAX);
  const cost = all.reduce((sum, c) => sum + (c.value < base ? 0 : pointBuyCost(base, Math.ceil(c.value))), 0);
  const overBudget = cost > budget;
  return {
    cost,
    valid: !overBudget && belowBase.length === 0 && aboveMax.length === 0,
    overBudget,
    belowBase,
    aboveMax,
  };
}

/** GEN-3: after race modifiers every card must lie in 2–13. */
export const CREATION_MIN = CARD_MIN;
export const CREATION_MAX = 13;

/** GEN-3: the cards that fall outside 2–13 once race modifiers apply to both cards of their suit. */
export function raceBoundsProblems(cards: CardSet, race: Partial<PerSuit<number>>): CardProblem[] {
  return eachCard(cards)
    .map((c) => ({ ...c, value: c.value + (race[c.suit] ?? 0) }))
    .filter((c) => c.value < CREATION_MIN || c.value > CREATION_MAX);
}

/** GEN-1: the cautious-roll variants: die faces and the amount added to each die. */
export const CAUTIOUS_VARIANTS = {
  standard: { faces: 6, add: 4 },
  highPower: { faces: 6, add: 6 },
  highPowerD8: { faces: 8, add: 4 },
} as const;
export type CautiousVariant = keyof typeof CAUTIOUS_VARIANTS;

function checkDice(dice: readonly number[], count: number, faces: number): void {
  if (dice.length !== count) throw new RangeError(`expected ${count} dice, got ${dice.length}`);
  for (const d of dice) {
    if (!Number.isInteger(d) || d < 1 || d > faces) throw new RangeError(`a d${faces} cannot show ${d}`);
  }
}

/**
 * GEN-1 cautious roll: 8 dice, each die + 4 (or the high-power variant). The values come back in
 * the order rolled; `cardSetFromList` assigns them in that order for a player who takes them as rolled.
 */
export function cautiousRoll(dice: readonly number[], variant: CautiousVariant = "standard"): number[] {
  const { faces, add } = CAUTIOUS_VARIANTS[variant];
  checkDice(dice, 8, faces);
  return dice.map((d) => d + add);
}

/** GEN-1 reckless roll: 16d6, each card the sum of two consecutive dice, in card order. */
export function recklessRoll(dice: readonly number[]): CardSet {
  checkDice(dice, 16, 6);
  return cardSetFromList(Array.from({ length: 8 }, (_, i) => dice[2 * i] + dice[2 * i + 1]));
}

/** GEN-1 quick draw: the card range drawn from and the total at or below which all four may be redrawn. */
export const QUICK_DRAW = {
  standard: { min: 5, max: 10, redrawAtOrBelow: 25 },
  highPower: { min: 6, max: 11, redrawAtOrBelow: 30 },
} as const;
export type QuickDrawVariant = keyof typeof QUICK_DRAW;

/** GEN-1 quick draw: one card per suit; each secondary equals its primary [design]. */
export function quickDraw(
  draws: PerSuit<number>,
  variant: QuickDrawVariant = "standard",
): { cards: CardSet; mayRedraw: boolean } {
  const { min, max, redrawAtOrBelow } = QUICK_DRAW[variant];
  for (const s of SUITS) {
    const v = draws[s];
    if (!Number.isInteger(v) || v < min || v > max)
      throw new RangeError(`quick draw cards run ${min}–${max}, got ${v}`);
  }
  const total = SUITS.reduce((sum, s) => sum + draws[s], 0);
  return { cards: { primary: { ...draws }, secondary: { ...draws } }, mayRedraw: total <= redrawAtOrBelow };
}

/** GEN-4: the starting state: full HP and class chips, no drain or taint, Boons at their maximum. */
export interface StartingState {
  hp: { value: number; temp: number; max: number };
  /** Class chips; ♥ chips are the hit points (CH-6), so `hearts` here is always 0. */
  chips: PerSuit<number>;
  drain: PerSuit<number>;
  taint: PerSuit<number>;
  boons: number;
}

/** GEN-4: `capacity` from CH-2 (♥ capacity is the HP maximum); `boons` from TL-6 when slow start is on. */
export function startingState(capacity: PerSuit<number>, boons = 0): StartingState {
  return {
    hp: { value: capacity.hearts, temp: 0, max: capacity.hearts },
    chips: { ...capacity, hearts: 0 },
    drain: perSuit(0),
    taint: perSuit(0),
    boons,
  };
}
