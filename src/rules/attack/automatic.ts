/**
 * The card's steps nobody has to decide (AT-5, CH-7, TL-6, DMG-1, SW-5, INJ-2): a chip window whose
 * side has nothing it could commit, and the rolls the table lets roll themselves. The active GM's
 * client reads this from the card it holds after every step it applies, and takes the step named here
 * itself, so no client ever has to say that it has nothing to decide.
 */
import type { AttackActionKind } from "./actions";
import type { AttackState } from "./types";
import { attackerChipsAvailable, movementChoosable } from "./windows";

/**
 * How much rolls itself (a table's choice, SET-1): every single-outcome roll (damage, the wound save,
 * the injury), all but the damage (the attacker rolls it), or none (each waits for its button). The
 * injury's effect always rolls with its location: once the location is known it has one outcome.
 */
export const AUTO_ROLLS = ["all", "injuries", "none"] as const;
export type AutoRolls = (typeof AUTO_ROLLS)[number];

/** What the table chose, and which sides no player owns when NPCs never commit chips. */
export interface AutoPolicy {
  readonly rolls: AutoRolls;
  /** A side the GM alone controls, in a world whose NPCs never commit chips: its window never opens. */
  readonly silent: { readonly attacker: boolean; readonly defender: boolean };
}

/** The steps the GM's client may take unasked; a window's commit is always 0 chips and no Boon. */
export type AutomaticStep = Extract<
  AttackActionKind,
  "commitAttacker" | "commitDefender" | "rollDamage" | "woundSave" | "rollLocation" | "rollEffect"
>;

/** CH-3, CH-7, TL-6: a side's window offers a choice only when it holds chips it may commit or a Boon. */
export function windowHasChoice(state: AttackState, side: "attacker" | "defender"): boolean {
  if (side === "attacker") return attackerChipsAvailable(state) > 0 || state.attacker.boon;
  return state.defender.chips > 0 || state.defender.boon;
}

/**
 * KN-2: Sneak Attack or Stunning Fist offered at the damage roll is the attacker's choice, so the
 * damage then waits for its button.
 */
const knackOffered = (state: AttackState): boolean =>
  state.declaration.sneakAttack === "offered" || state.declaration.stunningFist === "offered";

/**
 * The step the card's current state lets the GM's client take by itself, or null when someone has a
 * choice to make (a window with chips or a Boon, a reaction, the margin, a Soak before the GM applies,
 * a location shift, a contest's card) or the table wants the roll clicked.
 */
export function automaticStep(state: AttackState, policy: AutoPolicy): AutomaticStep | null {
  switch (state.step) {
    case "attacker":
      // AT-4 detailed rule: the GM may still set a Defenseless target's movement in this step.
      if (movementChoosable(state)) return null;
      return policy.silent.attacker || !windowHasChoice(state, "attacker") ? "commitAttacker" : null;
    case "defender":
      return policy.silent.defender || !windowHasChoice(state, "defender") ? "commitDefender" : null;
    case "damage":
      return policy.rolls === "all" && !knackOffered(state) ? "rollDamage" : null;
    case "wound":
      // SW-5: an Enemy makes no save, so there is nothing to roll or decide.
      return state.wound?.target === null || policy.rolls !== "none" ? "woundSave" : null;
    case "injuryLocation":
      return policy.rolls === "none" ? null : "rollLocation";
    case "injuryEffect":
      return "rollEffect";
    default:
      return null;
  }
}
