/**
 * A stat-block attack row at range (NPC-1 "Dmg (attacks, damage, effects)": a thrown rock, a spit, a
 * lightning bolt). The row stores the farthest RNG-1 band it reaches; RULES.md gives range penalties
 * only per weapon range class (RNG-2), so [design, docs/decisions.md] the row takes the penalties of
 * the class whose last legal band is its own: Near → thrown (−2 at Near), Far → short (−2 at Far),
 * Distant → long (−5 at Distant); a Close row is thrown and reaches no farther than Close. An
 * "engaged" row is a melee blow within its reach, as every row was before rows had a range.
 * It is a missile attack (AT-1 "thrown"), so EQ-4's ranged Strength requirement and the missile rules
 * (a called shot's aiming point, RNG-4) apply to it as to a thrown weapon.
 */
import type { AttackMode } from "./resolution";
import { distanceCategory, rangeModifierAt, withinCategory } from "../range";
import type { Distance, RangeClass } from "../vocabulary";

const ROW_RANGE_CLASS: Readonly<Record<Distance, RangeClass | null>> = {
  engaged: null,
  close: "thrown",
  near: "thrown",
  far: "short",
  distant: "long",
};

/** NPC-1, RNG-2 [design]: the range class whose penalties a row reaching `band` takes (null: melee). */
export function rowRangeClass(band: Distance | undefined): RangeClass | null {
  return ROW_RANGE_CLASS[band ?? "engaged"];
}

/** NPC-1, RNG-2 [design]: the modifier of a ranged row at `squares`, or null when out of its range. */
export function rowRangeModifier(band: Distance | undefined, squares: number): number | null {
  const rangeClass = rowRangeClass(band);
  if (!rangeClass || !withinCategory(band ?? "engaged", distanceCategory(squares))) return null;
  return rangeModifierAt(rangeClass, squares);
}

/** AT-1, NPC-4: the modes a row may be declared in: a melee row strikes or Special Attacks, a ranged row is thrown. */
export function rowModes(band: Distance | undefined): AttackMode[] {
  return rowRangeClass(band) ? ["thrown"] : ["melee", "special"];
}
