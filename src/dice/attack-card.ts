/**
 * The attack card as the chat template reads it: the pure view of the state (src/rules/attack/card.ts)
 * with the links to the rules reference it names (./attack-rules.ts), and the dice each step rolls.
 */
import { attackRules } from "./attack-rules";
import { attackCardView, type AttackCardView } from "../rules/attack/card";
import {
  needsKnockoutRoll,
  needsMissileRoll,
  type AttackActionKind,
  type AttackRequester,
  type AttackState,
} from "../rules/attack/state";

export const ATTACK_CARD_TEMPLATE = "systems/zilch/templates/chat/attack-card.hbs";

export interface AttackCardContext extends AttackCardView {
  /** The conditions and rules the card names, as links to the rules reference (./attack-rules.ts). */
  rules: { key: string; labelKey: string }[];
}

/** AT-5..INJ-2: the card's view for this viewer, ending with its rule links. */
export function attackCardContext(state: AttackState, viewer: AttackRequester | null): AttackCardContext {
  const view = attackCardView(state, viewer);
  return { ...view, rules: attackRules(view) };
}

/** The dice a step needs rolled by the GM's client before it can be recorded (Foundry `Roll` formulas). */
export function diceFor(state: AttackState, kind: AttackActionKind): string[] {
  switch (kind) {
    case "rollDamage":
      return [
        "1dF",
        ...(needsMissileRoll(state) ? ["1d100"] : []),
        ...(needsKnockoutRoll(state) ? ["1d10"] : []),
      ];
    case "woundSave":
      return state.wound?.target === null ? [] : ["1d12"];
    case "react":
      return ["1d12"];
    case "rollLocation":
      return ["4d6"];
    case "rollEffect":
      return ["1d6"];
    // T-1: each test is a 1d12 (+1d8 on a 12); the attacker's or controller's first.
    case "specialContest":
    case "pin":
      return ["1d12", "1d12"];
    default:
      return [];
  }
}
