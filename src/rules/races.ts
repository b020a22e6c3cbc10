/**
 * Races (RULES.md §2, RA-1 to RA-3): the race table and the suit modifiers a race gives, which
 * apply to both cards of a suit (SU-4).
 */
import { perSuit } from "./suits";
import type { SkillKey } from "./skills";
import type { PerSuit, RaceKey, Size, Suit } from "./vocabulary";

/** RA-2: vision traits are data for token vision presets; no rules effect beyond the GM's ruling. */
export const VISIONS = ["normal", "lowLight", "darkvision"] as const;
export type Vision = (typeof VISIONS)[number];

/** RA-2: what a race's save bonus can be against. */
export type SaveAgainst = "poison" | "drain" | "charm" | "sleep";

/**
 * RA-2: what an effect's save resists, as a weapon, spell or stat-block row may tag its condition
 * (drain is known from the effect itself, OD-1, so it is no tag).
 */
export const RESISTED_EFFECTS = ["poison", "charm", "sleep"] as const satisfies readonly SaveAgainst[];
export type ResistedEffect = (typeof RESISTED_EFFECTS)[number];

/** RA-2, RA-3: race traits that are modifiers (they stack with a skill's +5). */
export type RaceTrait =
  | { kind: "saveBonus"; against: readonly SaveAgainst[]; bonus: number }
  | { kind: "testBonus"; scope: "stealth"; bonus: number }
  | { kind: "moveThroughLarger" }
  | { kind: "extraRunes"; count: number };

export interface RaceEntry {
  /** RA-2: fixed suit modifiers; each race nets zero except Human. */
  modifiers: Partial<PerSuit<number>>;
  /** RA-2: Human's +1 goes to one suit chosen at creation. */
  chosenSuitBonus: number;
  size: Size;
  /** RA-2, TL-1: extra Talents. */
  extraTalents: number;
  vision: Vision;
  traits: readonly RaceTrait[];
  /** RA-2, RA-3: free skills, which do not count against the Talent maximum. */
  freeSkills: readonly (SkillKey | "stonecunning")[];
}

/** RA-2: the race table [design]. */
export const RACE_TABLE: Readonly<Record<RaceKey, RaceEntry>> = {
  human: {
    modifiers: {},
    chosenSuitBonus: 1,
    size: "medium",
    extraTalents: 1,
    vision: "normal",
    traits: [],
    freeSkills: [],
  },
  dwarf: {
    modifiers: { hearts: 1, spades: -1 },
    chosenSuitBonus: 0,
    size: "medium",
    extraTalents: 0,
    vision: "darkvision",
    traits: [{ kind: "saveBonus", against: ["poison", "drain"], bonus: 2 }],
    freeSkills: ["stonecunning"],
  },
  elf: {
    modifiers: { spades: 1, hearts: -1 },
    chosenSuitBonus: 0,
    size: "medium",
    extraTalents: 0,
    vision: "lowLight",
    traits: [{ kind: "saveBonus", against: ["charm", "sleep"], bonus: 2 }],
    freeSkills: [],
  },
  halfling: {
    modifiers: { spades: 1, clubs: -1 },
    chosenSuitBonus: 0,
    size: "medium-",
    extraTalents: 0,
    vision: "normal",
    traits: [{ kind: "testBonus", scope: "stealth", bonus: 2 }, { kind: "moveThroughLarger" }],
    freeSkills: [],
  },
  gnome: {
    modifiers: { diamonds: 1, clubs: -1 },
    chosenSuitBonus: 0,
    size: "medium-",
    extraTalents: 0,
    vision: "lowLight",
    traits: [{ kind: "extraRunes", count: 1 }],
    freeSkills: [],
  },
  halfOrc: {
    modifiers: { clubs: 1, diamonds: -1 },
    chosenSuitBonus: 0,
    size: "medium",
    extraTalents: 0,
    vision: "darkvision",
    traits: [],
    freeSkills: ["intimidate"],
  },
};

/** RA-2: whether the race still needs its chosen suit (a Human without one). */
export function needsChosenSuit(race: RaceKey, chosenSuit?: Suit | null): boolean {
  return RACE_TABLE[race].chosenSuitBonus !== 0 && !chosenSuit;
}

/**
 * RA-1, RA-2: the modifier per suit. A Human adds +1 to the chosen suit; until one is chosen it
 * adds nothing, and `needsChosenSuit` says so.
 */
export function raceModifiers(race: RaceKey, chosenSuit?: Suit | null): PerSuit<number> {
  const entry = RACE_TABLE[race];
  return perSuit((suit) => (entry.modifiers[suit] ?? 0) + (suit === chosenSuit ? entry.chosenSuitBonus : 0));
}

/** RA-2, RA-3: a race's bonus on saves against an effect of this kind (0 when it has none). */
export function raceSaveBonus(race: RaceKey, against: SaveAgainst): number {
  return RACE_TABLE[race].traits.reduce(
    (sum, t) => sum + (t.kind === "saveBonus" && t.against.includes(against) ? t.bonus : 0),
    0,
  );
}

/** RA-2, RA-3: a race's save bonus and what it resists (a Dwarf's poison and drain, an Elf's charm and sleep), or null. */
export function raceSaveTrait(race: RaceKey): { against: readonly SaveAgainst[]; bonus: number } | null {
  const trait = RACE_TABLE[race].traits.find((t) => t.kind === "saveBonus");
  return trait?.kind === "saveBonus" ? { against: trait.against, bonus: trait.bonus } : null;
}

/** RA-2, RA-3: a race's bonus on Stealth-type tests (hiding, sneaking, shadowing). */
export function raceStealthBonus(race: RaceKey): number {
  return RACE_TABLE[race].traits.reduce((sum, t) => sum + (t.kind === "testBonus" ? t.bonus : 0), 0);
}

/** RA-2, RA-3: a race's bonus on a test made with this skill (Stealth is the Stealth-type test). */
export function raceSkillBonus(race: RaceKey, skill: SkillKey | string | undefined): number {
  return skill === "stealth" ? raceStealthBonus(race) : 0;
}
