/**
 * The GM's own controls on a row: the Spades order's up/down (INI-4), the action dice modifier (CD-2),
 * and the surprised toggle before the combat starts (CB-3, CD-16).
 */
import { MAX_POOL_MODIFIER } from "../../rules/round/round-start";
import type { RoundState } from "../../rules/round/state";
import { control } from "./control";
import type { Control, PoolModifierContext, TurnInput, Viewer } from "./turn-types";

/**
 * INI-4: the GM may reorder the Spades order by hand. Every row gets both buttons, the one past an end
 * disabled, so each row's controls take the same width and the order boxes line up.
 */
export function reorderControls(state: RoundState, t: TurnInput, viewer: Viewer): Control[] {
  const place = state.mode === "spades" ? state.order.indexOf(t.id) : -1;
  if (!viewer.isGM || place < 0) return [];
  const last = state.order.length - 1;
  return [
    control("zilchMoveUp", "ZILCH.Combat.MoveUp", { id: t.id }, place > 0 ? {} : { disabled: true }),
    control("zilchMoveDown", "ZILCH.Combat.MoveDown", { id: t.id }, place < last ? {} : { disabled: true }),
  ];
}

/**
 * CD-2: the GM raises or lowers a combatant's action dice before a roll: before the combat starts and
 * while a countdown round is Closed (the next round start rolls with it). While a round is played the
 * GM still sees a modifier other than 0 on the row, without the buttons.
 */
export function poolModifierControls(
  state: RoundState,
  t: TurnInput,
  viewer: Viewer,
): PoolModifierContext | null {
  if (!viewer.isGM || state.mode !== "countdown") return null;
  const n = t.round.poolModifier ?? 0;
  const adjustable = state.round === 0 || state.countdown?.phase === "closed";
  if (!adjustable && n === 0) return null;
  const value = n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "\u00b10";
  const at = (limit: number) => (n === limit ? { disabled: true } : {});
  return {
    value,
    adjustable,
    down: control("zilchPoolDown", "ZILCH.Combat.PoolDown", { id: t.id }, at(-MAX_POOL_MODIFIER)),
    up: control("zilchPoolUp", "ZILCH.Combat.PoolUp", { id: t.id }, at(MAX_POOL_MODIFIER)),
  };
}

/**
 * CB-3, CD-16: before the first round the GM marks who is surprised. The toggle is pressed while the
 * combatant is surprised; its request asks for the other state.
 */
export function awareToggle(state: RoundState, t: TurnInput, viewer: Viewer): Control | null {
  if (!viewer.isGM || state.round > 0) return null;
  const surprised = !t.round.aware;
  return control(
    "zilchSetAware",
    surprised ? "ZILCH.Combat.Surprised" : "ZILCH.Combat.MarkSurprised",
    { id: t.id, aware: surprised ? 1 : 0 },
    { pressed: surprised, hint: "ZILCH.Combat.SurprisedHint" },
  );
}
