/**
 * AT-5..INJ-2: one action applied to the card, by the step function its kind names in a typed table.
 * Dice come in as action data (the active GM's client rolls them with Foundry `Roll`), and effects on
 * actors are done by the caller (src/documents/attack/step.ts), so the tests drive whole attacks here
 * without Foundry.
 */
import {
  type ActionOf,
  type AttackAction,
  type AttackActionKind,
  type AttackStepResult,
  ACTION_STEP,
} from "./actions";
import {
  rollDamageStep,
  applyDamageStep,
  woundSaveStep,
  rollLocationStep,
  chooseLocationStep,
  soakStep,
  rollEffectStep,
} from "./hit";
import { chooseMarginStep } from "./margin";
import { specialContestStep, specialRulingStep, escapeStep, pinStep, releaseStep } from "./specials";
import type { AttackState } from "./types";
import {
  commitAttackerStep,
  reactStep,
  commitDefenderStep,
  setMovementStep,
  reactiveDefenceStep,
} from "./windows";

/** The step function of each action kind: the card as it is and the action, to the card moved on. */
type StepTable = {
  readonly [K in AttackActionKind]: (state: AttackState, action: ActionOf<K>) => AttackStepResult;
};

/** AT-5..INJ-2, SP-1..SP-3, GW-4, CD-15, OPT-1: one short function per kind of step. */
const STEPS: StepTable = {
  reactiveDefence: reactiveDefenceStep,
  commitAttacker: commitAttackerStep,
  react: reactStep,
  commitDefender: commitDefenderStep,
  setMovement: setMovementStep,
  chooseMargin: chooseMarginStep,
  rollDamage: rollDamageStep,
  applyDamage: applyDamageStep,
  soak: soakStep,
  woundSave: woundSaveStep,
  rollLocation: rollLocationStep,
  chooseLocation: chooseLocationStep,
  rollEffect: rollEffectStep,
  specialContest: specialContestStep,
  specialRuling: specialRulingStep,
  escape: escapeStep,
  pin: pinStep,
  release: releaseStep,
};

/** The step function of `kind`, called with an action of that kind (the table's key fixes its type). */
function runStep<K extends AttackActionKind>(
  state: AttackState,
  kind: K,
  action: ActionOf<K>,
): AttackStepResult {
  const step: StepTable[K] = STEPS[kind];
  return step(state, action);
}

/**
 * AT-5..INJ-2: apply one action to the card. The caller has checked `mayAct` and done the action's
 * effect on actors (chips spent, damage applied); this only records it and moves to the next step.
 */
export function advanceAttack(state: AttackState, action: AttackAction): AttackStepResult {
  if (state.step !== ACTION_STEP[action.kind].step) return { ok: false, code: "wrongStep" };
  return runStep(state, action.kind, action);
}
