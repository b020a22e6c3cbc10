import { hpMax, type Vitals } from "./hitPoints";
import type { ResolvedImmediateHarm } from "./injury/grievous-injury";
import type { HarmDuration, ImmediateHarm, LastingHarm } from "./injury/harm";
import { DEFAULT_REACH, LONG_REACH } from "./equipment";
import { bleeder } from "./ongoing";
import {
  AIMING_POINTS,
  type AimingPoint,
  type Colour,
  type Location,
  type SpecificWound,
} from "./vocabulary";
import type { WoundChartKey, WoundRow } from "./wound-tables";

export type { WoundChartKey };

/** SW-1, SW-6: what kind of attack made the hit; Charge and 2WF attacks count as `attack`. */
export const WOUND_ATTACK_KINDS = ["attack", "special", "cast", "knockout"] as const;
export type WoundAttackKind = (typeof WOUND_ATTACK_KINDS)[number];

/** SW-1: the colour that calls for a wound check (and the only one a called shot hits on, SW-3). */
export const WOUND_COLOUR: Colour = "red";

export interface WoundEligibilityInput {
  colour: Colour;
  attackKind?: WoundAttackKind;
  /** SW-1: the GM may switch wounds off for creatures without that anatomy (oozes, swarms). */
  anatomy?: boolean;
  /** SET-1 `specificWounds` (default on). */
  specificWounds?: boolean;
}

/** SW-1: a Red hit of an Attack (armed or brawling) is checked, whatever DR did to the damage. */
export function woundEligible(input: WoundEligibilityInput): boolean {
  return (
    input.specificWounds !== false &&
    input.anatomy !== false &&
    (input.attackKind ?? "attack") === "attack" &&
    input.colour === WOUND_COLOUR
  );
}

/** SW-2, AT-1: the aiming point of a melee attack that names none. */
export const DEFAULT_AIM: AimingPoint = "chest";

/** SW-2: reach at which mounted and foot combatants may aim anywhere. */
export const AIM_ANYWHERE_REACH = LONG_REACH;

/**
 * SW-2: the points a melee attacker may aim at. On foot against a mounted foe only Chest, Gut and
 * Legs; mounted against a foe on foot no Legs; a reach of 2 or more lifts both limits.
 */
export function allowedAimingPoints(situation: {
  attackerMounted?: boolean;
  targetMounted?: boolean;
  reach?: number;
}): AimingPoint[] {
  const attackerMounted = situation.attackerMounted === true;
  const targetMounted = situation.targetMounted === true;
  if ((situation.reach ?? DEFAULT_REACH) >= AIM_ANYWHERE_REACH || attackerMounted === targetMounted)
    return [...AIMING_POINTS];
  const allowed: readonly AimingPoint[] = targetMounted
    ? ["chest", "abdomen", "rightLeg", "leftLeg"]
    : ["head", "chest", "rightArm", "leftArm", "abdomen"];
  return AIMING_POINTS.filter((p) => allowed.includes(p));
}

/** SW-3, SW-9: one row of the Missile Hit Location table (d100; 100 stands for 00). */
export interface MissileLocationEntry {
  range: readonly [number, number];
  location: AimingPoint;
}

/** SW-3, SW-9: the Missile Hit Location table, as a `1d100` compendium RollTable holds it. */
export const MISSILE_LOCATION_TABLE: readonly MissileLocationEntry[] = [
  { range: [1, 9], location: "rightLeg" },
  { range: [10, 20], location: "leftLeg" },
  { range: [21, 40], location: "abdomen" },
  { range: [41, 70], location: "chest" },
  { range: [71, 79], location: "leftArm" },
  { range: [80, 90], location: "rightArm" },
  { range: [91, 100], location: "head" },
];

/** SW-3: where an ordinary missile hit lands. */
export function missileLocation(d100: number): AimingPoint {
  const entry = MISSILE_LOCATION_TABLE.find((e) => d100 >= e.range[0] && d100 <= e.range[1]);
  if (!entry || !Number.isInteger(d100)) throw new RangeError(`a d100 cannot show ${d100}`);
  return entry.location;
}

/** SW-3, AT-6: a called shot hits only on Red; anything else is a complete miss. */
export function calledShotHits(colour: Colour): boolean {
  return colour === WOUND_COLOUR;
}

/** SW-4: the chart a hit reads. */
export function woundChartKey(brawling: boolean): WoundChartKey {
  return brawling ? "brawling" : "armed";
}

/** SW-7, SW-9: one chart row: the wound key, the ♥ save modifier, and its effects. */
export interface WoundSpec {
  wound: SpecificWound;
  saveModifier: number;
  immediate: readonly ImmediateHarm[];
  lasting: readonly LastingHarm[];
  /** SW-8: armed wounds heal by Sleep at full HP or magic; brawling ones only by their durations. */
  heals: "sleepOrMagic" | "durationsOnly";
}

const endOfNextTurn: HarmDuration = { kind: "endOfNextTurn" };
const untilRemoved: HarmDuration = { kind: "untilRemoved" };
const stunnedBriefly: ImmediateHarm = { kind: "condition", conditions: ["stunned"], duration: endOfNextTurn };
const fallProne: ImmediateHarm = { kind: "condition", conditions: ["prone"], duration: untilRemoved };

const armDisabled: WoundSpec = {
  wound: "armDisabled",
  saveModifier: 0,
  immediate: [{ kind: "dropHeld" }],
  lasting: [{ kind: "unusable", part: "arm" }],
  heals: "sleepOrMagic",
};
const legCrippled: WoundSpec = {
  wound: "legCrippled",
  saveModifier: 0,
  immediate: [fallProne],
  lasting: [{ kind: "condition", condition: "slowed" }, { kind: "noCharge" }, { kind: "noRunOrSprint" }],
  heals: "sleepOrMagic",
};
const numbed: WoundSpec = {
  wound: "numbed",
  saveModifier: 2,
  immediate: [{ kind: "dropHeld" }],
  lasting: [],
  heals: "durationsOnly",
};
const swept: WoundSpec = {
  wound: "swept",
  saveModifier: 2,
  immediate: [fallProne],
  lasting: [],
  heals: "durationsOnly",
};

/** SW-7, SW-9: the Specific Wound Chart, looked up by aiming point, armed and brawling. */
export const SPECIFIC_WOUND_CHART: Readonly<Record<WoundChartKey, Readonly<Record<AimingPoint, WoundSpec>>>> =
  {
    armed: {
      head: {
        wound: "skullWound",
        saveModifier: -5,
        immediate: [
          { kind: "dropToZero", conditions: ["unconscious"] },
          { kind: "drain", suit: "hearts", amount: 2, tainted: true },
        ],
        lasting: [],
        heals: "sleepOrMagic",
      },
      chest: {
        wound: "deepChestWound",
        saveModifier: -2,
        immediate: [{ kind: "ongoing", rating: 1, suit: "hearts", tag: "bleeding" }, stunnedBriefly],
        lasting: [{ kind: "modifier", value: -2, appliesTo: "allTests" }],
        heals: "sleepOrMagic",
      },
      abdomen: {
        wound: "gutWound",
        saveModifier: -2,
        immediate: [{ kind: "drain", suit: "hearts", amount: 2, tainted: true }],
        lasting: [{ kind: "condition", condition: "hampered" }],
        heals: "sleepOrMagic",
      },
      rightArm: armDisabled,
      leftArm: armDisabled,
      rightLeg: legCrippled,
      leftLeg: legCrippled,
    },
    brawling: {
      head: {
        wound: "knockedOut",
        saveModifier: -2,
        immediate: [
          { kind: "condition", conditions: ["unconscious"], duration: { kind: "roundsDie", die: 6 } },
        ],
        lasting: [],
        heals: "durationsOnly",
      },
      chest: {
        wound: "winded",
        saveModifier: 0,
        immediate: [stunnedBriefly],
        lasting: [],
        heals: "durationsOnly",
      },
      abdomen: {
        wound: "doubledOver",
        saveModifier: 0,
        immediate: [fallProne, stunnedBriefly],
        lasting: [],
        heals: "durationsOnly",
      },
      rightArm: numbed,
      leftArm: numbed,
      rightLeg: swept,
      leftLeg: swept,
    },
  };

export interface WoundCheckInput extends WoundEligibilityInput {
  aim: AimingPoint;
  brawling?: boolean;
  /** NPC-3: an Enemy suffers the wound without a save. */
  enemy?: boolean;
  /** SW-9: the row the GM's Specific Wounds table gives for the aim; absent, the built-in chart's. */
  row?: WoundRow;
}

export interface WoundCheck {
  eligible: boolean;
  wound: SpecificWound | null;
  /** The ♥ save modifier, or null when there is no save (not eligible, or an Enemy). */
  saveModifier: number | null;
}

/** SW-1, SW-4, SW-5, SW-7: whether a hit risks a wound, which one, and the target's ♥ save modifier. */
export function woundCheck(input: WoundCheckInput): WoundCheck {
  if (!woundEligible(input)) return { eligible: false, wound: null, saveModifier: null };
  const row = input.row ?? SPECIFIC_WOUND_CHART[woundChartKey(input.brawling === true)][input.aim];
  return { eligible: true, wound: row.wound, saveModifier: input.enemy ? null : row.saveModifier };
}

/** SW-5: a failed or skipped save applies the wound; a successful one avoids it. */
export function woundApplies(check: WoundCheck, saveSucceeded: boolean | null): boolean {
  if (!check.eligible) return false;
  if (check.saveModifier === null) return true;
  if (saveSucceeded === null) throw new RangeError("a wound with a save needs the save's result");
  return !saveSucceeded;
}

/** SW-5, SW-9: the data of a specific-wound injury item. */
export interface SpecificWoundItem {
  kind: "specificWound";
  location: AimingPoint;
  wound: SpecificWound;
  immediate: ResolvedImmediateHarm[];
  lasting: LastingHarm[];
  heals: WoundSpec["heals"];
}

/**
 * SW-7, SW-9: the chart row of a wound key, the one at `location` when that point has it (the two arms
 * and legs share a wound), else the first row with that key. A GM's table may put any wound at any
 * aiming point; the wound's effects come with its key.
 */
export function woundSpecOf(wound: SpecificWound, location: Location): WoundSpec | null {
  for (const chart of Object.values(SPECIFIC_WOUND_CHART)) {
    const atAim = AIMING_POINTS.find((p) => p === location);
    if (atAim && chart[atAim].wound === wound) return chart[atAim];
    const anywhere = Object.values(chart).find((spec) => spec.wound === wound);
    if (anywhere) return anywhere;
  }
  return null;
}

/**
 * SW-5, SW-7, SW-9: the injury item of a wound at an aiming point (the chart's for the aim unless the
 * GM's table named another `wound`); a chest bleeder's origin is the chest.
 */
export function createWound(aim: AimingPoint, brawling: boolean, wound?: SpecificWound): SpecificWoundItem {
  const spec = (wound && woundSpecOf(wound, aim)) || SPECIFIC_WOUND_CHART[woundChartKey(brawling)][aim];
  const immediate = spec.immediate.map((e): ResolvedImmediateHarm =>
    e.kind === "ongoing"
      ? { kind: "ongoing", effect: { ...bleeder(aim), rating: e.rating, suit: e.suit, tag: e.tag } }
      : e,
  );
  return {
    kind: "specificWound",
    location: aim,
    wound: spec.wound,
    immediate,
    lasting: [...spec.lasting],
    heals: spec.heals,
  };
}

/** SW-6: a knock-out attempt's damage is all temporary; on Red the target is out for 1d10 minutes. */
export function knockOut(colour: Colour): {
  temporary: true;
  unconscious: HarmDuration | null;
  woundChecked: false;
} {
  return {
    temporary: true,
    unconscious: colour === WOUND_COLOUR ? { kind: "minutesDie", die: 10 } : null,
    woundChecked: false,
  };
}

/** SW-8: the magical healing that, spent on an armed wound instead of HP, ends it. */
export const MAGIC_HEALING_ENDS_WOUND = 3;

/** SW-8: an armed wound ends after a Sleep that leaves the character at full HP with no ♥ taint. */
export function armedWoundHealsAfterSleep(v: Vitals): boolean {
  return v.value >= hpMax(v) && v.taint.hearts === 0;
}

/** SW-8: magical healing spent on the wound ends it once it reaches the threshold. */
export function magicEndsWound(pointsSpent: number): boolean {
  return pointsSpent >= MAGIC_HEALING_ENDS_WOUND;
}

/** SW-5: the order of a hit's consequences: damage, then the specific wound, then INJ-1. */
export const HIT_CONSEQUENCE_ORDER = ["damage", "specificWound", "injuryTrigger"] as const;
export type HitConsequence = (typeof HIT_CONSEQUENCE_ORDER)[number];
