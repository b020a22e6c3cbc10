/**
 * AC-1, AC-3..AC-6: the actions a combatant's owner takes from the tracker in its own turn (a Spades
 * turn, or right after its countdown Act, CD-20): Move, the free step, Stand, Defend, Dive prone, Ready, Retrieve.
 * Each button names its cost in its tooltip; one the turn's record forbids is shown disabled with the
 * reason in players' words (the GM's client checks again when it applies, src/rules/round/turn-record.ts).
 * Pure, so the template tests render exactly these.
 */
import type { CombatantFacts, CombatantRound, RoundState } from "../../rules/round/state";
import {
  takeTurnAction,
  TRACKER_TURN_ACTIONS,
  inTurn,
  type TrackerTurnAction,
} from "../../rules/round/turn-record";

/** A turn button, in the shape of the tracker's controls (turn-types.ts Control). */
export interface TurnActionControl {
  readonly action: "zilchTakeAction";
  readonly label: string;
  readonly data: { readonly id: string; readonly turnAction: TrackerTurnAction };
  readonly hint: string;
  readonly refusal?: string;
}

/** The row the buttons are for: its id, round fields and facts. */
interface Row {
  readonly id: string;
  readonly round: CombatantRound;
  readonly facts: CombatantFacts;
}

/**
 * AC-5 Stand rises from Prone; AC-6 Dive prone only for one standing; AC-3 Ready only in Spades
 * rounds (countdown mode holds actions instead, CD-13). REC-1 Rally is asked from the sheet, which
 * rolls its ♥ test once the turn has recorded it (recovery-actions.ts); so are CON-4's resist of terror and
 * AC-4's Use of a healing item. The others are always listed.
 */
function listed(action: TrackerTurnAction, prone: boolean, state: RoundState): boolean {
  if (action === "stand") return prone;
  if (action === "diveProne") return !prone;
  if (action === "ready") return state.mode === "spades";
  if (action === "rally" || action === "resistTerror" || action === "use") return false;
  return true;
}

/** The owner's (or the GM's) turn actions on this row now, with cost and, when refused, why. */
export function turnActionControls(state: RoundState, t: Row, mayUse: boolean): TurnActionControl[] {
  if (!state.stancesShown || !inTurn(state, t.id) || !mayUse) return [];
  const prone = t.facts.conditions.includes("prone");
  return TRACKER_TURN_ACTIONS.filter((a) => listed(a, prone, state)).map((action) => {
    const r = takeTurnAction(state, t.round, t.facts, action);
    return {
      action: "zilchTakeAction" as const,
      label: `ZILCH.Combat.TurnAction.${action}`,
      data: { id: t.id, turnAction: action },
      hint: `ZILCH.Combat.TurnAction.${action}Hint`,
      ...(r.ok ? {} : { refusal: `ZILCH.Combat.Error.${r.code}` }),
    };
  });
}
