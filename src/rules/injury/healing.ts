/** INJ-9: how injuries heal: the daily clock, the end of the encounter, First Aid. */
import { INJURY_EFFECT_CATALOGUE } from "./effects";
import type { InjuryHealing } from "./harm";
import type { InjuryEffect } from "../vocabulary";

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
