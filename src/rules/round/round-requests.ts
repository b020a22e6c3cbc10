/**
 * The GM applies the requests about the round itself (CB-2, CB-3, INI-4, CD-2, CD-16) and a
 * combatant's conditions (CON-2, ST-4, ST-6, CD-17): the next round, the Spades order reordered, a
 * combatant marked aware, its pool modifier, a Stunned recovery, and new conditions forcing their effects.
 */
import { applyStunRecovery } from "./reactions";
import { conditionsChanged } from "./stance-forced";
import { adjustPool, setAware, startNextRound } from "./round-start";
import { reorder } from "./spades-turns";
import { countdownLog } from "./dispatch-words";
import { findIn, refused, type Outcome, type RequestOf, type Step } from "./request-step";

/** CB-2, CD-1: the next round; its hands are rolled once the stances are shown. */
export function nextRoundStep(step: Step): Outcome {
  const { s, log } = step;
  const r = startNextRound(s.state, s.facts, s.combatants);
  log.push({ key: "RoundStarted", data: { round: r.state.round } });
  return {
    ok: true,
    snapshot: { ...s, state: r.state, combatants: [...r.combatants], ballot: {}, bids: {}, spends: {} },
    log,
  };
}

/** INI-4: the GM moves a combatant up or down the Spades order. */
export function reorderStep(step: Step, request: RequestOf<"reorder">): Outcome {
  const { s, log } = step;
  const order = [...s.state.order];
  const at = order.indexOf(request.combatantId);
  const to = request.direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= order.length) return refused("unknownCombatant");
  [order[at], order[to]] = [order[to], order[at]];
  const r = reorder(s.state, order);
  if (!r.ok) return refused(r.code);
  return { ok: true, snapshot: { ...s, state: r.value }, log };
}

/** CD-2: the GM's modifier to a combatant's action dice, applied at its next roll. */
export function adjustPoolStep(step: Step, request: RequestOf<"adjustPool">): Outcome {
  const { s, log } = step;
  const r = adjustPool(s.combatants, request.combatantId, request.by);
  if (!r.ok) return refused(r.code);
  return { ok: true, snapshot: { ...s, combatants: r.value }, log };
}

/** CB-3, CD-16: before the combat starts, the GM marks a combatant aware or surprised. */
export function setAwareStep(step: Step, request: RequestOf<"setAware">): Outcome {
  const { s, log } = step;
  const r = setAware(s.state, s.combatants, request.combatantId, request.aware);
  if (!r.ok) return refused(r.code);
  return { ok: true, snapshot: { ...s, combatants: r.value }, log };
}

/** CON-2: the save to recover from Stunned. */
export function recoverStunStep(step: Step, request: RequestOf<"recoverStun">): Outcome {
  const { s, log, seen } = step;
  if (request.saved === undefined) return refused("stunUnrolled");
  const r = applyStunRecovery(s.state, findIn(s, request.combatantId).f, request.combatantId, request.saved);
  if (!r.ok) return refused(r.code);
  seen(r.events);
  log.push(
    { key: request.saved ? "StunRecovered" : "StunRemains", data: { id: request.combatantId } },
    ...countdownLog(r.events),
  );
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: r.countdown } }, log };
}

/** ST-4, ST-6, CD-17: a combatant's new conditions force Cautious, Stunned empties its pool and held die, and losing Stunned lifts its limit. */
export function conditionsChangedStep(step: Step, request: RequestOf<"conditionsChanged">): Outcome {
  const { s, log, seen } = step;
  const { before, after, combatantId: id } = request;
  const r = conditionsChanged(s.state, s.combatants, s.ballot, id, before, after);
  if (!r) return refused("unknownCombatant");
  seen(r.events);
  // A stance still secret is changed in the ballot without a word: the reveal shows it.
  if (r.forced && s.combatants.find((c) => c.id === id)?.stance !== null)
    log.push({ key: "StanceForcedCautious", data: { id } });
  log.push(...countdownLog(r.events));
  return {
    ok: true,
    snapshot: { ...s, state: r.state, combatants: [...r.combatants], ballot: r.ballot },
    log,
  };
}
