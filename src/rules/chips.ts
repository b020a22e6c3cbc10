/**
 * Chips (RULES.md §3, CH-1 to CH-8): where chips sit, how many fit, what they may be spent on.
 * Recovery amounts (Rally, Rest, Sleep) belong to recovery.ts; the Rally split among class suits is
 * here because it is a capacity question.
 */
import { classCount, classSuits } from "./classes";
import { perSuit } from "./suits";
import type { ClassKey, PerSuit, Suit } from "./vocabulary";

/** KN-2, CH-2: the Toughness knack adds this to ♥ capacity. */
export const TOUGHNESS_HEARTS_BONUS = 2;

export interface CapacityInput {
  classes: readonly ClassKey[];
  /** SU-4: effective primary values (never negative). */
  eff: PerSuit<number>;
  toughness?: boolean;
}

/** CH-1: chips sit only on class-suit primaries and on ♥. */
export function mayHoldChips(suit: Suit, classes: readonly ClassKey[]): boolean {
  return suit === "hearts" || classSuits(classes).includes(suit);
}

/**
 * CH-2, CL-3: capacity per suit: floor(eff / number of classes) on class suits, eff(♥) (+2 with
 * Toughness) on ♥, which is also the HP maximum; 0 where no chips may sit.
 */
export function chipCapacity(input: CapacityInput): PerSuit<number> {
  const n = classCount(input.classes);
  const suits = classSuits(input.classes);
  return perSuit((suit) => {
    const value = Math.max(0, input.eff[suit]);
    if (suit === "hearts") return value + (input.toughness ? TOUGHNESS_HEARTS_BONUS : 0);
    return suits.includes(suit) ? Math.floor(value / n) : 0;
  });
}

/**
 * CH-2: chips above a (new) capacity are lost at once; they do not come back when capacity rises,
 * so the result, not the old count, must be stored.
 */
export function clampChips(chips: PerSuit<number>, capacity: PerSuit<number>): PerSuit<number> {
  return perSuit((s) => Math.max(0, Math.min(chips[s], capacity[s])));
}

/** CH-3 to CH-5: what a chip spend is for. A save names the suit it is based on. */
export type ChipUse =
  | { kind: "attack" }
  | { kind: "defence" }
  | { kind: "save"; suit: Suit }
  | { kind: "cast" }
  /** KN-1: a knack's cost, paid in the suit it names. */
  | { kind: "knack"; suit: Suit };

export interface ChipSpend {
  classes: readonly ClassKey[];
  suit: Suit;
  amount: number;
  available: number;
  use: ChipUse;
}

export type ChipSpendProblem =
  "notWholeNumber" | "heartsNeverSpent" | "notClassSuit" | "wrongUse" | "notEnoughChips";

/** CH-3, CH-4, CH-5: which use each suit's chips may be spent on. */
function useFits(suit: Suit, use: ChipUse): boolean {
  // KN-1: a knack is paid in the suit it names (Hearts never: CH-6).
  if (use.kind === "knack") return use.suit === suit && suit !== "hearts";
  switch (suit) {
    case "clubs":
      return use.kind === "attack" || (use.kind === "save" && use.suit === "clubs");
    case "spades":
      return use.kind === "defence" || (use.kind === "save" && use.suit === "spades");
    case "diamonds":
      return use.kind === "cast";
    default:
      return false;
  }
}

/**
 * CH-3 to CH-6: why a spend is refused, or null when it is allowed. ♣ chips go to one ♣ attack or
 * ♣ save, ♠ chips to one defence or ♠ save, ♦ chips pay for a Cast, Heart chips are never spent.
 */
export function chipSpendProblem(spend: ChipSpend): ChipSpendProblem | null {
  if (!Number.isInteger(spend.amount) || spend.amount < 0) return "notWholeNumber";
  if (spend.suit === "hearts") return "heartsNeverSpent";
  if (!classSuits(spend.classes).includes(spend.suit)) return "notClassSuit";
  if (!useFits(spend.suit, spend.use)) return "wrongUse";
  if (spend.amount > spend.available) return "notEnoughChips";
  return null;
}

/** CH-7: when chips may be committed for each use. */
export const CHIP_WINDOWS = {
  save: "rollDialog",
  attack: "attackerWindow",
  defence: "defenderWindow",
  cast: "beforeResolution",
  knack: "onUse",
} as const satisfies Record<ChipUse["kind"], string>;

/** CH-7: spent chips are gone whatever the outcome. */
export function spendChips(chips: PerSuit<number>, suit: Suit, amount: number): PerSuit<number> {
  if (!Number.isInteger(amount) || amount < 0 || amount > chips[suit]) {
    throw new RangeError(`cannot spend ${amount} ${suit} chips from ${chips[suit]}`);
  }
  return { ...chips, [suit]: chips[suit] - amount };
}

export interface RallySplit {
  chips: PerSuit<number>;
  /** Chips the Rally result allowed but no class suit had room for. */
  unused: number;
}

/**
 * CH-8, REC-1, EX-REC-3: share `regained` class chips among the class suits, each capped at its
 * capacity. `choice` is how many the player puts on each suit; without it they fill the class suits
 * in class order. A choice that exceeds the total or a suit's room is refused.
 */
export function splitRally(
  regained: number,
  chips: PerSuit<number>,
  capacity: PerSuit<number>,
  classes: readonly ClassKey[],
  choice?: Partial<PerSuit<number>>,
): RallySplit {
  if (!Number.isInteger(regained) || regained < 0) throw new RangeError(`cannot regain ${regained} chips`);
  const suits = classSuits(classes);
  const room = (s: Suit): number => Math.max(0, capacity[s] - chips[s]);
  const result = { ...chips };
  let left = regained;
  if (choice) {
    for (const [suit, amount] of Object.entries(choice) as [Suit, number][]) {
      if (!suits.includes(suit)) throw new RangeError(`${suit} is not a class suit`);
      if (!Number.isInteger(amount) || amount < 0 || amount > room(suit)) {
        throw new RangeError(`${suit} has room for ${room(suit)} chips, not ${amount}`);
      }
      left -= amount;
      result[suit] += amount;
    }
    if (left < 0) throw new RangeError(`the Rally regained ${regained} chips, not ${regained - left}`);
    return { chips: result, unused: left };
  }
  for (const suit of suits) {
    const add = Math.min(left, room(suit));
    result[suit] += add;
    left -= add;
  }
  return { chips: result, unused: left };
}
