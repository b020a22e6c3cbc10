/** INJ-6: the Injury Effects table, the cell a location and a d6 give. */
import type { InjuryEffect, Location } from "../vocabulary";

/** INJ-6: the table's columns; both arms share one, both legs another. */
export const INJURY_COLUMNS = ["head", "neck", "chest", "abdomen", "groin", "arm", "leg"] as const;
export type InjuryColumn = (typeof INJURY_COLUMNS)[number];

/** INJ-6: the column a location reads. */
export function injuryColumn(location: Location): InjuryColumn {
  if (location === "rightArm" || location === "leftArm") return "arm";
  if (location === "rightLeg" || location === "leftLeg") return "leg";
  return location;
}

/** INJ-6, INJ-10: one table cell: the effect key and its modifier (−5 in the "−2d" cells). */
export interface InjuryCell {
  effect: InjuryEffect;
  modifier: number;
}

/** INJ-7: −2d is −5. */
export const MINUS_TWO_DICE = -5;

const cell = (effect: InjuryEffect, modifier = 0): InjuryCell => ({ effect, modifier });
const severe = (effect: InjuryEffect): InjuryCell => cell(effect, MINUS_TWO_DICE);

/**
 * INJ-6, INJ-10: the Injury Effects tables, one per column, indexed by roll − 1 (rolls 1–7; 7 needs
 * a Killing Blow). Compendium RollTables carry the same keys and modifiers.
 */
export const INJURY_EFFECT_TABLE: Readonly<Record<InjuryColumn, readonly InjuryCell[]>> = {
  head: [
    cell("stun"),
    cell("fleshWound"),
    cell("sound"),
    cell("sight"),
    cell("balance"),
    severe("unconscious"),
    cell("kill"),
  ],
  neck: [
    cell("stun"),
    cell("fleshWound"),
    cell("wind"),
    severe("bleeder"),
    cell("paralysis"),
    severe("unconscious"),
    cell("kill"),
  ],
  chest: [
    cell("stun"),
    cell("wind"),
    cell("fleshWound"),
    cell("fracture"),
    cell("puncture"),
    cell("bleeder"),
    cell("kill"),
  ],
  abdomen: [
    cell("wind"),
    cell("stun"),
    cell("fleshWound"),
    cell("bleeder"),
    severe("bleeder"),
    cell("paralysis"),
    cell("kill"),
  ],
  groin: [
    cell("stun"),
    cell("fleshWound"),
    cell("maim"),
    cell("fracture"),
    cell("bleeder"),
    severe("bleeder"),
    cell("kill"),
  ],
  arm: [
    cell("stun"),
    cell("fleshWound"),
    cell("hand"),
    cell("fracture"),
    cell("broken"),
    cell("bleeder"),
    cell("sever"),
  ],
  leg: [
    cell("stun"),
    cell("fleshWound"),
    cell("foot"),
    cell("fracture"),
    cell("broken"),
    cell("bleeder"),
    cell("sever"),
  ],
};

/** INJ-2 step 3: the effect row, 1d6 plus 1 on a Killing Blow (1–7). */
export function effectRoll(d6: number, killingBlow = false): number {
  if (!Number.isInteger(d6) || d6 < 1 || d6 > 6) throw new RangeError(`a d6 cannot show ${d6}`);
  return d6 + (killingBlow ? 1 : 0);
}

/** INJ-6: the cell for a location and a d6 (the Killing Blow +1 is added here). */
export function injuryEffect(location: Location, d6: number, killingBlow = false): InjuryCell {
  return INJURY_EFFECT_TABLE[injuryColumn(location)][effectRoll(d6, killingBlow) - 1];
}
