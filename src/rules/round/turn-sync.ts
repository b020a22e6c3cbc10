/**
 * Foundry's turn in step with Zilch's. Foundry's `combat.turn` is an index into
 * `combat.turns` and `combat.combatant` is that entry; `null` means nobody is acting (FOUNDRY-FACTS §5,
 * foundryvtt/foundryvtt#11238; draw-steel combat.mjs writes `{turn: null}` between turns). Token turn
 * markers sit on that combatant's token (#11690) and the core End Turn button goes to its owner
 * (#11737), so both follow Zilch only if `turn` names Zilch's current combatant: in Spades mode the one
 * whose turn it is (CB-2), in the countdown the one called (CD-5), and nobody while stances are being
 * declared (ST-1), between calls, or after the last turn.
 */
import type { CombatRequest } from "./authority";
import type { RoundState } from "./state";

/** CB-2, CD-5, ST-1: the combatant acting now in Zilch's round, or null. */
export function zilchCurrent(state: RoundState): string | null {
  if (state.round === 0 || !state.stancesShown) return null;
  return state.mode === "countdown" ? (state.countdown?.current ?? null) : state.current;
}

/** What of a Combat the sync reads: Foundry's round, turn and sorted turns. */
export interface FoundryTurn {
  readonly started: boolean;
  readonly round: number;
  readonly turn: number | null;
  readonly turns: readonly { readonly id: string | null }[];
}

/**
 * The `round`/`turn` fields to write so Foundry agrees with `state`: empty when it already does, and
 * always empty before Foundry has started the combat (its own `startCombat` writes the first round;
 * what it writes there is unknown, FOUNDRY-FACTS §11.5, so the caller syncs again after it).
 * A current combatant missing from `turns` (removed) counts as nobody.
 */
export function turnChange(combat: FoundryTurn, state: RoundState): { round?: number; turn?: number | null } {
  if (!combat.started) return {};
  const current = zilchCurrent(state);
  const index = current === null ? -1 : combat.turns.findIndex((t) => t.id === current);
  const turn = index >= 0 ? index : null;
  return {
    ...(state.round > 0 && state.round !== combat.round ? { round: state.round } : {}),
    ...(turn !== combat.turn ? { turn } : {}),
  };
}

/**
 * CB-2, CD-5: what puts Foundry's `round`/`turn` back after another user changed them. A player may
 * write `round` (Nimble-Co/FoundryVTT-Nimble#853: "turn-only fields"); set to 0, Foundry's `started`
 * reads false while Zilch's round still runs, so the round is written back as well as the turn.
 */
export function turnPutBack(
  combat: FoundryTurn,
  state: RoundState,
): { round?: number; turn?: number | null } {
  if (combat.started || state.round === 0 || combat.turns.length === 0) return turnChange(combat, state);
  return turnChange({ started: true, round: combat.round, turn: combat.turn, turns: combat.turns }, state);
}

/**
 * The core End Turn button (`Combat#nextTurn` on the clicking client) as a Zilch request: a GM's is
 * the next Spades turn or countdown call; a player's ends its own combatant's Spades turn (the GM's
 * client checks that it is theirs). In the countdown a called player answers on its tracker row
 * (Act, Hold, Pass…), so a player's End Turn there is null: nothing to ask.
 */
export function endTurnRequest(state: RoundState, combatId: string, isGM: boolean): CombatRequest | null {
  if (isGM) return { kind: "nextCall", combatId };
  if (state.mode === "spades" && state.current !== null)
    return { kind: "endTurn", combatId, combatantId: state.current };
  return null;
}
