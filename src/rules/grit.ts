/**
 * Optional Grit and Wounds (RULES.md §23, GW-1 to GW-10): replaces HP for PCs and Foes when the
 * `gritWounds` setting is on. Randomness comes in as die results and test rolls.
 */
import { degreeOfSuccess, isSuccess } from "./tests";
import type { DegreeOfSuccess, RollDie } from "./vocabulary";

/** GW-1: the Grit die by eff(♥): ≤5 d4, 6–8 d6, 9–11 d8, ≥12 d10. */
export function gritDie(heartsEff: number): 4 | 6 | 8 | 10 {
  if (heartsEff <= 5) return 4;
  if (heartsEff <= 8) return 6;
  if (heartsEff <= 11) return 8;
  return 10;
}

/** GW-2: Grit points at the start of combat (or of the next round for the surprised). */
export function rollGrit(heartsEff: number, rollDie: RollDie): number {
  return rollDie(gritDie(heartsEff));
}

/** GW-7: the wound limit is ceil(eff(♥) / 2); reaching it means death. */
export function woundLimit(heartsEff: number): number {
  return Math.ceil(Math.max(0, heartsEff) / 2);
}

/** GW-7: whether a creature with these Wounds is dead. */
export function deadFromWounds(wounds: number, heartsEff: number): boolean {
  return wounds >= woundLimit(heartsEff);
}

/** GW-6: each full eff(♥) of one hit is an automatic Wound; the remainder goes through GW-5. */
export function massiveDamage(
  damage: number,
  heartsEff: number,
): { automaticWounds: number; remainder: number } {
  if (heartsEff <= 0) throw new RangeError("eff(♥) 0 means death by drain (DRN-4), not a wound check");
  return { automaticWounds: Math.floor(damage / heartsEff), remainder: damage % heartsEff };
}

/** GW-9: until bandaged, new Wounds put wound checks at −2. */
export const UNBANDAGED_PENALTY = -2;

/**
 * GW-5, T-2: the wound check target: eff(♥) − damage (−2 with unbandaged Wounds, GW-9), with the
 * `modifier` the creature's lasting injuries and wounds put on its ♥ tests.
 */
export function woundCheckTarget(
  heartsEff: number,
  damage: number,
  unbandaged = false,
  modifier = 0,
): number {
  return heartsEff - damage + (unbandaged ? UNBANDAGED_PENALTY : 0) + modifier;
}

export interface GritState {
  grit: number;
  wounds: number;
  adrenaline: number;
}

export interface GritHitInput {
  heartsEff: number;
  damage: number;
  /** GW-10: temporary damage costs Grit, but a Wound becomes unconsciousness instead. */
  temporary?: boolean;
  unbandaged?: boolean;
  /** T-2: what the creature's lasting injuries and wounds put on a ♥ test (0 or absent for none). */
  testModifier?: number;
  /** T-1: the wound check's roll, needed when `gritHitCheck` returns a target. */
  roll?: number;
}

export interface GritHitResult extends GritState {
  /** Wounds gained by this hit (GW-8 adds as many to adrenaline). */
  woundsGained: number;
  /** GW-5: the check made, or null when none was needed. */
  check: { target: number; roll: number; dos: DegreeOfSuccess } | null;
  /** GW-10: temporary damage that would have wounded knocks out for 1d10 minutes instead. */
  unconscious: boolean;
  dead: boolean;
}

/** GW-5, GW-6: the target of the wound check a hit needs, or null when none is rolled. */
export function gritHitCheck(state: GritState, input: GritHitInput): number | null {
  const { remainder } = massiveDamage(input.damage, input.heartsEff);
  if (remainder <= 0 || state.grit === 0) return null;
  return woundCheckTarget(input.heartsEff, remainder, input.unbandaged, input.testModifier);
}

/**
 * GW-5, GW-6, GW-8, GW-10: a hit under Grit and Wounds. Full eff(♥) multiples are automatic Wounds;
 * the remainder with Grit 0 is an automatic Wound, otherwise a ♥ test at eff(♥) − remainder:
 * success loses that much Grit (a Wound and Grit 0 if Grit falls short), failure is a Wound with
 * Grit unchanged. Each Wound adds 1 adrenaline.
 */
export function applyGritHit(state: GritState, input: GritHitInput): GritHitResult {
  const { automaticWounds, remainder } = massiveDamage(input.damage, input.heartsEff);
  let grit = state.grit;
  let wounds = automaticWounds;
  let check: GritHitResult["check"] = null;
  if (remainder > 0) {
    if (grit === 0) wounds += 1;
    else {
      if (input.roll === undefined) throw new RangeError("this hit needs a wound check roll");
      const target = woundCheckTarget(input.heartsEff, remainder, input.unbandaged, input.testModifier);
      const dos = degreeOfSuccess(input.roll, target);
      check = { target, roll: input.roll, dos };
      if (!isSuccess(dos)) wounds += 1;
      else if (grit < remainder) {
        grit = 0;
        wounds += 1;
      } else grit -= remainder;
    }
  }
  if (input.temporary && wounds > 0) {
    return { ...state, grit, woundsGained: 0, check, unconscious: true, dead: false };
  }
  const total = state.wounds + wounds;
  return {
    grit,
    wounds: total,
    adrenaline: state.adrenaline + wounds,
    woundsGained: wounds,
    check,
    unconscious: false,
    dead: deadFromWounds(total, input.heartsEff),
  };
}

/** GW-8: at each round start a creature gains Grit equal to its adrenaline. */
export function roundStartGrit(state: GritState): GritState {
  return { ...state, grit: state.grit + state.adrenaline };
}

/** GW-9: after combat adrenaline resets to 0, with one grievous injury roll (no Killing Blow) per point lost. */
export function afterCombat(state: GritState): { state: GritState; injuryRolls: number } {
  return { state: { grit: 0, wounds: state.wounds, adrenaline: 0 }, injuryRolls: state.adrenaline };
}

/** GW-4: each reaction costs 1 Grit, outside one's own turn. */
export const REACTION_GRIT_COST = 1;

/** GW-4: Dodge (♠) and Block (♣): S gives +2 defence against that attack, CS +5. */
export function reactionDefenceBonus(dos: DegreeOfSuccess): number {
  if (dos === "CS") return 5;
  return dos === "S" ? 2 : 0;
}

/** GW-4: Slip and Parry follow a Dodge or Block that beat the attack by 5 or more, never against missiles; Parry not against reach weapons. */
export function followUpAllowed(
  reaction: "slip" | "parry",
  defence: number,
  attack: number,
  attackIs: { missile: boolean; reach: boolean },
): boolean {
  if (defence - attack < 5 || attackIs.missile) return false;
  return reaction === "slip" || !attackIs.reach;
}

/** GW-4: the immediate attack of a Slip or Parry is at +2. */
export const FOLLOW_UP_ATTACK_BONUS = 2;

/**
 * GW-9: Wounds healed by one Sleep. RULES.md heals each Wound "after a full day of rest (one Sleep
 * with no strenuous activity)", so one Sleep counts as that full day and heals one Wound; no test.
 */
export const WOUNDS_HEALED_PER_SLEEP = 1;

/**
 * GW-9: the Wounds after one Sleep. The oldest Wound heals first, so the unbandaged (newest) ones
 * stay unbandaged unless fewer Wounds remain than were unbandaged.
 */
export function woundsAfterSleep(state: { wounds: number; unbandaged: number }): {
  wounds: number;
  unbandaged: number;
  healed: number;
} {
  const wounds = Math.max(0, state.wounds - WOUNDS_HEALED_PER_SLEEP);
  return { wounds, unbandaged: Math.min(state.unbandaged, wounds), healed: state.wounds - wounds };
}
