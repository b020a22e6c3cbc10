/**
 * Fear abilities of NPCs (RULES.md §24, OPT-2, setting `fearAbilities`): the levels, the ♥ save, the
 * area, what a failed save does, which fear applies when several are present, and when a creature
 * saves again.
 *
 * Choices [design], documented in docs/decisions.md:
 * - A creature saves once per encounter against a level: the first time it sees a fear creature (the
 *   GM's button) or starts its turn within the area. A worse fear present later calls for a new save.
 * - Fell is the exception OPT-2 names: its save repeats at each of the creature's turn starts until
 *   it is passed; the first failure makes the creature Shaken, each later one Terrified.
 */
import { withinCategory } from "./range";
import type { Distance } from "./vocabulary";

/** OPT-2: fear levels, mildest first ("none" for a creature without a fear ability). */
export const FEAR_LEVELS = ["none", "scary", "fearsome", "dread", "terror", "fell"] as const;
export type FearLevel = (typeof FEAR_LEVELS)[number];

/** What a failed fear save does: lose the next action (Scary), or a Mental condition. */
export type FearEffect = "loseAction" | "shaken" | "terrified";

/** OPT-2: Dread, and the levels that are "as Dread", save at −2. */
export function fearSaveModifier(level: FearLevel): number {
  return level === "dread" || level === "terror" || level === "fell" ? -2 : 0;
}

/** OPT-2: the area of a fear: within Near by default, within Far for Terror (none without fear). */
export function fearArea(level: FearLevel): Distance | null {
  if (level === "none") return null;
  return level === "terror" ? "far" : "near";
}

/** OPT-2: whether a creature at this distance category stands within the fear's area. */
export function withinFearArea(level: FearLevel, distance: Distance): boolean {
  const area = fearArea(level);
  return area !== null && withinCategory(area, distance);
}

/**
 * OPT-2: what a failed save does. Scary takes the next action; Fearsome, Dread and Terror make the
 * creature Shaken; Fell makes it Shaken the first time and Terrified on a later failure.
 */
export function fearFailure(level: FearLevel, earlierFailures = 0): FearEffect | null {
  switch (level) {
    case "none":
      return null;
    case "scary":
      return "loseAction";
    case "fell":
      return earlierFailures > 0 ? "terrified" : "shaken";
    default:
      return "shaken";
  }
}

/** OPT-2: a level's place from "none" (0) to Fell (5), for "the worst fear" comparisons. */
export function fearRank(level: FearLevel): number {
  return FEAR_LEVELS.indexOf(level);
}
const rank = fearRank;

/** OPT-2: only the worst fear present applies. */
export function worstFear(levels: Iterable<FearLevel>): FearLevel {
  let worst: FearLevel = "none";
  for (const level of levels) if (rank(level) > rank(worst)) worst = level;
  return worst;
}

/** What a creature has been through this encounter: the worst level it saved against, and how. */
export interface FearRecord {
  readonly level: FearLevel;
  readonly passed: boolean;
  /** Failed saves against this level (only Fell counts past one). */
  readonly failures: number;
}

export const NO_FEAR: FearRecord = { level: "none", passed: false, failures: 0 };

/**
 * OPT-2 [design]: whether the worst fear present calls for a save now: a level worse than any saved
 * against this encounter, or a Fell fear not yet passed.
 */
export function fearSaveDue(record: FearRecord, present: FearLevel): boolean {
  if (present === "none") return false;
  if (rank(present) > rank(record.level)) return true;
  return present === "fell" && record.level === "fell" && !record.passed;
}

/** OPT-2: the record after a save against `present`, and what a failure does (null on a pass). */
export function afterFearSave(
  record: FearRecord,
  present: FearLevel,
  passed: boolean,
): { record: FearRecord; effect: FearEffect | null } {
  const earlier = record.level === present ? record.failures : 0;
  if (passed) return { record: { level: present, passed: true, failures: earlier }, effect: null };
  return {
    record: { level: present, passed: false, failures: earlier + 1 },
    effect: fearFailure(present, earlier),
  };
}

/** A stored record read back, dropping anything malformed (fails safe to "nothing faced yet"). */
export function readFearRecord(value: unknown): FearRecord {
  if (!value || typeof value !== "object") return NO_FEAR;
  const v = value as Partial<FearRecord>;
  if (typeof v.level !== "string" || !(FEAR_LEVELS as readonly string[]).includes(v.level)) return NO_FEAR;
  const failures = Number.isInteger(v.failures) && v.failures! >= 0 ? v.failures! : 0;
  return { level: v.level, passed: v.passed === true, failures };
}
