/**
 * GW-1, GW-2, GW-7, GW-8, GW-9: the Grit and Wounds block a sheet header shows in place of the HP
 * bar when the mode applies to the actor. Everything is read from the prepared model.
 */
import { UNBANDAGED_PENALTY } from "../../../rules/grit";

/** The prepared Grit track (src/data/actor/common.ts GritDerived plus the stored counters). */
export interface PreparedGrit {
  active: boolean;
  value: number;
  wounds: number;
  adrenaline: number;
  unbandaged: number;
  die: number;
  woundLimit: number;
}

export interface GritView {
  value: number;
  /** GW-1, as players name it: "d6". */
  die: string;
  wounds: number;
  woundLimit: number;
  adrenaline: number;
  unbandaged: number;
  /** GW-7: how far the Wounds have come toward the limit, as the gauge's width (0-100). */
  woundPercent: number;
  /** GW-7: one Wound short of the limit, so the sheet can flag it. */
  nearDeath: boolean;
  /** GW-9: the wound-check modifier unbandaged Wounds impose ("−2"), or null when all are bandaged. */
  penalty: string | null;
}

/** The header's Grit block, or null when the actor keeps HP (setting off, or an Enemy). */
export function gritView(grit: PreparedGrit | undefined): GritView | null {
  if (!grit?.active) return null;
  return {
    value: grit.value,
    die: `d${grit.die}`,
    wounds: grit.wounds,
    woundLimit: grit.woundLimit,
    adrenaline: grit.adrenaline,
    unbandaged: grit.unbandaged,
    woundPercent:
      grit.woundLimit > 0 ? Math.round((100 * Math.min(grit.wounds, grit.woundLimit)) / grit.woundLimit) : 0,
    nearDeath: grit.woundLimit > 0 && grit.wounds >= grit.woundLimit - 1,
    penalty: grit.unbandaged > 0 ? `−${Math.abs(UNBANDAGED_PENALTY)}` : null,
  };
}
