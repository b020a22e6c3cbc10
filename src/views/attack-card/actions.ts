/**
 * The attack card's `data-action` names and the values its controls carry: the words the card and the
 * click handlers (src/applications/combat/attack-flow.ts, src/documents/attack/requests.ts) share.
 * View building, kept apart so it can leave the rules engine in one step.
 */
import type { AttackActionKind } from "../../rules/attack/index";

/** The card's `data-action` names, one per state-machine action; attack-flow.ts handles each. */
export const ATTACK_CARD_ACTIONS = {
  commitAttacker: "zilchAttackCommit",
  commitDefender: "zilchAttackCommit",
  rollDamage: "zilchAttackRollDamage",
  applyDamage: "zilchAttackApply",
  woundSave: "zilchAttackWoundSave",
  rollLocation: "zilchAttackRollLocation",
  chooseLocation: "zilchAttackChooseLocation",
  rollEffect: "zilchAttackRollEffect",
  soak: "zilchAttackSoak",
  setMovement: "zilchAttackSetMovement",
  chooseMargin: "zilchAttackChooseMargin",
  specialContest: "zilchAttackSpecialContest",
  specialRuling: "zilchAttackSpecialRuling",
  escape: "zilchAttackEscape",
  pin: "zilchAttackPin",
  release: "zilchAttackRelease",
  react: "zilchAttackReact",
  reactiveDefence: "zilchAttackReactiveDefence",
} as const satisfies Record<AttackActionKind, string>;
export type AttackCardAction = (typeof ATTACK_CARD_ACTIONS)[AttackActionKind];
/** The card's damage applied to the viewer's selected tokens (not a card step). */
export const APPLY_SELECTED_ACTION = "zilchApplySelected";

/** KN-2: the value the damage roll's Sneak Attack control carries (read as `sneakAttack` on the step). */
export const SNEAK_ATTACK_VALUE = "sneakAttack";
/** KN-2: the value the damage roll's Stunning Fist control carries (read as `stunningFist` on the step). */
export const STUNNING_FIST_VALUE = "stunningFist";
