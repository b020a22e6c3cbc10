/**
 * The game's shared words. Every module of src/rules, the data models, templates, CSS classes and
 * i18n keys use these identifiers (they are also the identifiers of the conformance vectors,
 * test/conformance/FORMAT.md), so one concept has one name everywhere.
 */

/** SU-1: the four suits, in the order the sheet and every table list them. */
export const SUITS = ["clubs", "spades", "diamonds", "hearts"] as const;
export type Suit = (typeof SUITS)[number];

/** SU-1: the name of each suit's secondary card. */
export const SECONDARY_CARD: Readonly<Record<Suit, string>> = {
  clubs: "strength",
  spades: "cunning",
  diamonds: "knowledge",
  hearts: "charisma",
};

/** A value per suit. */
export type PerSuit<T> = Record<Suit, T>;

/** T-3: degrees of success, best first. */
export const DEGREES_OF_SUCCESS = ["CS", "S", "F", "CF"] as const;
export type DegreeOfSuccess = (typeof DEGREES_OF_SUCCESS)[number];

/** ST-2: stances, from all-out attack to all-out defence (the ST-5 shift order). */
export const STANCES = ["reckless", "bold", "cautious", "guarded"] as const;
export type Stance = (typeof STANCES)[number];

/** AT-7: hit colours, worst first. */
export const COLOURS = ["white", "green", "yellow", "orange", "red"] as const;
export type Colour = (typeof COLOURS)[number];

/** EQ-2: weapon categories, lightest first. */
export const WEAPON_CATEGORIES = ["tiny", "light", "heavy", "great"] as const;
export type WeaponCategory = (typeof WEAPON_CATEGORIES)[number];

/** EQ-5: armour categories ("none" when no armour is worn), lightest first. */
export const ARMOR_CATEGORIES = ["none", "thin", "light", "heavy", "plate"] as const;
export type ArmorCategory = (typeof ARMOR_CATEGORIES)[number];

/** EQ-7: shields ("none" when no shield is carried), lightest first. */
export const SHIELDS = ["none", "buckler", "small", "large", "tower"] as const;
export type ShieldKind = (typeof SHIELDS)[number];

/** CL-1: classes; a Spellcaster is one of the five types (CL-3 allows at most one). */
export const CLASSES = ["fighter", "rogue", "wizard", "cleric", "healer", "necromancer", "druid"] as const;
export type ClassKey = (typeof CLASSES)[number];
export const SPELLCASTER_TYPES = ["wizard", "cleric", "healer", "necromancer", "druid"] as const;

/** RA-2: races. */
export const RACES = ["human", "dwarf", "elf", "halfling", "gnome", "halfOrc"] as const;
export type RaceKey = (typeof RACES)[number];

/** SZ-1, SZ-2: size labels, full and half steps. */
export const SIZES = [
  "tiny",
  "tiny+",
  "small-",
  "small",
  "small+",
  "medium-",
  "medium",
  "medium+",
  "large-",
  "large",
  "large+",
  "huge-",
  "huge",
  "huge+",
  "tremendous-",
  "tremendous",
] as const;
export type Size = (typeof SIZES)[number];

/** INJ-4, SW-2: body locations (the aiming point Gut is `abdomen`), in the FORMAT.md order. */
export const LOCATIONS = [
  "head",
  "neck",
  "chest",
  "rightArm",
  "leftArm",
  "abdomen",
  "groin",
  "rightLeg",
  "leftLeg",
] as const;
export type Location = (typeof LOCATIONS)[number];

/** SW-2: the seven aiming points (no Neck or Groin). */
export const AIMING_POINTS = [
  "head",
  "chest",
  "rightArm",
  "leftArm",
  "abdomen",
  "rightLeg",
  "leftLeg",
] as const;
export type AimingPoint = (typeof AIMING_POINTS)[number];

/** INJ-7: grievous-injury effect keys. */
export const INJURY_EFFECTS = [
  "stun",
  "wind",
  "fleshWound",
  "sound",
  "sight",
  "balance",
  "paralysis",
  "broken",
  "fracture",
  "hand",
  "foot",
  "puncture",
  "maim",
  "bleeder",
  "unconscious",
  "kill",
  "sever",
] as const;
export type InjuryEffect = (typeof INJURY_EFFECTS)[number];

/** SW-7: specific-wound keys, armed then brawling. */
export const ARMED_WOUNDS = [
  "skullWound",
  "deepChestWound",
  "gutWound",
  "armDisabled",
  "legCrippled",
] as const;
export const BRAWLING_WOUNDS = ["knockedOut", "winded", "doubledOver", "numbed", "swept"] as const;
export const SPECIFIC_WOUNDS = [...ARMED_WOUNDS, ...BRAWLING_WOUNDS] as const;
export type SpecificWound = (typeof SPECIFIC_WOUNDS)[number];

/** CON-4: conditions. The first seventeen are the FORMAT.md identifiers; the rest complete CON-4. */
export const CONDITIONS = [
  "anchored",
  "blind",
  "visuallyImpaired",
  "defenseless",
  "entangled",
  "shaken",
  "terrified",
  "grappling",
  "grappled",
  "pinned",
  "hampered",
  "helpless",
  "slowed",
  "prone",
  "stunned",
  "threatened",
  "unconscious",
  "paralysed",
  "comatose",
  "deafened",
  "dead",
] as const;
export type Condition = (typeof CONDITIONS)[number];

/** RNG-1: distance categories, nearest first. */
export const DISTANCES = ["engaged", "close", "near", "far", "distant"] as const;
export type Distance = (typeof DISTANCES)[number];

/** EQ-3: range classes of missile weapons. */
export const RANGE_CLASSES = ["thrown", "short", "long"] as const;
export type RangeClass = (typeof RANGE_CLASSES)[number];

/** DOM-1: where dominoes come from (setting `dominoSource`). */
export const DOMINO_SOURCES = ["deck", "2d6", "d8+d4"] as const;
export type DominoSource = (typeof DOMINO_SOURCES)[number];

/** DMG-5: damage types. */
export const DAMAGE_TYPES = ["physical", "energy"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

/** NPC-3: NPC tiers. */
export const NPC_TIERS = ["enemy", "foe"] as const;
export type NpcTier = (typeof NPC_TIERS)[number];

/**
 * An injected random source: returns an integer in [1, faces]. Rules never call Math.random;
 * callers pass dice results or one of these (tests pass a scripted one).
 */
export type RollDie = (faces: number) => number;
