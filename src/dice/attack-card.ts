/**
 * The attack card as the chat template reads it: the pure view of the state (src/views/attack-card/card-view.ts)
 * with the links to the rules reference it names (./attack-rules.ts), and the dice each step rolls.
 */
import { attackRules } from "./attack-rules";
import { attackCardView } from "../views/attack-card/card-view";
import type { AttackCardView } from "../views/attack-card/model";
import {
  needsKnockoutRoll,
  needsMissileRoll,
  type AttackActionKind,
  type AttackRequester,
  type AttackState,
} from "../rules/attack/index";

export const ATTACK_CARD_TEMPLATE = "systems/zilch/templates/chat/attack-card.hbs";

export interface AttackCardContext extends AttackCardView {
  /** The conditions and rules the card names, as links to the rules reference (./attack-rules.ts). */
  rules: { key: string; labelKey: string }[];
  /** AT-7: what the hit's colour means, as the colour word's tooltip. */
  colourHintKey: string | null;
  /** AT-4 detailed rule: the GM's movement choices, drawn as one labelled segmented control. */
  movementControls: AttackCardView["controls"];
  /** Every other control, in the card's grid of buttons. */
  otherControls: AttackCardView["controls"];
}

/**
 * AT-5..INJ-2: the card's view for this viewer, ending with its rule links; `nameOf` names a link as
 * the reader will see it, so two links of one name are shown once (./attack-rules.ts).
 */
export function attackCardContext(
  state: AttackState,
  viewer: AttackRequester | null,
  nameOf?: (labelKey: string) => string,
): AttackCardContext {
  const view = attackCardView(state, viewer);
  return {
    ...view,
    rules: attackRules(view, nameOf),
    colourHintKey: view.result ? `ZILCH.Attack.ColourHint.${view.result.colour}` : null,
    movementControls: view.controls.filter((c) => c.kind === "setMovement"),
    otherControls: view.controls.filter((c) => c.kind !== "setMovement"),
  };
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
