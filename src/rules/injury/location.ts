/** INJ-3 to INJ-5: where a grievous injury lands: the 4d6 location roll, the body graph and its shifts. */
import { LOCATIONS, type Location } from "../vocabulary";

/** INJ-2, INJ-3: the number of d6 rolled for a location. */
export const LOCATION_DICE = 4;

/** INJ-3: a location roll is four d6, each showing 1 to 6. */
function checkD6s(dice: readonly number[]): void {
  if (dice.length !== LOCATION_DICE || dice.some((d) => !Number.isInteger(d) || d < 1 || d > 6)) {
    throw new RangeError(`an injury location needs ${LOCATION_DICE} d6 results, not [${dice.join(", ")}]`);
  }
}

/** INJ-3: the most frequent face (highest among ties) and the shifts it allows (triple 1, quadruple 2). */
export function locationFace(dice: readonly number[]): { face: number; shifts: number } {
  checkD6s(dice);
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) counts[d]++;
  const most = Math.max(...counts);
  const face = counts.lastIndexOf(most);
  return { face, shifts: Math.max(0, most - 2) };
}

/**
 * INJ-4, INJ-10: the Injury Location table as data a compendium RollTable can hold. `face` is the
 * range the INJ-3 evaluator draws (null: reached only by shifting, with `neckGroin` on); face 2 is
 * split by the parity of the four dice's sum.
 */
export interface InjuryLocationEntry {
  face: number | null;
  location: Location;
  diceSumParity?: "odd" | "even";
  neckGroinOnly?: true;
}

export const INJURY_LOCATION_TABLE: readonly InjuryLocationEntry[] = [
  { face: 1, location: "head" },
  { face: 2, location: "leftLeg", diceSumParity: "odd" },
  { face: 2, location: "rightLeg", diceSumParity: "even" },
  { face: 3, location: "leftArm" },
  { face: 4, location: "rightArm" },
  { face: 5, location: "abdomen" },
  { face: 6, location: "chest" },
  { face: null, location: "neck", neckGroinOnly: true },
  { face: null, location: "groin", neckGroinOnly: true },
];

/** INJ-4: the location of a face; a 2 is the Left Leg on an odd dice sum, the Right Leg on an even one. */
export function faceToLocation(face: number, diceSum: number, table = INJURY_LOCATION_TABLE): Location {
  const parity = diceSum % 2 === 0 ? "even" : "odd";
  const entry = table.find(
    (e) => e.face === face && (e.diceSumParity === undefined || e.diceSumParity === parity),
  );
  if (!entry) throw new RangeError(`no injury location for face ${face}`);
  return entry.location;
}

// ---------------------------------------------------------------------------------------------
// INJ-5 connections and shifts
// ---------------------------------------------------------------------------------------------

/** INJ-5: the body graph, one edge per shift, without and with the `neckGroin` setting. */
export const INJURY_CONNECTIONS: Readonly<
  Record<"standard" | "neckGroin", readonly (readonly [Location, Location])[]>
> = {
  standard: [
    ["head", "chest"],
    ["chest", "rightArm"],
    ["chest", "leftArm"],
    ["chest", "abdomen"],
    ["abdomen", "rightLeg"],
    ["abdomen", "leftLeg"],
  ],
  neckGroin: [
    ["head", "neck"],
    ["neck", "chest"],
    ["chest", "rightArm"],
    ["chest", "leftArm"],
    ["chest", "abdomen"],
    ["abdomen", "groin"],
    ["groin", "rightLeg"],
    ["groin", "leftLeg"],
  ],
};

/** INJ-5: whether a location exists with the setting as given (Neck and Groin need `neckGroin`). */
export function locationExists(location: Location, neckGroin = false): boolean {
  return neckGroin || (location !== "neck" && location !== "groin");
}

/** INJ-5: the locations one shift away. */
export function neighbours(location: Location, neckGroin = false): Location[] {
  const edges = INJURY_CONNECTIONS[neckGroin ? "neckGroin" : "standard"];
  const found = edges.flatMap(([a, b]) => (a === location ? [b] : b === location ? [a] : []));
  return LOCATIONS.filter((l) => found.includes(l));
}

/** INJ-5: graph distance of every location from `from` (breadth-first), by LOCATIONS order. */
export function shiftDistances(from: Location, neckGroin = false): Partial<Record<Location, number>> {
  if (!locationExists(from, neckGroin)) throw new RangeError(`${from} exists only with neckGroin`);
  const distance: Partial<Record<Location, number>> = { [from]: 0 };
  const queue: Location[] = [from];
  while (queue.length > 0) {
    const here = queue.shift() as Location;
    for (const next of neighbours(here, neckGroin)) {
      if (distance[next] === undefined) {
        distance[next] = (distance[here] as number) + 1;
        queue.push(next);
      }
    }
  }
  return distance;
}

/** INJ-5: every location within `shifts` steps, the rolled one included, in LOCATIONS order. */
export function reachableLocations(from: Location, shifts: number, neckGroin = false): Location[] {
  const distance = shiftDistances(from, neckGroin);
  return LOCATIONS.filter((l) => distance[l] !== undefined && (distance[l] as number) <= shifts);
}

/** INJ-3 to INJ-5: the rolled location, its face, its shifts, and where the attacker may move it. */
export interface InjuryLocationResult {
  face: number;
  location: Location;
  shifts: number;
  reachable: Location[];
}

/**
 * INJ-3 to INJ-5, INJ-10: evaluate four d6 into a location and the locations reachable from it.
 * `fromTable` is what the GM's Injury Location table says for the face; absent (or a location that
 * does not exist under the setting), the built-in INJ-4 table decides.
 */
export function injuryLocation(
  dice: readonly number[],
  neckGroin = false,
  fromTable?: Location,
): InjuryLocationResult {
  const { face, shifts } = locationFace(dice);
  const sum = dice.reduce((a, b) => a + b, 0);
  const location = fromTable && locationExists(fromTable, neckGroin) ? fromTable : faceToLocation(face, sum);
  return { face, location, shifts, reachable: reachableLocations(location, shifts, neckGroin) };
}

/** INJ-2, INJ-5: the attacker's choice of final location must be within reach of the rolled one. */
export function isLegalShift(rolled: InjuryLocationResult, chosen: Location): boolean {
  return rolled.reachable.includes(chosen);
}
