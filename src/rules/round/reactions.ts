/**
 * CD-15 free uses of dice outside a call, as the GM's client applies them to the round: a Soak paid
 * for from an attack card, and a Stun recovery asked from the tracker. The ♥ tests are rolled by the
 * caller (ZilchCombat, the attack flow) with Foundry `Roll`; this only checks and pays.
 */
import { reactiveDefence, recoverStun, setStunned, soak } from "../countdown/effects";
import { findParticipant } from "../countdown/state";
import type { CountdownEvent, CountdownState } from "../countdown/types";
import type { CombatantFacts, RoundState } from "./state";
import type { SoakPayment } from "../attack/index";
import type { CombatRefusal, Refused } from "./refusal";

export type ReactionResult =
  | { readonly ok: true; readonly countdown: CountdownState; readonly events: readonly CountdownEvent[] }
  | Refused;

/** CD-15: the countdown after paying for a Soak (a discarded 1, or a usable die burned to a 1). */
export function paySoak(state: RoundState, id: string, payment: SoakPayment): ReactionResult {
  if (state.mode !== "countdown" || state.countdown === null) return { ok: false, code: "notCountdownMode" };
  const step = soak(state.countdown, id, payment);
  return step.ok
    ? { ok: true, countdown: step.state, events: step.events }
    : { ok: false, code: `countdown.${step.error.code}` };
}

/**
 * CD-15: the countdown after a reactive defence: the highest usable die is discarded (refused while
 * Defenseless, or with no usable die in hand).
 */
export function payReactiveDefence(state: RoundState, id: string, defenseless: boolean): ReactionResult {
  if (state.mode !== "countdown" || state.countdown === null) return { ok: false, code: "notCountdownMode" };
  const step = reactiveDefence(state.countdown, id, defenseless);
  return step.ok
    ? { ok: true, countdown: step.state, events: step.events }
    : { ok: false, code: `countdown.${step.error.code}` };
}

/** CD-15, AT-5 step 1: whether an attack on this combatant offers it a reactive defence now. */
export function reactiveDefenceOffered(state: RoundState, id: string, defenseless: boolean): boolean {
  return payReactiveDefence(state, id, defenseless).ok;
}

/**
 * CD-15, CD-17: why this combatant may not spend a 1 on a Stun recovery save now, or null. The
 * actor's Stunned condition is the truth (it may have been stunned since the round began).
 */
export function stunRecoveryProblem(
  state: RoundState,
  facts: CombatantFacts | undefined,
  id: string,
): CombatRefusal | null {
  if (state.mode !== "countdown" || state.countdown === null) return "notCountdownMode";
  const p = findParticipant(state.countdown, id);
  if (!p || !facts) return "unknownCombatant";
  if (!facts.conditions.includes("stunned")) return "notStunned";
  if (!p.active) return "countdown.inactive";
  if (!p.hand.includes(1)) return "countdown.noOneInHand";
  return null;
}

/**
 * CD-15, CD-17: discard the 1 and record the save. A participant stunned since the round began is
 * marked Stunned in the countdown first, with CD-17's losses, which were due when it became Stunned
 * [design: the countdown learns of a mid-round Stun at the first request that needs it].
 */
export function applyStunRecovery(
  state: RoundState,
  facts: CombatantFacts | undefined,
  id: string,
  saved: boolean,
): ReactionResult {
  const problem = stunRecoveryProblem(state, facts, id);
  if (problem) return { ok: false, code: problem };
  let cd = state.countdown!;
  const events: CountdownEvent[] = [];
  if (!findParticipant(cd, id)!.stunned) {
    const marked = setStunned(cd, id, true);
    if (!marked.ok) return { ok: false, code: `countdown.${marked.error.code}` };
    cd = marked.state;
    events.push(...marked.events);
  }
  const step = recoverStun(cd, id, saved);
  return step.ok
    ? { ok: true, countdown: step.state, events: [...events, ...step.events] }
    : { ok: false, code: `countdown.${step.error.code}` };
}
