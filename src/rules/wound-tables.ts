/**
 * SW-9 (keys after INJ-10): what the automation reads from the Missile Hit Location and Specific
 * Wounds RollTables. Each table carries `flags.zilch.table`; each missile result carries
 * `flags.zilch.location` (an aiming point), and each wound result `{ location, wound, modifier }`, the
 * row being looked up by its aiming point, not rolled. A GM may edit a result's name, text, key or
 * save modifier; the keys decide what happens. Anything malformed is refused here, so the caller falls
 * back to the built-in chart (MISSILE_LOCATION_TABLE, SPECIFIC_WOUND_CHART). Pure: plain data only.
 */
import { zilchKeys } from "./injury-tables";
import { AIMING_POINTS, SPECIFIC_WOUNDS, type AimingPoint, type SpecificWound } from "./vocabulary";

/** SW-9: the table key of the Missile Hit Location table. */
export const MISSILE_LOCATION_TABLE_KEY = "missileLocation";

/** SW-4: brawling is unarmed strikes only; weapons, shield bashes and natural weapons are armed. */
export type WoundChartKey = "armed" | "brawling";

/** SW-4, SW-9: the table key of each Specific Wounds table. */
export const WOUND_TABLE_KEYS: Readonly<Record<"armed" | "brawling", string>> = {
  armed: "armedWounds",
  brawling: "brawlingWounds",
};

/**
 * SW-7, SW-9: the bounds of a wound row's ♥ save modifier. The chart uses −5 to +2; a GM's edit may
 * go further, but not past what a test total can still meet (T-1 targets are a card value, 1 to 10).
 */
export const WOUND_SAVE_MODIFIER_BOUNDS = { min: -10, max: 10 } as const;

/** SW-5, SW-7: what a wound row gives the check: the wound key and the ♥ save modifier. */
export interface WoundRow {
  wound: SpecificWound;
  saveModifier: number;
}

const isAimingPoint = (v: unknown): v is AimingPoint => AIMING_POINTS.some((p) => p === v);
const isWound = (v: unknown): v is SpecificWound => SPECIFIC_WOUNDS.some((w) => w === v);

/** SW-3, SW-9: the aiming point a Missile Hit Location result names, or null. */
export function missileLocationFromResult(resultFlags: unknown): AimingPoint | null {
  const location = zilchKeys(resultFlags)?.location;
  return isAimingPoint(location) ? location : null;
}

/** SW-7, SW-9: a wound result's row (modifier 0 when absent), or null for a missing or unknown key. */
export function woundRowFromResult(resultFlags: unknown): WoundRow | null {
  const keys = zilchKeys(resultFlags);
  if (!keys || !isWound(keys.wound)) return null;
  const modifier = keys.modifier ?? 0;
  const { min, max } = WOUND_SAVE_MODIFIER_BOUNDS;
  if (typeof modifier !== "number" || !Number.isInteger(modifier) || modifier < min || modifier > max)
    return null;
  return { wound: keys.wound, saveModifier: modifier };
}

/**
 * SW-9: the row of a Specific Wounds table for an aiming point, looked up by its `location` key; null
 * unless exactly one result names that point and its keys are sound.
 */
export function woundRowAt(results: readonly { flags: unknown }[], aim: AimingPoint): WoundRow | null {
  const rows = results.filter((r) => zilchKeys(r.flags)?.location === aim);
  return rows.length === 1 ? woundRowFromResult(rows[0]!.flags) : null;
}

/** SW-7, SW-9: whether a row the GM side sent is one this module would have read (checked again). */
export function isWoundRow(row: unknown): row is WoundRow {
  if (typeof row !== "object" || row === null || !("wound" in row) || !("saveModifier" in row)) return false;
  return woundRowFromResult({ zilch: { wound: row.wound, modifier: row.saveModifier } }) !== null;
}

export { isAimingPoint };
