/**
 * INJ-10: what the automation reads from the Injury Effects RollTables. Each table carries
 * `flags.zilch.table = "injuryEffects"` and the locations it covers; each result carries
 * `flags.zilch.effect` (an INJ-7 effect key) and `modifier` (0, or −5 in a "−2d" cell). A GM may edit a
 * result's name, text or key; the key decides what happens. Anything that is not a known key is
 * refused here, so the caller falls back to the built-in table (INJURY_EFFECT_TABLE). Pure: it reads
 * plain data, never Foundry.
 */
import { MINUS_TWO_DICE, type InjuryCell } from "./injury/effect-table";
import { locationExists } from "./injury/location";
import { INJURY_EFFECTS, LOCATIONS, type InjuryEffect, type Location } from "./vocabulary";
import { isRecord } from "./records";

/** INJ-10: the table key of the Injury Effects tables. */
export const INJURY_EFFECTS_TABLE = "injuryEffects";

/** INJ-10: the table key of the Injury Location table. */
export const INJURY_LOCATION_TABLE_KEY = "injuryLocation";

const isEffect = (v: unknown): v is InjuryEffect => INJURY_EFFECTS.some((e) => e === v);

const isLocation = (v: unknown): v is Location => LOCATIONS.some((l) => l === v);

/** The system's own keys in a document's `flags` (`flags.zilch`), or null. */
export function zilchKeys(flags: unknown): Readonly<Record<string, unknown>> | null {
  const keys = isRecord(flags) ? flags.zilch : null;
  return isRecord(keys) ? keys : null;
}

/** INJ-10: whether a RollTable's flags make it the Injury Effects table of this location. */
export function coversInjuryLocation(tableFlags: unknown, location: Location): boolean {
  const keys = zilchKeys(tableFlags);
  if (keys?.table !== INJURY_EFFECTS_TABLE || !Array.isArray(keys.locations)) return false;
  return keys.locations.includes(location);
}

/**
 * INJ-6, INJ-7, INJ-10: the cell a table result's flags name: its effect key and modifier (0 when
 * absent; only 0 and −5 exist in INJ-6). Null for a missing or unknown key.
 */
export function injuryCellFromResult(resultFlags: unknown): InjuryCell | null {
  const keys = zilchKeys(resultFlags);
  if (!keys || !isEffect(keys.effect)) return null;
  const modifier = keys.modifier ?? 0;
  if (modifier !== 0 && modifier !== MINUS_TWO_DICE) return null;
  return { effect: keys.effect, modifier };
}

/** INJ-10, SW-9: whether a RollTable's flags give it this table key (`flags.zilch.table`). */
export function isTableKeyed(tableFlags: unknown, key: string): boolean {
  return zilchKeys(tableFlags)?.table === key;
}

/**
 * INJ-4, INJ-5, INJ-10: the location an Injury Location result names for the INJ-3 face, given the
 * four dice's sum: `evenSumLocation` (face 2's Right Leg) on an even sum, else `location`. Null for a
 * missing or unknown key, a row reached only by shifting, or Neck or Groin without `neckGroin`.
 */
export function injuryLocationFromResult(
  resultFlags: unknown,
  diceSum: number,
  neckGroin = false,
): Location | null {
  const keys = zilchKeys(resultFlags);
  if (!keys || keys.shiftOnly === true) return null;
  const even = diceSum % 2 === 0 && keys.evenSumLocation !== undefined;
  const location = even ? keys.evenSumLocation : keys.location;
  return isLocation(location) && locationExists(location, neckGroin) ? location : null;
}
