/**
 * INJ-7, SW-7: the words an injury or a wound is described in: what it does at once, what holds while
 * it lasts, and when it goes away.
 */
import type { ConditionDuration } from "../conditions";
import type { OngoingTag } from "../ongoing";
import type { Condition, Suit } from "../vocabulary";

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
