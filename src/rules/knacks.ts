/**
 * Knacks (RULES.md §4, KN-1 to KN-2): the knack table as data, with the numbers the other rules
 * read (Rage, Sneak Attack, Toughness, Alert). Rune-dependent knacks wait for Appendix A.
 */
import { TOUGHNESS_HEARTS_BONUS } from "./chips";
import type { DurationEvent } from "./conditions";
import type { ClassKey, Condition, Stance, Suit } from "./vocabulary";

/** KN-1: when a knack is used: passive, a free action, a Minor action, declared on the turn, after a hit. */
export const KNACK_TRIGGERS = ["passive", "free", "minor", "declared", "afterHit"] as const;
export type KnackTrigger = (typeof KNACK_TRIGGERS)[number];

export interface KnackEntry {
  /** KN-2: the class that may take it, or "general" for anyone. */
  class: ClassKey | "general";
  /** KN-1: the suit its chips come from, or null for a passive knack. */
  chipSuit: Suit | null;
  cost: number;
  /** KN-1: every trigger it may be used on. */
  triggers: readonly KnackTrigger[];
}

const knack = (
  cls: KnackEntry["class"],
  chipSuit: Suit | null,
  cost: number,
  triggers: KnackTrigger[],
): KnackEntry => ({ class: cls, chipSuit, cost, triggers });

/**
 * KN-2: the knack table. Rage is a free action right after taking damage, otherwise a Minor action;
 * Slip Away is declared with the stance; Evasion is a free action after a successful ♠ save.
 */
export const KNACKS = {
  rage: knack("fighter", "clubs", 2, ["free", "minor"]),
  springAttack: knack("fighter", "clubs", 1, ["declared"]),
  stunningFist: knack("fighter", "clubs", 1, ["afterHit"]),
  sneakAttack: knack("rogue", "spades", 1, ["afterHit"]),
  slipAway: knack("rogue", "spades", 1, ["declared"]),
  evasion: knack("rogue", "spades", 1, ["free"]),
  toughness: knack("general", null, 0, ["passive"]),
  alert: knack("general", null, 0, ["passive"]),
} as const satisfies Record<string, KnackEntry>;
export type KnackKey = keyof typeof KNACKS;
export const KNACK_KEYS = Object.keys(KNACKS) as KnackKey[];

/** KN-2 Rage: +1 damage on melee hits, +2 on ♣ saves, immune to Shaken, Reckless or Bold only. */
export const RAGE = {
  meleeDamage: 1,
  clubsSaveBonus: 2,
  immuneTo: ["shaken"] as readonly Condition[],
  stances: ["reckless", "bold"] as readonly Stance[],
} as const;

/**
 * KN-2 Rage, as a creature's record: whether it rages now, and whether it has made an attack in the
 * current round (kept for a Rage-holder whether raging or not, so a rage begun after this round's
 * attack, as a free action right after taking damage, still counts that attack).
 */
export interface RageRecord {
  readonly raging: boolean;
  readonly attacked: boolean;
}

export const NO_RAGE: RageRecord = { raging: false, attacked: false };

/** KN-2: a stored rage record read back (anything malformed is no rage). */
export function readRage(value: unknown): RageRecord {
  if (typeof value !== "object" || value === null) return NO_RAGE;
  const r = value as Partial<RageRecord>;
  return { raging: r.raging === true, attacked: r.attacked === true };
}

/** KN-2 Rage: a second rage while raging is refused before anything is paid. */
export function rageProblem(rage: RageRecord): "alreadyRaging" | null {
  return rage.raging ? "alreadyRaging" : null;
}

/** KN-2 Rage: whether a rage keeps `condition` off its holder (immune to Shaken). */
export function rageWardsOff(rage: RageRecord, condition: Condition): boolean {
  return rage.raging && RAGE.immuneTo.includes(condition);
}

/** KN-2 Rage: the bonus a raging creature adds to a ♣-based save (+2), else 0. */
export function rageSaveBonus(raging: boolean, suit: Suit): number {
  return raging && suit === "clubs" ? RAGE.clubsSaveBonus : 0;
}

/** KN-2 Rage: the record once its holder makes an attack this round. */
export function rageAfterAttack(rage: RageRecord): RageRecord {
  return { ...rage, attacked: true };
}

/**
 * KN-2 Rage: it lasts until the encounter ends, or until the end of a round in which its user made no
 * attack; each new round starts with no attack made.
 */
export function rageAfterEvent(rage: RageRecord, event: DurationEvent): RageRecord {
  if (event === "encounterEnd") return NO_RAGE;
  if (event !== "roundEnd") return rage;
  return { raging: rage.raging && rage.attacked, attacked: false };
}

/**
 * KN-2: the knacks the attack card offers at their moment (Sneak Attack with the damage roll), so the
 * sheet has no Use button for them and a use from elsewhere is refused before anything is paid.
 */
export const ATTACK_CARD_KNACKS: readonly string[] = ["sneakAttack"];

/** KN-2 Sneak Attack: +2 damage, added at DMG-1. */
export const SNEAK_ATTACK_DAMAGE = 2;

/** KN-2 Toughness: +2 ♥ chip capacity (CH-2). */
export const TOUGHNESS_BONUS = TOUGHNESS_HEARTS_BONUS;

/** KN-2 Alert: +2 initiative in Spades mode (INI-2). */
export const ALERT_INITIATIVE = 2;

export type KnackProblem = "class" | "notEnoughChips" | "passive";

/** KN-1: a knack as its item records it: class (null: General), chip suit (null: free), cost, trigger. */
export interface KnackUse {
  class: ClassKey | null;
  chipSuit: Suit | null;
  cost: number;
  trigger: KnackTrigger;
}

/**
 * KN-1: why a creature cannot use a knack item now, or null: a passive knack is always on and never
 * used; another class's knack is refused (`classes` null: an NPC, whose stat block decides, NPC-2);
 * the chips held on its suit must cover the cost.
 */
export function knackUseProblem(
  knack: KnackUse,
  classes: readonly ClassKey[] | null,
  chips: number,
): KnackProblem | null {
  if (knack.trigger === "passive") return "passive";
  if (classes && knack.class !== null && !classes.includes(knack.class)) return "class";
  if (knack.chipSuit !== null && chips < knack.cost) return "notEnoughChips";
  return null;
}

/** KN-1, KN-2: why a character cannot use a knack now, or null: its class, and chips to pay the cost. */
export function knackProblem(
  key: KnackKey,
  classes: readonly ClassKey[],
  chips: number,
): KnackProblem | null {
  const entry: KnackEntry = KNACKS[key];
  if (entry.class !== "general" && !classes.includes(entry.class)) return "class";
  if (chips < entry.cost) return "notEnoughChips";
  return null;
}
