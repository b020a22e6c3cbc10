/**
 * The GM applies the requests of a turn (CB-4, AC-1..AC-6, CD-7, OPT-1, OPT-2): the next turn or call,
 * an action recorded in the turn (a dragged Move, Spring Attack included), and an action or the rest
 * of the round lost.
 */
import { countdownNextCall } from "./countdown-options";
import { countdownWithoutThoseOut } from "./stance-forced";
import {
  isTrackerTurnAction,
  takeSecondWeaponAttack,
  takeTurnAction,
  takeDraggedMove,
  useSpringAttack,
} from "./turn-record";
import { lacksMinorNow, lacksStandardNow, loseAction } from "./margin";
import { loseRoundActions } from "./dropping-out";
import { nextSpadesTurn } from "./spades-turns";
import { pipsOf } from "./domino-reveal";
import type { CombatantFacts, CombatantRound, RoundState } from "./state";
import type { BudgetedKind } from "../actions";
import { countdownLog, revealedLog, TOOK_KEYS } from "./dispatch-words";
import { findIn, refused, type Outcome, type RequestOf, type Step } from "./request-step";

/** CB-4: the next Spades turn, or CD-5: the next countdown call. */
export function nextTurnStep(step: Step, request: RequestOf<"endTurn" | "nextCall">): Outcome {
  const { s, log, rollDie, seen } = step;
  // ST-1, CB-2: turns follow the declaration; no turn begins (no domino revealed) while stances are secret.
  if (!s.state.stancesShown) return refused("stancesSecret");
  if (request.kind === "endTurn" || s.state.mode === "spades") {
    const r = nextSpadesTurn(s.state, s.combatants, s.facts, rollDie);
    if (!r.ok) return refused(r.code);
    log.push(...revealedLog(s.combatants, r.value.combatants));
    return { ok: true, snapshot: { ...s, state: r.value.state, combatants: r.value.combatants }, log };
  }
  // CB-1, CD-2: whoever may no longer act leaves before the call, by the test the Spades order reads.
  const present = countdownWithoutThoseOut(s.state, s.combatants, s.facts);
  const r = countdownNextCall(present, s.combatants, s.bids ?? {}, rollDie);
  if (!r.ok) return refused(r.code);
  seen(r.value.events);
  log.push(...countdownLog(r.value.events), ...revealedLog(s.combatants, r.value.combatants));
  // CD-18 (a): the bids are resolved; only the winner's die is public (it must Act with it).
  const won = r.value.state.countdown;
  if (won?.bid != null && won.current !== null)
    log.push({ key: "BidWon", data: { id: won.current, die: won.bid } });
  return {
    ok: true,
    snapshot: { ...s, state: r.value.state, combatants: [...r.value.combatants], bids: {} },
    log,
  };
}

/** OPT-1, OPT-2: the Spades actions the combatant's current turn has lost (its Minor, its Standard). */
export function lostActions(state: RoundState, id: string): BudgetedKind[] {
  return [
    ...(lacksMinorNow(state, id) ? (["minor"] as const) : []),
    ...(lacksStandardNow(state, id) ? (["standard"] as const) : []),
  ];
}

/** AC-1, AC-4..AC-6, CD-7: an action recorded in the combatant's turn, or refused with the rule's reason. */
export function takeActionStep(step: Step, request: RequestOf<"takeAction">): Outcome {
  const { s, log } = step;
  const { c, f } = findIn(s, request.combatantId);
  if (!c || !f) return refused("unknownCombatant");
  // AC-5: a drag of the token is the turn's movement already taken, or a Move of its own.
  if (request.dragged) return draggedMoveStep(step, c, f);
  // AC-3: the second attack of a 2WF is part of the Full action the first recorded.
  const r =
    request.secondWeapon === undefined
      ? takeTurnAction(s.state, c, f, request.action, {
          // CD-7: an attack's speed from the GM's attack check, or a named Cast's as the GM priced it.
          speed: request.speed ?? request.named?.speed,
          twoWeapon: request.twoWeapon,
          // ST-2, ST-6: 2WF splits the offensive pips the revealed domino gives now.
          offense: pipsOf(c, f, s.state.mode)?.offense ?? 0,
          lost: lostActions(s.state, c.id),
        })
      : takeSecondWeaponAttack(s.state, c, request.secondWeapon);
  if (!r.ok) return refused(r.code);
  const combatants = s.combatants.map((x) => (x.id === c.id ? { ...x, turn: r.record } : x));
  // Attacks and Casts post their own card; the tracker's actions get a public chat line.
  if (isTrackerTurnAction(request.action)) log.push({ key: TOOK_KEYS[request.action], data: { id: c.id } });
  return { ok: true, snapshot: { ...s, combatants }, log };
}

/** AC-5: a Move dragged in the turn, recorded (with its chat line when it is a Move of its own) or refused. */
function draggedMoveStep(step: Step, c: CombatantRound, f: CombatantFacts): Outcome {
  const { s, log } = step;
  const r = takeDraggedMove(s.state, c, f, { lost: lostActions(s.state, c.id) });
  if (!r.ok) return refused(r.code);
  const combatants = s.combatants.map((x) => (x.id === c.id ? { ...x, turn: r.record } : x));
  if (r.counted) log.push({ key: TOOK_KEYS.move, data: { id: c.id } });
  return { ok: true, snapshot: { ...s, combatants }, log };
}

/** KN-2 Spring Attack: the turn's record keeps it, so one Move of the turn is the extra one. */
export function springAttackStep(step: Step, request: RequestOf<"springAttack">): Outcome {
  const { s, log } = step;
  const c = s.combatants.find((x) => x.id === request.combatantId);
  if (!c) return refused("unknownCombatant");
  const r = useSpringAttack(s.state, c);
  if (!r.ok) return refused(r.code);
  const combatants = s.combatants.map((x) => (x.id === c.id ? { ...x, turn: r.record } : x));
  return { ok: true, snapshot: { ...s, combatants }, log };
}

/** OPT-1: a combatant loses the rest of its round. */
export function loseRoundActionsStep(step: Step, request: RequestOf<"loseRoundActions">): Outcome {
  const { s, log, seen } = step;
  const r = loseRoundActions(s.state, s.combatants, request.combatantId);
  if (!r.ok) return refused(r.code);
  seen(r.value.events);
  log.push({ key: "LostRoundActions", data: { id: request.combatantId } }, ...countdownLog(r.value.events));
  return { ok: true, snapshot: { ...s, state: r.value.state, combatants: r.value.combatants }, log };
}

/** OPT-1, OPT-2: a combatant loses an action (a Burn in countdown mode). */
export function loseActionStep(step: Step, request: RequestOf<"loseAction">): Outcome {
  const { s, log, seen } = step;
  const r = loseAction(s.state, request.combatantId, {
    standard: request.standard,
    thisTurn: request.thisTurn,
  });
  if (!r.ok) return refused(r.code);
  seen(r.events);
  const spadesKey = request.standard ? "LostStandardAction" : "LostMinorAction";
  const key = s.state.mode === "countdown" ? "LostActionBurn" : spadesKey;
  log.push({ key, data: { id: request.combatantId } }, ...countdownLog(r.events));
  return { ok: true, snapshot: { ...s, state: r.state }, log };
}
