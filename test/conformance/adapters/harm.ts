/**
 * Conformance adapters for harm (FORMAT.md kinds `damage`, `injuryLocation`, `injuryEffect`,
 * `injuryTrigger`, `specificWound`, `missileLocation`): each turns a vector input into the result
 * shape FORMAT.md names by calling src/rules only.
 */
import type { Adapter } from "./index";
import { hitColour } from "../../../src/rules/attack/resolution";
import { resolveDamage, type DamageInput } from "../../../src/rules/damage";
import { injuryEffect } from "../../../src/rules/injury/effect-table";
import { injuryLocation } from "../../../src/rules/injury/location";
import { injuryTrigger, type InjuryTriggerInput } from "../../../src/rules/injury/trigger";
import { missileLocation, woundCheck, type WoundAttackKind } from "../../../src/rules/wounds";
import type { AimingPoint, Location } from "../../../src/rules/vocabulary";

export const adapters: Record<string, Adapter> = {
  damage(input) {
    const result = resolveDamage(input as unknown as DamageInput);
    return { ...result };
  },

  injuryLocation(input) {
    const i = input as { dice: number[]; neckGroin?: boolean };
    return { ...injuryLocation(i.dice, i.neckGroin ?? false) };
  },

  injuryEffect(input) {
    // neckGroin only decides whether Neck and Groin can be reached (INJ-5); a cell lookup needs only the location.
    const i = input as { location: Location; roll: number; killingBlow?: boolean };
    return { ...injuryEffect(i.location, i.roll, i.killingBlow ?? false) };
  },

  injuryTrigger(input) {
    const { roll, killingBlow } = injuryTrigger(input as unknown as InjuryTriggerInput);
    return { roll, killingBlow };
  },

  specificWound(input) {
    const i = input as {
      margin: number;
      aim: AimingPoint;
      brawling?: boolean;
      enemy?: boolean;
      attackKind?: WoundAttackKind;
    };
    // SW-1 checks hits: the margin's colour as AT-7 gives it for a hit.
    return {
      ...woundCheck({
        colour: hitColour(i.margin, true),
        aim: i.aim,
        brawling: i.brawling ?? false,
        enemy: i.enemy ?? false,
        attackKind: i.attackKind ?? "attack",
      }),
    };
  },

  missileLocation(input) {
    return { location: missileLocation((input as { d100: number }).d100) };
  },
};
