/** INJ-7: what each injury effect does, and what the lasting ones add up to. */
import { injuryColumn, MINUS_TWO_DICE } from "./effect-table";
import type { ImmediateHarm, InjuryEffectSpec, InjuryHealing, LastingHarm, Limb } from "./harm";
import type { Condition, InjuryEffect, Location, Suit } from "../vocabulary";

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
