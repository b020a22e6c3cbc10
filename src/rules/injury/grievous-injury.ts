/** INJ-2 step 4, INJ-7: the grievous-injury item a rolled cell gives at its location. */
import type { InjuryCell } from "./effect-table";
import { INJURY_EFFECT_CATALOGUE, limbOf } from "./effects";
import type { ImmediateHarm, InjuryHealing, LastingHarm, Limb } from "./harm";
import { bleeder, type OngoingEffect } from "../ongoing";
import type { InjuryEffect, Location } from "../vocabulary";

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

/** INJ-7: whether an entry limited to one limb applies on this location's limb. */
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
