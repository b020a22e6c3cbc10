/**
 * Magic in the first release (RULES.md §22, MAG-1 to MAG-7): whether a Cast is legal, what it
 * costs, and the spell item's defaults. Rune magic waits for Appendix A.
 */
import { isSpellcaster } from "./classes";
import { SLOT_LIMITS } from "./equipment";
import { withinCategory } from "./range";
import type { ClassKey, DamageType, Distance } from "./vocabulary";

/** MAG-7: spell item fields with their defaults (damage 2 and one rune are RULES.md's; the rest [design]). */
export interface Spell {
  chipCost: number;
  isAttack: boolean;
  damage: number;
  maxRange: Distance;
  runeCount: number;
}
export const SPELL_DEFAULTS: Readonly<Spell> = {
  chipCost: 0,
  isAttack: true,
  damage: 2,
  maxRange: "close",
  runeCount: 1,
};

/** MAG-7, CD-7: a spell holds 1–3 runes; its countdown speed is 3 + runes. */
export const MIN_RUNES = 1;
export const MAX_RUNES = 3;
export const CAST_BASE_SPEED = 3;

/** MAG-7, CD-7: the countdown speed of a Cast. */
export function castSpeed(runeCount: number): number {
  if (!Number.isInteger(runeCount) || runeCount < MIN_RUNES || runeCount > MAX_RUNES) {
    throw new RangeError(`a spell has ${MIN_RUNES}–${MAX_RUNES} runes, got ${runeCount}`);
  }
  return CAST_BASE_SPEED + runeCount;
}

/** MAG-4: spell damage is energy: no size multiplier, ER not DR. */
export const SPELL_DAMAGE_TYPE: DamageType = "energy";

/** MAG-4: base = spell damage value + 1dF + margin bonus (then DMG-3 with ER). */
export function spellDamageBase(damage: number, dF: number, marginBonus: number): number {
  return damage + dF + marginBonus;
}

/** MAG-1: a Cast reads eff(♦), and neither Fighter chips nor Strength shortfall apply. */
export const CAST_RULES = { card: "diamonds", fighterChips: false, strengthShortfall: false } as const;

export interface CastInput {
  /** CL-1: the caster's classes; null for an NPC, whose stat block (NPC-2) decides what it can Cast. */
  classes: readonly ClassKey[] | null;
  /** CH-5: the caster's current ♦ chips. */
  chips: number;
  spell: Pick<Spell, "chipCost" | "maxRange">;
  /** MAG-2: one empty hand or a held focus. */
  handFreeOrFocus: boolean;
  /** MAG-2: able to move and speak. */
  canMoveAndSpeak: boolean;
  helpless?: boolean;
  gagged?: boolean;
  /** MAG-5: distance category to the target, when there is one. */
  distance?: Distance;
  /** MAG-3: the GM lets a Cast through despite too few chips. */
  gmOverride?: boolean;
}

export type CastProblem =
  | "notSpellcaster"
  | "notEnoughChips"
  | "noHand"
  | "cannotMoveOrSpeak"
  | "helpless"
  | "gagged"
  | "outOfRange"
  | "invalidCost";

/** MAG-2: an item held in the hands (EQ-1), as the Cast reads it. */
export interface HeldItem {
  /** Hands it takes (EQ-1, EQ-3). */
  readonly hands: number;
  /** A staff, wand or holy symbol. */
  readonly focus: boolean;
}

/** EQ-1, AC-3: whether the items held leave one of the two hands empty (Retrieve needs one). */
export function hasFreeHand(held: readonly Pick<HeldItem, "hands">[]): boolean {
  return held.reduce((sum, item) => sum + item.hands, 0) < SLOT_LIMITS.hands;
}

/** MAG-2: one empty hand (of EQ-1's two), or a held focus. */
export function handFreeOrFocus(held: readonly HeldItem[]): boolean {
  return hasFreeHand(held) || held.some((item) => item.focus);
}

/** MAG-2, MAG-3, MAG-5: why a Cast is refused (empty when legal). Only the chip shortage yields to the GM. */
export function castProblems(input: CastInput): CastProblem[] {
  const problems: CastProblem[] = [];
  const cost = input.spell.chipCost;
  if (input.classes && !input.classes.some(isSpellcaster)) problems.push("notSpellcaster");
  if (!Number.isInteger(cost) || cost < 0) problems.push("invalidCost");
  else if (cost > input.chips && !input.gmOverride) problems.push("notEnoughChips");
  if (!input.handFreeOrFocus) problems.push("noHand");
  if (!input.canMoveAndSpeak) problems.push("cannotMoveOrSpeak");
  if (input.helpless) problems.push("helpless");
  if (input.gagged) problems.push("gagged");
  if (input.distance && !withinCategory(input.spell.maxRange, input.distance)) problems.push("outOfRange");
  return problems;
}

/** MAG-3: ♦ chips left after paying for a Cast (an overridden shortfall leaves 0). */
export function payForCast(chips: number, cost: number): number {
  return Math.max(0, chips - cost);
}
