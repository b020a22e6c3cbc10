/** INJ-1: when a hit calls for a grievous-injury roll, and when that roll is a Killing Blow. */

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
