/**
 * After a hit (DMG-1..DMG-6, HP-2, SW-1..SW-6, INJ-1..INJ-3, CD-15, §23): damage, its application, a
 * Soak, the specific wound's save and the grievous injury's location and effect.
 */
import type { AttackResult } from "./resolution";
import { damageOutcome, flatDamageBonus } from "../damage";
import { injuryEffect } from "../injury/effect-table";
import { createInjury } from "../injury/grievous-injury";
import { injuryLocation, isLegalShift } from "../injury/location";
import { injuryTrigger } from "../injury/trigger";
import { injuryCellFromResult } from "../injury-tables";
import { massiveDamage, woundLimit, type GritHitResult } from "../grit";
import { degreeOfSuccess, POSSIBLE_ROLLS, saveSucceeds } from "../tests";
import { knockOut, missileLocation, woundApplies, woundCheck } from "../wounds";
import { isAimingPoint, isWoundRow } from "../wound-tables";
import type { AimingPoint, DegreeOfSuccess, Location, SpecificWound } from "../vocabulary";
import type { AttackRefusal, AttackStepResult, ActionOf } from "./actions";
import { isMissile, isDie } from "./checks";
import { damageFor } from "./hit-on";
import {
  type AttackDeclared,
  type GritReport,
  type WoundState,
  type InjuryState,
  type AttackState,
  SOAK_PAYMENTS,
  type SoakState,
} from "./types";

/**
 * GW-5, GW-6, GW-10: the card's account of a Grit hit, from the hit's result, the Grit before it and
 * eff(♥). A temporary hit's would-be Wounds are reported as unconsciousness only.
 */
export function gritReport(
  hit: GritHitResult & { damage: number; unconsciousMinutes: number | null },
  gritBefore: number,
  heartsEff: number,
): GritReport {
  const massive = heartsEff > 0 ? massiveDamage(hit.damage, heartsEff) : { automaticWounds: 0, remainder: 0 };
  const wounding = !hit.unconscious;
  return {
    damage: hit.damage,
    gritBefore,
    grit: hit.grit,
    wounds: hit.wounds,
    woundLimit: woundLimit(heartsEff),
    woundsGained: hit.woundsGained,
    automaticWounds: wounding ? massive.automaticWounds : 0,
    zeroGritWound: wounding && massive.remainder > 0 && hit.check === null && heartsEff > 0,
    check: hit.check,
    dead: hit.dead,
    unconsciousMinutes: hit.unconscious ? hit.unconsciousMinutes : null,
  };
}

/** SW-1, SW-6: the kind of attack the wound rules read. */
function woundKind(d: AttackDeclared): "attack" | "special" | "cast" | "knockout" {
  if (d.mode === "special") return "special";
  if (d.mode === "cast") return "cast";
  return d.knockout ? "knockout" : "attack";
}

/** SW-3: an ordinary (not called) missile hit needs a d100 for where it lands, when a wound is checked. */
export function needsMissileRoll(state: AttackState): boolean {
  return isMissile(state.declaration.mode) && !state.declaration.calledShot && woundPossible(state);
}

/** SW-6: a Red knock-out needs a d10 for its minutes. */
export function needsKnockoutRoll(state: AttackState): boolean {
  return state.declaration.knockout && state.result?.colour === "red";
}

/** SW-1: whether the hit is one a specific wound is checked for (its aiming point aside). */
export function woundPossible(state: AttackState): boolean {
  return (
    state.result !== null &&
    woundCheck({
      colour: state.result.colour,
      attackKind: woundKind(state.declaration),
      anatomy: state.defender.anatomy,
      specificWounds: state.settings.specificWounds,
      aim: "chest",
    }).eligible
  );
}

/**
 * SW-1..SW-5, SW-9: the check for the hit's location, or null when the hit is not eligible; `row` is
 * the GM's table's row for the location (checked again here), else the built-in chart decides.
 */
function woundFor(state: AttackState, location: AimingPoint | null, row?: unknown): WoundState | null {
  if (state.result === null || location === null) return null;
  const check = woundCheck({
    colour: state.result.colour,
    attackKind: woundKind(state.declaration),
    anatomy: state.defender.anatomy,
    specificWounds: state.settings.specificWounds,
    aim: location,
    brawling: state.declaration.brawling,
    enemy: state.defender.enemy,
    row: isWoundRow(row) ? row : undefined,
  });
  if (!check.eligible) return null;
  const target = check.saveModifier === null ? null : state.defender.hearts + check.saveModifier;
  return { check, location, target, roll: null, applies: null };
}

/** INJ-1: after damage and wound, whether the hit calls for an injury roll. */
function injuryAfter(state: AttackState): AttackState {
  const report = state.applied;
  const damage = state.damage;
  if (report === null || damage === null || damage.result.final === null) return { ...state, step: "done" };
  // INJ-1: in Grit and Wounds mode GW-9's injuries after the fight replace these triggers.
  if (report.grit) return { ...state, step: "done" };
  const trigger = injuryTrigger({
    hpBefore: report.hpBefore,
    hpMax: report.hpMax,
    final: damage.result.final,
    drainOverflow: report.drainAdded > 0,
    temporary: damage.temporary,
    enemy: state.defender.enemy,
    injuriesForEnemies: state.settings.injuriesForEnemies,
    grievousInjuries: state.settings.grievousInjuries,
  });
  if (!trigger.roll) return { ...state, step: "done" };
  return {
    ...state,
    step: "injuryLocation",
    injury: { trigger, dice: null, rolled: null, location: null, d6: null, cell: null, injury: null },
  };
}

/** KN-2 Sneak Attack: the declaration once it is taken (+2 flat, DMG-1), or null when it was not offered. */
export function withSneakAttack(d: AttackDeclared): AttackDeclared | null {
  if (d.sneakAttack !== "offered") return null;
  return { ...d, flat: d.flat + flatDamageBonus({ sneakAttack: true }), sneakAttack: "taken" };
}

/** KN-2 Stunning Fist: the declaration once it is taken, or null when it was not offered. */
export function withStunningFist(d: AttackDeclared): AttackDeclared | null {
  return d.stunningFist === "offered" ? { ...d, stunningFist: "taken" } : null;
}

/** DMG-1..DMG-4, SW-2, SW-6: the damage rolled, with a missile's location and a knock-out's minutes. */
export function rollDamageStep(state: AttackState, action: ActionOf<"rollDamage">): AttackStepResult {
  if (![-1, 0, 1].includes(action.dF)) return { ok: false, code: "badDice" };
  const result = state.result as AttackResult;
  let location = state.declaration.aim;
  let d100: number | null = null;
  if (needsMissileRoll(state)) {
    if (!isDie(action.d100, 100)) return { ok: false, code: "badDice" };
    d100 = action.d100;
    // SW-9: the GM's table's location, checked again; else the built-in SW-3 table.
    location = isAimingPoint(action.missileLocation) ? action.missileLocation : missileLocation(d100);
  }
  let knockoutMinutes: number | null = null;
  if (needsKnockoutRoll(state)) {
    if (!isDie(action.d10, 10)) return { ok: false, code: "badDice" };
    knockoutMinutes = action.d10;
  }
  // KN-2: a Sneak Attack taken adds its +2 to the flat bonuses (DMG-1), for this and any later target.
  const sneak = action.sneakAttack ? withSneakAttack(state.declaration) : state.declaration;
  if (!sneak) return { ok: false, code: "noSneakAttack" };
  // KN-2: a Stunning Fist taken is applied with the hit (the target's ♥ save, on the GM's client).
  const d = action.stunningFist ? withStunningFist(sneak) : sneak;
  if (!d) return { ok: false, code: "noStunningFist" };
  const damage = damageFor({ ...state, declaration: d }, action.dF, result.marginBonus, state.defender);
  // SW-6, HP-3: a knock-out attempt deals only temporary damage.
  const temporary = d.temporary || (d.knockout && knockOut(result.colour).temporary);
  const next: AttackState = {
    ...state,
    declaration: d,
    d100,
    location,
    knockoutMinutes,
    damage: { dF: action.dF, result: damage, temporary },
  };
  // DMG-4: nothing happens below 0, except the SW-1 check and a Red knock-out.
  const anything =
    damage.outcome !== "none" ||
    woundFor(next, location) !== null ||
    knockoutMinutes !== null ||
    d.stunningFist === "taken";
  return { ok: true, state: { ...next, step: anything ? "apply" : "done" } };
}

/** SW-5: the damage is applied, then the specific wound, then the INJ-1 trigger. */
export function applyDamageStep(state: AttackState, action: ActionOf<"applyDamage">): AttackStepResult {
  const applied = state.damage?.result.outcome === "damage" ? action.report : null;
  if (state.damage?.result.outcome === "damage" && action.report === null)
    return { ok: false, code: "badDice" };
  const next: AttackState = { ...state, applied };
  // SW-5: damage, then the specific wound, then the INJ-1 trigger.
  const wound = woundFor(next, next.location, action.woundRow);
  if (wound) return { ok: true, state: { ...next, step: "wound", wound } };
  return { ok: true, state: injuryAfter(next) };
}

/** SW-3: the save against a specific wound, when it has one. */
export function woundSaveStep(state: AttackState, action: ActionOf<"woundSave">): AttackStepResult {
  const wound = state.wound as WoundState;
  if (wound.target === null && action.roll !== null) return { ok: false, code: "noSave" };
  if (wound.target !== null && action.roll === null) return { ok: false, code: "needsSave" };
  const succeeded =
    wound.target === null || action.roll === null ? null : saveSucceeds(action.roll, wound.target);
  const applies = woundApplies(wound.check, succeeded);
  return { ok: true, state: injuryAfter({ ...state, wound: { ...wound, roll: action.roll, applies } }) };
}

/** INJ-2: the 4d6 location roll; shifts let the attacker choose. */
export function rollLocationStep(state: AttackState, action: ActionOf<"rollLocation">): AttackStepResult {
  if (action.dice.length !== 4 || !action.dice.every((d) => isDie(d, 6)))
    return { ok: false, code: "badDice" };
  // INJ-10: the GM's Injury Location table's location for the face, checked again by the evaluator.
  const rolled = injuryLocation(action.dice, state.settings.neckGroin, action.location);
  const injury = { ...(state.injury as InjuryState), dice: [...action.dice], rolled };
  if (rolled.shifts > 0) return { ok: true, state: { ...state, step: "injuryShift", injury } };
  return {
    ok: true,
    state: { ...state, step: "injuryEffect", injury: { ...injury, location: rolled.location } },
  };
}

/** INJ-2: the attacker spends the rolled shifts on a location. */
export function chooseLocationStep(state: AttackState, action: ActionOf<"chooseLocation">): AttackStepResult {
  const injury = state.injury as InjuryState;
  if (!injury.rolled || !isLegalShift(injury.rolled, action.location))
    return { ok: false, code: "badLocation" };
  return {
    ok: true,
    state: { ...state, step: "injuryEffect", injury: { ...injury, location: action.location } },
  };
}

/** CD-15: the target Soaks the damage with a ♥ test. */
export function soakStep(state: AttackState, action: ActionOf<"soak">): AttackStepResult {
  const problem = soakProblem(state);
  if (problem) return { ok: false, code: problem };
  if (!SOAK_PAYMENTS.includes(action.payment) || !POSSIBLE_ROLLS.includes(action.roll))
    return { ok: false, code: "badDice" };
  const damage = state.damage!;
  const finalBefore = damage.result.final!;
  const target = state.defender.hearts;
  const dos = degreeOfSuccess(action.roll, target);
  const reduction = soakReduction(dos);
  // DMG-4: a soak down to 0 leaves the riders (minimum 0, riders still apply).
  const final = Math.max(0, finalBefore - reduction);
  const result = { ...damage.result, final, outcome: damageOutcome(final) };
  const soak: SoakState = {
    payment: action.payment,
    target,
    roll: action.roll,
    dos,
    reduction,
    finalBefore,
  };
  return { ok: true, state: { ...state, damage: { ...damage, result }, soak } };
}

/** INJ-3: the d6 of the injury's effect at its location. */
export function rollEffectStep(state: AttackState, action: ActionOf<"rollEffect">): AttackStepResult {
  if (!isDie(action.d6, 6)) return { ok: false, code: "badDice" };
  const injury = state.injury as InjuryState;
  const location = injury.location as Location;
  // INJ-10: the table's key, checked again here; an unknown one leaves the built-in cell.
  const fromTable = action.cell ? injuryCellFromResult({ zilch: action.cell }) : null;
  const cell = fromTable ?? injuryEffect(location, action.d6, injury.trigger.killingBlow);
  const created = createInjury(location, cell);
  return {
    ok: true,
    state: { ...state, step: "done", injury: { ...injury, d6: action.d6, cell, injury: created } },
  };
}

/** SW-5, SW-7: the wound a finished check leaves on the target, if any. */
export function woundToApply(state: AttackState): { wound: SpecificWound; location: AimingPoint } | null {
  const w = state.wound;
  return w && w.applies && w.check.wound ? { wound: w.check.wound, location: w.location } : null;
}

/** CD-15: a Soak takes 2 off on CS, 1 on S, nothing on F or CF. */
export function soakReduction(dos: DegreeOfSuccess): number {
  return dos === "CS" ? 2 : dos === "S" ? 1 : 0;
}

/**
 * CD-15, NPC-3: why the target may not Soak this damage now, or null when it may: only in countdown
 * mode, never an Enemy, once per damage instance, and only while HP damage waits to be applied
 * [design: a final of 0 has nothing to soak].
 */
export function soakProblem(state: AttackState): AttackRefusal | null {
  if (state.step !== "apply") return "wrongStep";
  if (!state.settings.countdown) return "soakCountdownOnly";
  if (state.defender.enemy) return "soakEnemy";
  if (state.soak) return "soakUsed";
  const final = state.damage?.result.final ?? null;
  if (state.damage?.result.outcome !== "damage" || final === null || final <= 0) return "soakNothing";
  return null;
}
