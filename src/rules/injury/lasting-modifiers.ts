/** INJ-7, INJ-8, SW-7 (T-2, AT-2): the modifiers lasting injuries and wounds put on a roll. */
import { MINUS_TWO_DICE } from "./effect-table";
import { INJURY_EFFECT_CATALOGUE } from "./effects";
import { FRACTURE_PENALTIES, fracturePenalty, type FracturePenalty } from "./fracture";
import type { LastingHarm, ModifierScope } from "./harm";
import type { InjuryEffect, Location, SpecificWound, Suit } from "../vocabulary";

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

/** INJ-7 for a grievous injury, SW-7 for a specific wound: the rule a modifier is named by. */
function ruleOf(injury: InjuryRecord): "INJ-7" | "SW-7" {
  return INJURY_EFFECT_KEYS.includes(injury.effect) ? "INJ-7" : "SW-7";
}

/** INJ-7: −5 on spell attacks while Deafened (the Sound injury's lasting condition). */
export const DEAFENED_SPELL_ATTACK = MINUS_TWO_DICE;

/** INJ-7, SW-7: whether a lasting modifier's scope covers this roll. */
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

/** INJ-7, INJ-8, SW-7: the modifiers on a roll made with these hands, and the hands it cannot use. */
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
