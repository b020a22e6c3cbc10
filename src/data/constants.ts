/**
 * Stored choice values the data models need beyond src/rules/vocabulary.ts. Each table names the
 * rule it comes from; the schemas, sheets and i18n (ZILCH.Field.<table>.<value>) all read these, so a
 * stored string has one spelling everywhere.
 */
import type { ConditionDuration } from "../rules/conditions";
import type { CarrySlot } from "../rules/equipment";
import { SECONDARY_CARD, SUITS, type Suit } from "../rules/vocabulary";

export { ENCUMBRANCE, RELOADS, WEAPON_MODES } from "../rules/equipment";
export { ONGOING_TAGS } from "../rules/ongoing";

/** CH-1: the suits a class can put chips on (♥ chips are hit points, HP-1). */
export const CLASS_SUITS = ["clubs", "spades", "diamonds"] as const satisfies readonly Suit[];
export type ClassSuit = (typeof CLASS_SUITS)[number];

/** SU-1, SK-3: every card a test can read: the four primaries and the four secondaries. */
export const CARDS = [...SUITS, ...SUITS.map((suit) => SECONDARY_CARD[suit])] as readonly string[];

/** EQ-1: where a carried item sits. `armor` is the one suit of armour; `pack` is unlimited. */
export const CARRY_SLOTS = ["hands", "handy", "pack", "armor"] as const satisfies readonly CarrySlot[];

/** KN-1, KN-2: knack triggers and the knacks automation knows by key (a custom knack has none). */
export { KNACK_TRIGGERS, KNACK_KEYS as KNACKS, type KnackTrigger, type KnackKey } from "../rules/knacks";

/** DMG-6: the payloads a hit can carry beyond its damage. */
export const RIDER_KINDS = ["energy", "drain", "taint", "condition", "ongoing"] as const;
export type RiderKind = (typeof RIDER_KINDS)[number];
/**
 * DMG-6: the rider fields each kind reads (src/data/fields.ts `rider`); the others keep their
 * initial values, so a sheet shows only these.
 */
export const RIDER_FIELDS: Readonly<Record<RiderKind, readonly string[]>> = {
  energy: ["amount"],
  drain: ["amount", "suit", "tainted"],
  taint: ["amount", "suit"],
  condition: ["condition", "saveSuit", "saveModifier", "saveAgainst", "duration", "rounds"],
  ongoing: ["amount", "suit", "saveModifier", "tag"],
};

/** CON-5: how long an applied condition or rider lasts. */
export const DURATIONS = [
  "rounds",
  "endOfNextTurn",
  "startOfNextTurn",
  "endOfEncounter",
  "untilHealed",
  "indefinite",
] as const satisfies readonly ConditionDuration["kind"][];

/** INJ-7, SW-5: the two kinds of injury item. */
export const INJURY_KINDS = ["grievousInjury", "specificWound"] as const;
export type InjuryKind = (typeof INJURY_KINDS)[number];

/** REC-6: healing items automation knows. */
export { HEALING_ITEMS, type HealingItem } from "../rules/recovery";

/** RA-2: vision traits (data for token vision presets). */
export { VISIONS, type Vision } from "../rules/races";

/** NPC-1: movement modes of a stat block. */
export const MOVEMENT_MODES = ["walk", "climb", "swim", "fly", "burrow"] as const;
export type MovementMode = (typeof MOVEMENT_MODES)[number];

/** NPC-1: an ability is Natural (default) or Magical (suppressible). */
export const ABILITY_NATURES = ["natural", "magical"] as const;
export type AbilityNature = (typeof ABILITY_NATURES)[number];

/** DOM-4: a combatant's domino is absent, face down (no value exists), or revealed. */
export const DOMINO_STATES = ["none", "faceDown", "revealed"] as const;
export type DominoState = (typeof DOMINO_STATES)[number];

/**
 * Stored-number bounds. SU-3 lets effects push a card outside 2-14, so a stored card allows 0-30:
 * 0 is the floor of SU-4 and 30 leaves room for any stack of effects while keeping derived values
 * small. Counters (drain, taint) share the cap: a card cannot exceed 30, so 30 drain already floors
 * any suit at 0 and more would change nothing (DRN-5 "no upper bound" is unreachable in play).
 */
export const BOUNDS = {
  card: { min: 0, max: 30 },
  raceModifier: { min: -5, max: 5 },
  counter: { min: 0, max: 30 },
  chips: { min: 0, max: 40 },
  resistance: { min: 0, max: 30 },
  modifier: { min: -20, max: 20 },
  days: { min: 0, max: 365 },
  level: { min: 1, max: 20 },
} as const;

/** NPC-1 "Dmg (attacks, damage, effects)": the shape of an attack's or ability's area ("none": one target). */
export const AREA_SHAPES = ["none", "cone", "line", "burst"] as const;

/** NPC-1 SA/SQ: the special abilities a stat block holds as numbers rather than only as text. */
export const SPECIAL_KINDS = ["breath", "regeneration", "aura", "swallow", "flight"] as const;
