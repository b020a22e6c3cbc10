/** OPT-1: the special results the attacker buys with the margin bonus, and the saves they call for. */
import { MARGIN_EFFECTS, marginChoiceProblem, type MarginDuration, type MarginSpecial } from "../options";
import { POSSIBLE_ROLLS, saveSucceeds } from "../tests";
import type { Condition } from "../vocabulary";
import type { AttackStepResult, ActionOf } from "./actions";
import { defenderSpadesTest, type AttackSetup, type MarginSave, type AttackState } from "./types";
import { REACTIVE_DEFENCE_PIPS } from "../countdown/effects";

/** OPT-1: the attacker buys margin results, with the saves they call for. */
export function chooseMarginStep(state: AttackState, action: ActionOf<"chooseMargin">): AttackStepResult {
  const problem = marginChoiceProblem(action.choices, state.result?.marginBonus ?? 0);
  if (problem) return { ok: false, code: problem };
  const needed = marginSaves(state, action.choices);
  if (
    action.saveRolls.length !== needed.length ||
    !action.saveRolls.every((r) => POSSIBLE_ROLLS.includes(r))
  ) {
    return { ok: false, code: "badDice" };
  }
  const saves = needed.map((n, i) => ({
    ...n,
    roll: action.saveRolls[i],
    saved: saveSucceeds(action.saveRolls[i], n.target),
  }));
  return {
    ok: true,
    state: { ...state, step: "damage", margin: { choices: [...action.choices], saves } },
  };
}

/**
 * T-7: the defensive pips a ♠ save adds: those the reveal showed, without a reactive defence's +2,
 * which holds against that one attack only (CD-15).
 */
function shownDefensivePips(state: AttackSetup & Pick<AttackState, "reactiveDefence">): number {
  const side = state.defender.side;
  const reactive = state.reactiveDefence === "taken" && !side.defenseless ? REACTIVE_DEFENCE_PIPS : 0;
  return Math.max(0, side.defense - reactive);
}

/**
 * OPT-1, T-2, T-7: the saves these bought results call for, each at the defender's test target on its
 * suit (lasting modifiers counted), a ♠ save with its shown defensive pips.
 */
export function marginSaves(
  state: AttackSetup & Pick<AttackState, "reactiveDefence">,
  choices: readonly MarginSpecial[],
): Omit<MarginSave, "roll" | "saved">[] {
  return choices.flatMap((special) => {
    const effect = MARGIN_EFFECTS[special];
    if (effect.kind !== "save") return [];
    const target =
      effect.suit === "hearts"
        ? state.defender.hearts
        : defenderSpadesTest(state) + shownDefensivePips(state);
    return [{ special, suit: effect.suit, target }];
  });
}

/** OPT-1: the conditions the bought results leave on the target (failed saves, and Hamstring). */
export function marginConditions(
  state: AttackState,
): { special: MarginSpecial; condition: Condition; duration: MarginDuration }[] {
  const m = state.margin;
  if (!m) return [];
  const out: { special: MarginSpecial; condition: Condition; duration: MarginDuration }[] = [];
  const saves = [...m.saves];
  for (const special of m.choices) {
    const effect = MARGIN_EFFECTS[special];
    if (effect.kind === "condition")
      out.push({ special, condition: effect.condition, duration: effect.duration });
    if (effect.kind === "save") {
      const save = saves.shift();
      if (save && !save.saved) out.push({ special, condition: effect.condition, duration: effect.duration });
    }
  }
  return out;
}
