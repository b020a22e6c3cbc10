import type { ConditionDuration } from "./conditions";
import { bleeder, type OngoingEffect, type OngoingTag } from "./ongoing";
import {
  LOCATIONS,
  type Condition,
  type InjuryEffect,
  type Location,
  type SpecificWound,
  type Suit,
} from "./vocabulary";

// ---------------------------------------------------------------------------------------------
// INJ-1 triggers
// ---------------------------------------------------------------------------------------------

/** INJ-1: the four trigger rows, (a) to (d). */
export const INJURY_TRIGGERS = ["outOfAction", "drain", "trauma", "massive"] as const;
export type InjuryTrigger = (typeof INJURY_TRIGGERS)[number];

/** INJ-1: the triggers that make the roll a Killing Blow. */
export const KILLING_BLOW_TRIGGERS: readonly InjuryTrigger[] = ["drain", "massive"];

/** INJ-1: where damage came from; only an attack's hit can call for an injury roll. */
export type HarmSource = "attack" | "ongoing" | "rider" | "extra";

export interface InjuryTriggerInput {
  /** HP value before the hit. */
  hpBefore: number;
  /** hp.max before the hit. */
  hpMax: number;
  /** The hit's final damage (DMG-3, after any soak). */
  final: number;
  /** HP-2 overflowed into ♥ drain (§0.4 INJ-1 b). */
  drainOverflow?: boolean;
  temporary?: boolean;
  /** NPC-3: the target is an Enemy. */
  enemy?: boolean;
  /** SET-1 `injuriesForEnemies` (default off). */
  injuriesForEnemies?: boolean;
  /** SET-1 `grievousInjuries` (default on). */
  grievousInjuries?: boolean;
  source?: HarmSource;
}

export interface InjuryTriggerResult {
  roll: boolean;
  killingBlow: boolean;
  /** Every trigger that held, in table order (several still give one roll). */
  triggers: InjuryTrigger[];
}

/** INJ-1: whether a hit calls for one injury roll, and whether it is a Killing Blow. */
export function injuryTrigger(input: InjuryTriggerInput): InjuryTriggerResult {
  const none: InjuryTriggerResult = { roll: false, killingBlow: false, triggers: [] };
  const barred =
    input.grievousInjuries === false ||
    input.temporary === true ||
    (input.source ?? "attack") !== "attack" ||
    (input.enemy === true && input.injuriesForEnemies !== true) ||
    input.final <= 0;
  if (barred) return none;
  const held: Record<InjuryTrigger, boolean> = {
    outOfAction: input.hpBefore > 0 && input.final >= input.hpBefore,
    drain: input.drainOverflow === true,
    trauma: input.final * 2 > input.hpMax,
    massive: input.final >= input.hpMax,
  };
  const triggers = INJURY_TRIGGERS.filter((t) => held[t]);
  return {
    roll: triggers.length > 0,
    killingBlow: triggers.some((t) => KILLING_BLOW_TRIGGERS.includes(t)),
    triggers,
  };
}

// ---------------------------------------------------------------------------------------------
// INJ-3, INJ-4 location from 4d6
// ---------------------------------------------------------------------------------------------

/** INJ-2, INJ-3: the number of d6 rolled for a location. */
export const LOCATION_DICE = 4;

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

// ---------------------------------------------------------------------------------------------
// INJ-6 effect table
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// INJ-7 effects catalogue
// ---------------------------------------------------------------------------------------------

/**
 * How long an applied effect lasts, before it is turned into a CON-5 duration: "your next turn" is
 * resolved by `toConditionDuration` (CB-4); a die means 1dX rounds or minutes rolled on application.
 */
export type HarmDuration =
  | { kind: "endOfNextTurn" }
  | { kind: "endOfEncounter" }
  | { kind: "untilHealed" }
  /** Until something ends it: standing up from Prone, a test, the GM. */
  | { kind: "untilRemoved" }
  | { kind: "roundsDie"; die: number }
  | { kind: "minutesDie"; die: number };

/**
 * CON-5: the stored duration of a harm duration. `rolled` is the die result for a die duration.
 * Minutes outlast rounds, so they are kept until the GM or the encounter's end lifts them.
 */
export function toConditionDuration(
  duration: HarmDuration,
  context: { appliedDuringOwnTurn?: boolean; rolled?: number } = {},
): ConditionDuration {
  switch (duration.kind) {
    case "endOfNextTurn":
      return { kind: "endOfNextTurn", turnEnds: context.appliedDuringOwnTurn ? 2 : 1 };
    case "endOfEncounter":
      return { kind: "endOfEncounter" };
    case "untilHealed":
      return { kind: "untilHealed" };
    case "untilRemoved":
      return { kind: "indefinite" };
    case "roundsDie": {
      const rolled = context.rolled;
      if (rolled === undefined || !Number.isInteger(rolled) || rolled < 1 || rolled > duration.die) {
        throw new RangeError(`a duration of 1d${duration.die} rounds needs its roll`);
      }
      return { kind: "rounds", rounds: rolled };
    }
    case "minutesDie":
      return { kind: "indefinite" };
  }
}

/** INJ-7: a save against an effect: Body ♥, Will ♦, Dex ♠; `addsCellModifier` takes the −2d cell's −5. */
export interface HarmSave {
  suit: Suit;
  modifier: number;
  addsCellModifier?: true;
}

/** INJ-7: the part of the body an entry is limited to (Broken and Sever differ by limb). */
export type Limb = "arm" | "leg";

/** INJ-7, SW-7: what happens at once. Entries with `limb` apply only on that limb. */
export type ImmediateHarm =
  | {
      kind: "condition";
      conditions: readonly Condition[];
      duration: HarmDuration;
      save?: HarmSave;
      firstAidEnds?: true;
    }
  | { kind: "extraDamage"; amount: number }
  | { kind: "dropHeld"; limb?: Limb }
  | { kind: "ongoing"; rating: number; suit: Suit; tag: OngoingTag }
  | { kind: "dropToZero"; save?: HarmSave; conditions: readonly Condition[] }
  | { kind: "drain"; suit: Suit; amount: number; tainted: boolean }
  | { kind: "loseRoundActions" }
  | { kind: "limbLost" }
  /** "Lose a Mental Rank": Shaken until the encounter ends, or Terrified on the second (`mentalRankCondition`). */
  | { kind: "mentalRankLoss"; ranks: number };

/** What a lasting modifier applies to. */
export type ModifierScope =
  | "allTestsAndAttacks"
  | "allTests"
  | "attacks"
  | "sightTests"
  | "spellAttacks"
  | "mentalCastingTests"
  /** INJ-7 Balance: spell attacks and casting tests. */
  | "allCasting"
  /** INJ-7 Foot: the tests a leg Fracture penalises (INJ-8), those that resolve movement. */
  | "movementTests";

/** INJ-7, SW-7: what holds while the injury or wound lasts. */
export type LastingHarm =
  | { kind: "burn"; amount: number }
  | { kind: "modifier"; value: number; appliesTo: ModifierScope }
  | { kind: "condition"; condition: Condition }
  | { kind: "moveSave"; suit: Suit; modifier: number; limb?: Limb }
  | { kind: "unusable"; part: "limb" | "hand" | "arm" }
  | { kind: "fracture" }
  | { kind: "noCharge" }
  | { kind: "noRunOrSprint" }
  | { kind: "ongoingRules" };

/** INJ-7, INJ-9: when an injury goes away. */
export type InjuryHealing =
  | { kind: "days"; days: number; permanent?: "limbLost" }
  | { kind: "endOfEncounter"; firstAid: boolean }
  | { kind: "ongoingEnds" }
  | { kind: "immediate" };

export interface InjuryEffectSpec {
  immediate: readonly ImmediateHarm[];
  lasting: readonly LastingHarm[];
  heals: InjuryHealing;
}

const shakenForEncounter: ImmediateHarm = { kind: "mentalRankLoss", ranks: 1 };
const burn = (amount: number): LastingHarm => ({ kind: "burn", amount });
const days = (n: number): InjuryHealing => ({ kind: "days", days: n });

/** INJ-7: the healing time of the lasting injuries, and of a fracture. */
export const LONG_INJURY_DAYS = 28;
export const FRACTURE_DAYS = 14;

/** INJ-7: every effect key in Zilch terms, as data the injury item and automation read. */
export const INJURY_EFFECT_CATALOGUE: Readonly<Record<InjuryEffect, InjuryEffectSpec>> = {
  stun: {
    immediate: [{ kind: "condition", conditions: ["stunned"], duration: { kind: "endOfNextTurn" } }],
    lasting: [burn(1)],
    heals: { kind: "endOfEncounter", firstAid: true },
  },
  wind: {
    immediate: [shakenForEncounter],
    lasting: [burn(2)],
    heals: { kind: "endOfEncounter", firstAid: true },
  },
  fleshWound: {
    immediate: [{ kind: "extraDamage", amount: 2 }],
    lasting: [],
    heals: { kind: "endOfEncounter", firstAid: false },
  },
  sound: {
    // Deafened holds while the injury lasts and carries the spell-attack −5 (CON-4) itself.
    immediate: [shakenForEncounter],
    lasting: [
      { kind: "condition", condition: "deafened" },
      { kind: "modifier", value: -5, appliesTo: "mentalCastingTests" },
    ],
    heals: days(LONG_INJURY_DAYS),
  },
  sight: {
    immediate: [shakenForEncounter],
    lasting: [
      { kind: "modifier", value: -2, appliesTo: "attacks" },
      { kind: "modifier", value: -2, appliesTo: "sightTests" },
    ],
    heals: days(LONG_INJURY_DAYS),
  },
  balance: {
    immediate: [shakenForEncounter],
    lasting: [
      { kind: "moveSave", suit: "spades", modifier: 0 },
      // INJ-7 (revised): all casting, not only spell attacks.
      { kind: "modifier", value: MINUS_TWO_DICE, appliesTo: "allCasting" },
      burn(2),
    ],
    heals: days(LONG_INJURY_DAYS),
  },
  paralysis: {
    immediate: [
      {
        kind: "condition",
        conditions: ["helpless", "prone"],
        duration: { kind: "endOfEncounter" },
        save: { suit: "hearts", modifier: 0 },
      },
    ],
    lasting: [],
    heals: { kind: "endOfEncounter", firstAid: false },
  },
  broken: {
    immediate: [
      { kind: "extraDamage", amount: 2 },
      { kind: "dropHeld", limb: "arm" },
    ],
    lasting: [
      { kind: "unusable", part: "limb" },
      { kind: "moveSave", suit: "spades", modifier: -5, limb: "leg" },
    ],
    heals: days(LONG_INJURY_DAYS),
  },
  fracture: { immediate: [], lasting: [{ kind: "fracture" }], heals: days(FRACTURE_DAYS) },
  hand: {
    immediate: [{ kind: "dropHeld" }],
    lasting: [{ kind: "unusable", part: "hand" }, burn(1)],
    heals: days(LONG_INJURY_DAYS),
  },
  foot: {
    immediate: [
      {
        kind: "condition",
        conditions: ["prone"],
        duration: { kind: "untilRemoved" },
        save: { suit: "spades", modifier: 0 },
      },
    ],
    lasting: [
      { kind: "condition", condition: "slowed" },
      // INJ-7 (revised): −5 to movement tests as a leg Fracture, and the per-Move save at −5.
      { kind: "modifier", value: MINUS_TWO_DICE, appliesTo: "movementTests" },
      { kind: "moveSave", suit: "spades", modifier: MINUS_TWO_DICE },
      burn(1),
    ],
    heals: days(LONG_INJURY_DAYS),
  },
  puncture: {
    immediate: [{ kind: "extraDamage", amount: 2 }],
    lasting: [{ kind: "modifier", value: -2, appliesTo: "allTestsAndAttacks" }, burn(1)],
    heals: days(LONG_INJURY_DAYS),
  },
  maim: {
    immediate: [shakenForEncounter],
    lasting: [{ kind: "modifier", value: -2, appliesTo: "allTestsAndAttacks" }, burn(1)],
    heals: days(LONG_INJURY_DAYS),
  },
  bleeder: {
    immediate: [{ kind: "ongoing", rating: 1, suit: "hearts", tag: "bleeding" }],
    lasting: [{ kind: "ongoingRules" }],
    heals: { kind: "ongoingEnds" },
  },
  unconscious: {
    immediate: [
      {
        kind: "condition",
        conditions: ["unconscious"],
        duration: { kind: "endOfEncounter" },
        save: { suit: "diamonds", modifier: 0, addsCellModifier: true },
        firstAidEnds: true,
      },
    ],
    lasting: [burn(1)],
    heals: { kind: "endOfEncounter", firstAid: false },
  },
  kill: {
    immediate: [
      { kind: "dropToZero", save: { suit: "hearts", modifier: -5 }, conditions: ["unconscious"] },
      { kind: "loseRoundActions" },
      { kind: "condition", conditions: ["terrified"], duration: { kind: "endOfEncounter" } },
    ],
    lasting: [],
    heals: { kind: "immediate" },
  },
  sever: {
    immediate: [
      { kind: "extraDamage", amount: 4 },
      { kind: "limbLost" },
      { kind: "ongoing", rating: 1, suit: "hearts", tag: "bleeding" },
    ],
    lasting: [{ kind: "modifier", value: -5, appliesTo: "allTestsAndAttacks" }, burn(2)],
    heals: { kind: "days", days: LONG_INJURY_DAYS, permanent: "limbLost" },
  },
};

/** INJ-7: what a lost limb leaves for good (an arm: that hand is unusable; a leg: Slowed). */
export const PERMANENT_LIMB_LOSS: Readonly<Record<Limb, readonly LastingHarm[]>> = {
  arm: [{ kind: "unusable", part: "hand" }],
  leg: [{ kind: "condition", condition: "slowed" }],
};

/** INJ-7: the limb a location is on, if any. */
export function limbOf(location: Location): Limb | null {
  const column = injuryColumn(location);
  return column === "arm" || column === "leg" ? column : null;
}

/**
 * INJ-7: the Burn every lasting injury imposes, summed; ST-6 and INI-2 (Spades mode) or CD-14
 * (countdown) turn it into pips, initiative or burnt dice.
 */
export function injuryBurn(injuries: readonly { lasting: readonly LastingHarm[] }[]): number {
  return injuries.reduce(
    (sum, injury) => sum + injury.lasting.reduce((n, l) => n + (l.kind === "burn" ? l.amount : 0), 0),
    0,
  );
}

/**
 * INJ-7: "lose a Mental Rank" is Shaken until the encounter ends; a second loss in the encounter, or
 * losing 2 at once, is Terrified instead.
 */
export function mentalRankCondition(lostThisEncounter: number): Condition | null {
  if (lostThisEncounter <= 0) return null;
  return lostThisEncounter === 1 ? "shaken" : "terrified";
}

/** An immediate effect of a grievous injury with its location and cell resolved. */
export type ResolvedImmediateHarm =
  Exclude<ImmediateHarm, { kind: "ongoing" }> | { kind: "ongoing"; effect: OngoingEffect };

/** INJ-2 step 4, INJ-7, INJ-9: the data of a new grievous-injury item. */
export interface GrievousInjury {
  kind: "grievousInjury";
  location: Location;
  effect: InjuryEffect;
  modifier: number;
  immediate: ResolvedImmediateHarm[];
  lasting: LastingHarm[];
  heals: InjuryHealing;
  /** INJ-9: days left on the healing clock, or null when it does not heal by days. */
  daysRemaining: number | null;
}

/**
 * INJ-7: the save a creature makes at each Move, or fall Prone and end the move: Balance (♠), a broken
 * leg (♠ −5), a Foot injury (♠ −5). With several, one save at the hardest modifier [design]. Null when
 * no injury calls for one.
 */
export function moveSaveOf(
  injuries: readonly { lasting: readonly LastingHarm[] }[],
): { suit: Suit; modifier: number } | null {
  let hardest: { suit: Suit; modifier: number } | null = null;
  for (const injury of injuries)
    for (const e of injury.lasting)
      if (e.kind === "moveSave" && (hardest === null || e.modifier < hardest.modifier))
        hardest = { suit: e.suit, modifier: e.modifier };
  return hardest;
}

function onLimb(entry: { limb?: Limb }, limb: Limb | null): boolean {
  return entry.limb === undefined || entry.limb === limb;
}

/**
 * INJ-2 step 4, INJ-7: the injury a cell gives at a location: entries for another limb dropped,
 * the cell's −5 put on the save or the bleeder it belongs to, ongoing effects built with their origin.
 */
export function createInjury(location: Location, result: InjuryCell): GrievousInjury {
  const spec = INJURY_EFFECT_CATALOGUE[result.effect];
  const limb = limbOf(location);
  const immediate = spec.immediate
    .filter((e) => e.kind !== "dropHeld" || onLimb(e, limb))
    .map((e): ResolvedImmediateHarm => {
      if (e.kind === "ongoing") {
        return {
          kind: "ongoing",
          effect: { ...bleeder(location, result.modifier), rating: e.rating, suit: e.suit, tag: e.tag },
        };
      }
      if (e.kind === "condition" && e.save?.addsCellModifier) {
        return { ...e, save: { suit: e.save.suit, modifier: e.save.modifier + result.modifier } };
      }
      return e;
    });
  const lasting = spec.lasting.filter((e) => e.kind !== "moveSave" || onLimb(e, limb));
  return {
    kind: "grievousInjury",
    location,
    effect: result.effect,
    modifier: result.modifier,
    immediate,
    lasting,
    heals: spec.heals,
    daysRemaining: spec.heals.kind === "days" ? spec.heals.days : null,
  };
}

// ---------------------------------------------------------------------------------------------
// INJ-8 fracture
// ---------------------------------------------------------------------------------------------

/** INJ-8: a test a fracture penalises; `only` narrows it to tests of that kind. */
export interface PenalisedTest {
  suit: Suit;
  card: "primary" | "secondary";
  only?: "movement" | "stamina";
}

export interface FracturePenalty {
  modifier: number;
  /** Attacks with a weapon or shield in that hand (two-handed weapons always). */
  attacksWithThatHand: boolean;
  tests: readonly PenalisedTest[];
  chargeAllowed: boolean;
}

/** INJ-8: the columns with a Fracture cell. */
export type FractureColumn = "arm" | "leg" | "chest" | "groin";

/** INJ-8: the automatic −5 of a fracture by location, pre-ticked in the roll dialog for these cards. */
export const FRACTURE_PENALTIES: Readonly<Record<FractureColumn, FracturePenalty>> = {
  arm: {
    modifier: MINUS_TWO_DICE,
    attacksWithThatHand: true,
    tests: [
      { suit: "clubs", card: "primary" },
      { suit: "clubs", card: "secondary" },
    ],
    chargeAllowed: true,
  },
  leg: {
    modifier: MINUS_TWO_DICE,
    attacksWithThatHand: false,
    tests: [
      { suit: "spades", card: "primary", only: "movement" },
      { suit: "clubs", card: "secondary", only: "movement" },
    ],
    chargeAllowed: false,
  },
  chest: {
    modifier: MINUS_TWO_DICE,
    attacksWithThatHand: false,
    tests: [
      { suit: "clubs", card: "primary" },
      { suit: "clubs", card: "secondary" },
      { suit: "hearts", card: "primary", only: "stamina" },
    ],
    chargeAllowed: true,
  },
  groin: {
    modifier: MINUS_TWO_DICE,
    attacksWithThatHand: false,
    tests: [
      { suit: "spades", card: "primary", only: "movement" },
      { suit: "clubs", card: "secondary", only: "movement" },
    ],
    chargeAllowed: true,
  },
};

/** INJ-8: the fracture penalty at a location (only arms, legs, chest and groin can fracture). */
export function fracturePenalty(location: Location): FracturePenalty {
  const column = injuryColumn(location);
  if (column === "arm" || column === "leg" || column === "chest" || column === "groin") {
    return FRACTURE_PENALTIES[column];
  }
  throw new RangeError(`no fracture at ${location}`);
}

// ---------------------------------------------------------------------------------------------
// INJ-9 healing clock
// ---------------------------------------------------------------------------------------------

/** INJ-9: what the clock reads of an injury item. */
export interface HealingClock {
  effect: InjuryEffect;
  heals: InjuryHealing;
  daysRemaining: number | null;
}

/** INJ-9, REC-3: a Sleep takes a day off every day-counted injury; those reaching 0 are removed. */
export function advanceHealingClock<T extends HealingClock>(
  injuries: readonly T[],
): { kept: T[]; healed: T[] } {
  const kept: T[] = [];
  const healed: T[] = [];
  for (const injury of injuries) {
    if (injury.daysRemaining === null) {
      kept.push(injury);
      continue;
    }
    const left = Math.max(0, injury.daysRemaining - 1);
    // INJ-7 sever: the acute phase ends at 0 days, the lost limb stays (kept at 0, no longer counted).
    if (left === 0 && injury.heals.kind === "days" && injury.heals.permanent)
      kept.push({ ...injury, daysRemaining: 0 });
    else if (left === 0) healed.push({ ...injury, daysRemaining: 0 });
    else kept.push({ ...injury, daysRemaining: left });
  }
  return { kept, healed };
}

/** INJ-9, CB-5: "end of encounter" injuries are removed when the combat ends. */
export function endOfEncounterHeals<T extends HealingClock>(
  injuries: readonly T[],
): { kept: T[]; healed: T[] } {
  const healed = injuries.filter((i) => i.heals.kind === "endOfEncounter");
  return { kept: injuries.filter((i) => i.heals.kind !== "endOfEncounter"), healed };
}

/** INJ-9: a First Aid S or better also removes `stun` and `wind`. */
export function firstAidHeals(effect: InjuryEffect): boolean {
  const heals = INJURY_EFFECT_CATALOGUE[effect].heals;
  return heals.kind === "endOfEncounter" && heals.firstAid;
}

// ---------------------------------------------------------------------------------------------
// INJ-7, INJ-8, SW-7 lasting modifiers on rolls (T-2, AT-2)
// ---------------------------------------------------------------------------------------------

/** A hand an attack is made with. */
export type Hand = "right" | "left";

/** INJ-8: the arm location of each hand. */
export const HAND_LOCATION: Readonly<Record<Hand, Location>> = { right: "rightArm", left: "leftArm" };

/**
 * T-2, AT-2: what is being rolled. A test names its card and what kind of test it is; an attack
 * names the hand(s) its weapon is in: `either` is a one-handed weapon whose hand is not recorded,
 * taken to be in whichever hand fares better.
 */
export type RollUse =
  | {
      kind: "test";
      suit: Suit;
      card: "primary" | "secondary";
      /** INJ-8: a movement test (Athletics, Acrobatics). */
      movement?: boolean;
      /** INJ-8: a ♥ test for stamina. */
      stamina?: boolean;
      /** INJ-7 Sight: a test that relies on sight. */
      sight?: boolean;
      /** INJ-7 Sound: a mental-casting test. */
      mentalCasting?: boolean;
    }
  | { kind: "attack"; hands: Hand | "both" | "either"; spell?: boolean };

/** An injury or wound as the roll automation reads it: `source` names it (an item id). */
export interface InjuryRecord {
  source: string;
  effect: InjuryEffect | SpecificWound;
  location: Location;
  lasting: readonly LastingHarm[];
}

/** T-2, AT-2: one named modifier an injury puts on a roll. */
export interface LastingModifier {
  source: string;
  effect: InjuryEffect | SpecificWound;
  location: Location;
  rule: "INJ-7" | "INJ-8" | "SW-7";
  value: number;
  /** CON-4: set on the −5 a Sound injury's lasting Deafened puts on spell attacks, so it counts once. */
  deafened?: true;
}

/** AT-1, INJ-7, SW-7: an attack with a hand that cannot be used; a reason to refuse, not a number. */
export interface UnusableHand {
  source: string;
  effect: InjuryEffect | SpecificWound;
  location: Location;
  rule: "INJ-7" | "SW-7";
  hand: Hand;
}

export interface LastingModifiers {
  modifiers: LastingModifier[];
  unusable: UnusableHand[];
  /** Stacking [design]: every applicable modifier of every injury is summed. */
  total: number;
}

const INJURY_EFFECT_KEYS: readonly string[] = Object.keys(INJURY_EFFECT_CATALOGUE);

function ruleOf(injury: InjuryRecord): "INJ-7" | "SW-7" {
  return INJURY_EFFECT_KEYS.includes(injury.effect) ? "INJ-7" : "SW-7";
}

/** INJ-7: −5 on spell attacks while Deafened (the Sound injury's lasting condition). */
export const DEAFENED_SPELL_ATTACK = MINUS_TWO_DICE;

function scopeApplies(scope: ModifierScope, use: RollUse): boolean {
  const attack = use.kind === "attack";
  switch (scope) {
    case "allTestsAndAttacks":
      return true;
    case "allTests":
      return !attack;
    case "attacks":
      return attack;
    case "spellAttacks":
      return attack && use.spell === true;
    case "sightTests":
      return !attack && use.sight === true;
    case "mentalCastingTests":
      return !attack && use.mentalCasting === true;
    case "allCasting":
      return attack ? use.spell === true : use.mentalCasting === true;
    case "movementTests":
      return !attack && fractureCoversTest(FRACTURE_PENALTIES.leg, use) && use.movement === true;
  }
}

/** INJ-8: whether a fracture's test list covers this test. */
function fractureCoversTest(penalty: FracturePenalty, use: Extract<RollUse, { kind: "test" }>): boolean {
  return penalty.tests.some(
    (t) =>
      t.suit === use.suit &&
      t.card === use.card &&
      (t.only === undefined || (t.only === "movement" ? use.movement === true : use.stamina === true)),
  );
}

/** INJ-7, SW-7: whether an injury leaves a hand unusable (a broken or lost arm, a ruined hand, a disabled arm). */
function disablesHand(injury: InjuryRecord, hand: Hand): boolean {
  if (injury.location !== HAND_LOCATION[hand]) return false;
  if (injury.effect === "sever") return true;
  return injury.lasting.some((l) => l.kind === "unusable");
}

function forHands(injuries: readonly InjuryRecord[], use: RollUse, hands: readonly Hand[]): LastingModifiers {
  const modifiers: LastingModifier[] = [];
  const unusable: UnusableHand[] = [];
  for (const injury of injuries) {
    const named = { source: injury.source, effect: injury.effect, location: injury.location };
    const rule = ruleOf(injury);
    for (const l of injury.lasting) {
      if (l.kind === "modifier" && scopeApplies(l.appliesTo, use)) {
        modifiers.push({ ...named, rule, value: l.value });
      } else if (l.kind === "condition" && l.condition === "deafened" && use.kind === "attack" && use.spell) {
        modifiers.push({ ...named, rule, value: DEAFENED_SPELL_ATTACK, deafened: true });
      } else if (l.kind === "fracture") {
        const penalty = fracturePenalty(injury.location);
        const applies =
          use.kind === "test"
            ? fractureCoversTest(penalty, use)
            : penalty.attacksWithThatHand && hands.some((h) => HAND_LOCATION[h] === injury.location);
        if (applies) modifiers.push({ ...named, rule: "INJ-8", value: penalty.modifier });
      }
    }
    if (use.kind === "attack") {
      for (const hand of hands) {
        if (disablesHand(injury, hand)) unusable.push({ ...named, rule, hand });
      }
    }
  }
  return { modifiers, unusable, total: modifiers.reduce((sum, m) => sum + m.value, 0) };
}

/**
 * INJ-7, INJ-8, SW-7 (T-2, AT-2): the modifiers an actor's lasting injuries put on a roll, each
 * named, and the hands an attack cannot use. Stacking [design]: all applicable modifiers add up.
 */
export function lastingModifiers(injuries: readonly InjuryRecord[], use: RollUse): LastingModifiers {
  if (use.kind === "test") return forHands(injuries, use, []);
  if (use.hands === "both") return forHands(injuries, use, ["right", "left"]);
  if (use.hands !== "either") return forHands(injuries, use, [use.hands]);
  const right = forHands(injuries, use, ["right"]);
  const left = forHands(injuries, use, ["left"]);
  const usable = (r: LastingModifiers) => r.unusable.length === 0;
  if (usable(right) !== usable(left)) return usable(right) ? right : left;
  return left.total > right.total ? left : right;
}
