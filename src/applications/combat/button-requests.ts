/**
 * What a tracker button asks of the GM's client, read from the button's data attributes alone: kept free
 * of Foundry so the browser layer's interaction tests click the rendered buttons into this same code.
 */
import type { CombatRequest } from "../../rules/round/authority";
import type { Choice } from "../../rules/countdown/choices";
import { STANCES, type Stance } from "../../rules/vocabulary";
import type { TrackerAction } from "./actions";
import { isTrackerTurnAction } from "../../rules/round/turn-record";

/** AC-5, AC-6: a turn button's request; the GM's client checks the turn's record before it records the action. */
function takeAction(combatId: string, combatantId: string, action: string | undefined): CombatRequest | null {
  return isTrackerTurnAction(action) ? { kind: "takeAction", combatId, combatantId, action } : null;
}

/** INI-4, CB-3, CD-2: the GM's own controls on a row (order, who is surprised, a pool modifier). */
function gmRowRequest(
  action: "zilchPoolUp" | "zilchPoolDown" | "zilchSetAware" | "zilchMoveUp" | "zilchMoveDown",
  combatId: string,
  combatantId: string,
  data: DOMStringMap,
): CombatRequest {
  switch (action) {
    case "zilchPoolUp":
    case "zilchPoolDown":
      return { kind: "adjustPool", combatId, combatantId, by: action === "zilchPoolUp" ? 1 : -1 };
    case "zilchSetAware":
      return { kind: "setAware", combatId, combatantId, aware: data.aware === "1" };
    case "zilchMoveUp":
    case "zilchMoveDown":
      return { kind: "reorder", combatId, combatantId, direction: action === "zilchMoveUp" ? "up" : "down" };
  }
}

/** Requests naming one die of the combatant's own: bid or lower (CD-18), keep (CD-3) or burn (CD-14) instead. */
const DIE_REQUESTS = {
  zilchBid: "bid",
  zilchSwapIn: "swapIn",
  zilchBurnInstead: "burnInstead",
  zilchLowerClosing: "lowerClosing",
} as const;

/**
 * Requests naming only the combatant: DOM-2 reveal its domino, CB-2 end its turn, and CD-8 give up its
 * pool (a declaration beside the call, not an answer to it).
 */
const NAMING_ONE = {
  zilchRevealDomino: "revealDomino",
  zilchEndTurn: "endTurn",
  zilchAbandonPool: "abandonPool",
} as const;

/** ST-1: a stance button's declaration; KN-2 Slip Away's buttons carry `data-slip-away="1"`. */
function declareRequest(combatId: string, combatantId: string, data: DOMStringMap): CombatRequest {
  const stance = data.stance as Stance;
  return data.slipAway === "1"
    ? { kind: "declareStance", combatId, combatantId, stance, slipAway: true }
    : { kind: "declareStance", combatId, combatantId, stance };
}

/** The GM's round controls, which name only the combat (and, for the NPCs' declaration, a stance). */
function roundControl(
  action:
    "zilchForceReveal" | "zilchDeclareNpcStances" | "zilchNextTurn" | "zilchNextCall" | "zilchNextRound",
  combatId: string,
  data: DOMStringMap,
): CombatRequest {
  if (action === "zilchForceReveal") return { kind: "forceReveal", combatId };
  if (action === "zilchNextRound") return { kind: "nextRound", combatId };
  if (action !== "zilchDeclareNpcStances") return { kind: "nextCall", combatId };
  // ST-1: the stance the GM chose for the NPCs, or none for each one's usual.
  return { kind: "declareNpcStances", combatId, stance: STANCES.find((s) => s === data.stance) ?? null };
}

/** Builds the request a tracker button stands for, from its data attributes. */
export function requestFor(
  action: TrackerAction,
  combatId: string,
  data: DOMStringMap,
  pressureTarget: string | null,
): CombatRequest | null {
  const combatantId = data.combatantId ?? "";
  const die = Number(data.die);
  const named = data.namedAction ? { action: data.namedAction, speed: Number(data.speed) } : undefined;
  const plusOne = data.plusOne === "1";
  const choice = (c: Choice): CombatRequest => ({
    kind: "countdownChoice",
    combatId,
    combatantId,
    choice: c,
  });
  switch (action) {
    case "zilchDeclareStance":
      return declareRequest(combatId, combatantId, data);
    case "zilchShiftStance":
      return { kind: "shiftStance", combatId, combatantId, stance: data.stance as Stance };
    case "zilchForceReveal":
    case "zilchDeclareNpcStances":
    case "zilchNextTurn":
    case "zilchNextCall":
    case "zilchNextRound":
      return roundControl(action, combatId, data);
    case "zilchRevealDomino":
    case "zilchEndTurn":
    case "zilchAbandonPool":
      return { kind: NAMING_ONE[action], combatId, combatantId };
    case "zilchAct":
      return choice({ kind: "act", action: named, plusOne });
    case "zilchAccumulate":
      return named ? choice({ kind: "accumulate", action: named, die, plusOne }) : null;
    case "zilchHold":
      return choice({ kind: "hold" });
    case "zilchPass":
      return choice({ kind: "pass", die });
    case "zilchActHeld":
      return choice({ kind: "actHeld", action: named, plusOne });
    case "zilchKeepHolding":
      return choice({ kind: "keepHolding", die });
    case "zilchInterrupt":
      return { kind: "interrupt", combatId, combatantId, details: {} };
    case "zilchChallenge":
      // CD-13: the GM's client rolls the ♠ contest; nothing the button carries decides it.
      return { kind: "challenge", combatId, combatantId };
    case "zilchPoolUp":
    case "zilchPoolDown":
    case "zilchSetAware":
    case "zilchMoveUp":
    case "zilchMoveDown":
      return gmRowRequest(action, combatId, combatantId, data);
    case "zilchEffort":
      return { kind: "spendOne", combatId, combatantId, use: "effort" };
    case "zilchPressure":
      return pressureTarget
        ? { kind: "spendOne", combatId, combatantId, use: "pressure", target: pressureTarget }
        : null;
    case "zilchBid":
    case "zilchSwapIn":
    case "zilchBurnInstead":
    case "zilchLowerClosing":
      return { kind: DIE_REQUESTS[action], combatId, combatantId, die };
    case "zilchResolveLowering":
      return { kind: "resolveLowering", combatId };
    case "zilchCombine":
      return { kind: "combine", combatId, combatantId, dice: [die, Number(data.second)] };
    case "zilchRecoverStun":
      // CD-15: the GM's client rolls the ♥ save; nothing the button carries decides it.
      return { kind: "recoverStun", combatId, combatantId };
    case "zilchTakeAction":
      return takeAction(combatId, combatantId, data.turnAction);
    default:
      // zilchPickDie, zilchTogglePlusOne, zilchAttack: local to this viewer's tracker (LOCAL_ACTIONS).
      return null;
  }
}
