/**
 * The GM's side of a combat request (ARCHITECTURE.md §3 "Authority"): validate who asks, apply the
 * round transition, and say what to post in chat. Pure: ZilchCombat loads a `CombatSnapshot` from its
 * documents, calls `dispatch`, and saves the result; the tests call it directly with a scripted round.
 * The transitions themselves sit by what they change: ./stance-requests.ts, ./turn-requests.ts,
 * ./countdown-requests.ts and ./round-requests.ts; the chat lines they write, ./dispatch-words.ts.
 */
import type { CountdownEvent, CountdownState } from "../countdown/types";
import type { RollDie } from "../vocabulary";
import { validateRequest, type CombatRequest, type Requester } from "./authority";
import { abandonPoolStep } from "./pool-abandon";
import { recordsAfter } from "./turn-record";
import type { Refused } from "./refusal";
import { endTurnMarks } from "./margin";
import { countdownHooks, nextRoundHooks, spadesTurnHooks, type TurnHook } from "./turn-hooks";
import { hideClosing, type LogEntry } from "./dispatch-words";
import { refused, type CombatSnapshot, type Outcome, type Step } from "./request-step";
import {
  declareNpcStancesStep,
  declareStanceStep,
  forceRevealStep,
  revealDominoStep,
  shiftStanceStep,
} from "./stance-requests";
import {
  loseActionStep,
  loseRoundActionsStep,
  nextTurnStep,
  springAttackStep,
  takeActionStep,
} from "./turn-requests";
import {
  bidStep,
  burnInsteadStep,
  combineStep,
  countdownActStep,
  injuryBurnStep,
  lowerClosingStep,
  lowered,
  reactiveDefenceStep,
  soakStep,
  spendOneStep,
  swapInStep,
  usePendingStep,
} from "./countdown-requests";
import {
  adjustPoolStep,
  conditionsChangedStep,
  nextRoundStep,
  recoverStunStep,
  reorderStep,
  setAwareStep,
} from "./round-requests";

export type DispatchResult =
  | {
      readonly ok: true;
      readonly snapshot: CombatSnapshot;
      readonly log: readonly LogEntry[];
      /** CB-4, CD-20: the turn and round hooks the GM's client runs on the combatants' actors. */
      readonly hooks: readonly TurnHook[];
    }
  | Refused;

/**
 * Validate `request` from `who` and apply it. A refusal names its i18n code (ZILCH.Combat.Error.<code>,
 * or `countdown.<code>` for the countdown's own refusals) and changes nothing.
 */
export function dispatch(
  s: CombatSnapshot,
  request: CombatRequest,
  who: Requester,
  rollDie: RollDie,
): DispatchResult {
  const allowed = validateRequest(request, who, s.state);
  if (!allowed.ok) return refused(allowed.code);
  const applied = applyRequest(s, request, rollDie);
  if (!applied.ok) return applied;
  // AC-1, CD-20: a turn or Act that begins starts a fresh record of what it does.
  const r = {
    ...applied,
    snapshot: {
      ...applied.snapshot,
      combatants: recordsAfter(s.state, applied.snapshot.state, applied.snapshot.combatants, applied.events),
    },
  };
  const ids = s.combatants.map((c) => c.id);
  const before = s.state;
  const after = r.snapshot.state;
  let hooks: TurnHook[] = [];
  let state = after;
  if (request.kind === "nextRound") {
    hooks = nextRoundHooks(before, ids);
    state = { ...after, pendingActs: [] };
  } else if (before.mode === "spades") {
    hooks = spadesTurnHooks(before.current, after.current);
    // OPT-1: a turn that ended uses up its "no Minor action" mark.
    if (before.current !== null && before.current !== after.current)
      state = endTurnMarks(state, before.current);
  } else if (r.events.length > 0) {
    const cd = countdownHooks(before.pendingActs ?? [], r.events, ids);
    hooks = cd.hooks;
    state = { ...after, pendingActs: cd.pending };
  }
  const closing = closingSecret(r.events, state.countdown);
  const log = closing === undefined ? r.log : hideClosing(r.log, state.countdown);
  return {
    ok: true,
    snapshot: { ...r.snapshot, state, ...(closing === undefined ? {} : { closing }) },
    log,
    hooks,
  };
}

/**
 * CD-19: once a round Closes, the value the GM's client keeps: the Closing die's when the world hides
 * it, else null (the state shows it). Undefined while no round Closed (the kept value stays as it was).
 */
function closingSecret(
  events: readonly CountdownEvent[],
  cd: CountdownState | null,
): number | null | undefined {
  const closed = events.find((e) => e.type === "closed");
  if (closed?.type !== "closed") return undefined;
  return cd?.options.showClosing ? null : closed.closingValue;
}

type Applied =
  | {
      readonly ok: true;
      readonly snapshot: CombatSnapshot;
      readonly log: readonly LogEntry[];
      readonly events: readonly CountdownEvent[];
    }
  | Refused;

/** One validated request's transition, with the countdown events it made (for the CD-20 hooks). */
function applyRequest(s: CombatSnapshot, request: CombatRequest, rollDie: RollDie): Applied {
  let events: readonly CountdownEvent[] = [];
  const result = applyOne(s, request, rollDie, (e) => (events = e));
  return result.ok ? { ...result, events } : result;
}

/** CB, ST, DOM, CD, OPT: one validated request's transition, by its kind. */
function applyOne(
  s: CombatSnapshot,
  request: CombatRequest,
  rollDie: RollDie,
  seen: (events: readonly CountdownEvent[]) => void,
): Outcome {
  const step: Step = { s, rollDie, seen, log: [] };
  switch (request.kind) {
    case "declareStance":
      return declareStanceStep(step, request);
    case "forceReveal":
      return forceRevealStep(step);
    case "declareNpcStances":
      return declareNpcStancesStep(step, request);
    case "shiftStance":
      return shiftStanceStep(step, request);
    case "revealDomino":
    case "revealForSave": // T-7, DOM-5: the owner's ♣- or ♠-based save
      return revealDominoStep(step, request);
    case "endTurn":
    case "nextCall":
      return nextTurnStep(step, request);
    case "bid":
      return bidStep(step, request);
    case "lowerClosing":
      return lowerClosingStep(step, request);
    case "swapIn":
      return swapInStep(step, request);
    case "burnInstead":
      return burnInsteadStep(step, request);
    case "combine":
      return combineStep(step, request);
    case "countdownChoice":
    case "interrupt":
    case "challenge":
      return countdownActStep(step, request);
    case "spendOne":
      return spendOneStep(step, request);
    case "usePendingOnes":
      return usePendingStep(step, request);
    case "abandonPool":
      return abandonPoolStep(step.s, request.combatantId);
    case "takeAction":
      return takeActionStep(step, request);
    case "springAttack":
      return springAttackStep(step, request);
    case "nextRound":
      return nextRoundStep(step);
    case "reorder":
      return reorderStep(step, request);
    case "setAware":
      return setAwareStep(step, request);
    case "adjustPool":
      return adjustPoolStep(step, request);
    case "loseRoundActions":
      return loseRoundActionsStep(step, request);
    case "loseAction":
      return loseActionStep(step, request);
    case "injuryBurn":
      return injuryBurnStep(step, request);
    case "soak":
      return soakStep(step, request);
    case "reactiveDefence":
      return reactiveDefenceStep(step, request);
    case "recoverStun":
      return recoverStunStep(step, request);
    case "conditionsChanged":
      return conditionsChangedStep(step, request);
    case "resolveLowering":
      return lowered(step.s, step.rollDie, step.seen, step.log);
    case "applyDamage":
      // Damage is applied by the attack card's own GM step (src/applications/combat); the combat has nothing to change.
      return refused("unknownRequest");
  }
}
