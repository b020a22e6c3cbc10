/**
 * The GM applies the countdown's requests (CD-3, CD-6, CD-13, CD-14, CD-15, CD-18, CD-20): bids, the
 * Closing die lowered, dice combined or swapped, a Burn moved, a called participant's choice, an
 * interrupt or a challenge, 1s spent, an injury's Burn, and the dice a Soak or reactive defence pays.
 */
import { burn, burnInstead, spendOne, swapIn, usePending } from "../countdown/effects";
import type { CountdownEvent, CountdownState } from "../countdown/types";
import type { Choice } from "../countdown/choices";
import { removeDice } from "../countdown/hand";
import type { RollDie } from "../vocabulary";
import { allLowered, countdownCombine, offerLowering, placeBid, resolveLowering } from "./countdown-options";
import { payReactiveDefence, paySoak } from "./reactions";
import { countdownChallenge, countdownChoose, countdownInterrupt } from "./countdown-calls";
import { countdownLog, revealedLog, type LogEntry } from "./dispatch-words";
import {
  findIn,
  refused,
  type CombatSnapshot,
  type Outcome,
  type RequestOf,
  type Step,
} from "./request-step";

/** CD-18 (a): a secret bid for the coming call. */
export function bidStep(step: Step, request: RequestOf<"bid">): Outcome {
  const { s, log } = step;
  const r = placeBid(s.state, s.bids ?? {}, request.combatantId, request.die);
  if (!r.ok) return refused(r.code);
  return { ok: true, snapshot: { ...s, state: r.value.state, bids: r.value.bids }, log };
}

/** CD-18 (c): a secret spend to lower the Closing die. */
export function lowerClosingStep(step: Step, request: RequestOf<"lowerClosing">): Outcome {
  const { s, log, rollDie, seen } = step;
  const r = offerLowering(s.state, s.spends ?? {}, request.combatantId, request.die);
  if (!r.ok) return refused(r.code);
  const offered: CombatSnapshot = { ...s, state: r.value.state, spends: r.value.spends };
  // CD-18 (c): once everyone who could spend has, nothing is left to wait for.
  return allLowered(offered.state)
    ? lowered(offered, rollDie, seen, log)
    : { ok: true, snapshot: offered, log };
}

/** CD-18 (d): two dice combined into one. */
export function combineStep(step: Step, request: RequestOf<"combine">): Outcome {
  const { s, log, seen } = step;
  const [first, second] = request.dice;
  const r = countdownCombine(s.state, s.combatants, request.combatantId, first, second);
  if (!r.ok) return refused(r.code);
  seen(r.value.events);
  log.push({ key: "Combined", data: { id: request.combatantId, dice: `${first} + ${second}` } });
  return { ok: true, snapshot: { ...s, state: r.value.state }, log };
}

/** CD-3: the owner keeps an unkept die instead of a kept one, before the first call. */
export function swapInStep(step: Step, request: RequestOf<"swapIn">): Outcome {
  const { s, log } = step;
  const countdown = s.state.countdown;
  if (s.state.mode !== "countdown" || countdown === null) return refused("notCountdownMode");
  const r = swapIn(countdown, request.combatantId, request.die);
  if (!r.ok) return refused(`countdown.${r.error.code}`);
  // CD-19: the hands are public, so the chat that showed the roll also says which die was let go.
  const unkept = (cd: CountdownState) =>
    cd.participants.find((p) => p.id === request.combatantId)?.unkept ?? [];
  const rest = removeDice(unkept(countdown), [request.die]) ?? [];
  const [give] = removeDice(unkept(r.state), rest) ?? [];
  if (give !== undefined)
    log.push({ key: "KeptSwapped", data: { id: request.combatantId, take: request.die, give } });
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: r.state } }, log };
}

/** CD-14: the owner burns another usable die instead of one a Burn chose by default. */
export function burnInsteadStep(step: Step, request: RequestOf<"burnInstead">): Outcome {
  const { s, log } = step;
  const countdown = s.state.countdown;
  if (s.state.mode !== "countdown" || countdown === null) return refused("notCountdownMode");
  const r = burnInstead(countdown, request.combatantId, request.die);
  if (!r.ok) return refused(`countdown.${r.error.code}`);
  // CD-19: hands are public, so the chat says which die was burned and which came back.
  for (const e of r.events)
    if (e.type === "burnMoved")
      log.push({ key: "BurnMoved", data: { id: e.id, burned: e.burned, restored: e.restored } });
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: r.state } }, log };
}

/** CD-20: an Act or Accumulate paid by a Hampered creature buys one action; other choices buy none. */
function withHampered(choice: Choice, hampered: boolean): Choice {
  return choice.kind === "act" || choice.kind === "actHeld" || choice.kind === "accumulate"
    ? { ...choice, hampered }
    : choice;
}

/** CD-6, CD-13: the called participant's choice, a held-die interrupt or a challenge. */
export function countdownActStep(
  step: Step,
  request: RequestOf<"countdownChoice" | "interrupt" | "challenge">,
): Outcome {
  const { s, log, rollDie, seen } = step;
  // CD-20, AC-2: whether the actor is Hampered is the GM's own fact, whatever the request said.
  const hampered = findIn(s, request.combatantId).f?.conditions.includes("hampered") ?? false;
  const r =
    request.kind === "countdownChoice"
      ? countdownChoose(s.state, s.combatants, withHampered(request.choice, hampered), rollDie)
      : request.kind === "interrupt"
        ? countdownInterrupt(
            s.state,
            s.combatants,
            request.combatantId,
            { ...request.details, hampered },
            rollDie,
          )
        : request.holderWins === undefined
          ? null
          : countdownChallenge(s.state, s.combatants, request.combatantId, request.holderWins, {}, rollDie);
  if (r === null) return refused("challengeUnrolled");
  if (!r.ok) return refused(r.code);
  seen(r.value.events);
  log.push(...countdownLog(r.value.events), ...revealedLog(s.combatants, r.value.combatants));
  return { ok: true, snapshot: { ...s, state: r.value.state, combatants: [...r.value.combatants] }, log };
}

/** CD-15: a 1 spent on a use. */
export function spendOneStep(step: Step, request: RequestOf<"spendOne">): Outcome {
  const { s, log, seen } = step;
  const cd = s.state.countdown;
  if (cd === null) return refused("notCountdownMode");
  const spent = spendOne(cd, request.combatantId, request.use, request.target);
  if (!spent.ok) return refused(`countdown.${spent.error.code}`);
  seen(spent.events);
  log.push(...countdownLog(spent.events));
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: spent.state } }, log };
}

/**
 * CD-15: a test took the combatant's pending Effort and Pressure; exactly those are used up, or nothing
 * is (a second roll that counted them finds them gone and is refused).
 */
export function usePendingStep(step: Step, request: RequestOf<"usePendingOnes">): Outcome {
  const { s, log } = step;
  const cd = s.state.countdown;
  if (cd === null) return refused("notCountdownMode");
  const used = usePending(cd, request.combatantId, request);
  if (!used.ok) return refused(`countdown.${used.error.code}`);
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: used.state } }, log };
}

/**
 * CD-14, INJ-7: an injury gained mid-round burns at once (countdown only; in Spades mode its Burn
 * lowers initiative from the next round, INI-2). A creature out of the countdown has no dice to burn.
 */
export function injuryBurnStep(step: Step, request: RequestOf<"injuryBurn">): Outcome {
  const { s, log, seen } = step;
  const countdown = s.state.countdown;
  if (s.state.mode !== "countdown" || countdown === null || countdown.phase === "closed")
    return { ok: true, snapshot: s, log };
  const r = burn(countdown, request.combatantId, request.burn);
  if (!r.ok) return { ok: true, snapshot: s, log };
  seen(r.events);
  log.push(
    { key: "InjuryBurn", data: { id: request.combatantId, n: request.burn } },
    ...countdownLog(r.events),
  );
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: r.state } }, log };
}

/** CD-15: the Soak's payment from the countdown. */
export function soakStep(step: Step, request: RequestOf<"soak">): Outcome {
  const { s, log, seen } = step;
  const r = paySoak(s.state, request.combatantId, request.payment);
  if (!r.ok) return refused(r.code);
  seen(r.events);
  log.push({ key: "Soaked", data: { id: request.combatantId } }, ...countdownLog(r.events));
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: r.countdown } }, log };
}

/** CD-15: a reactive defence's payment from the countdown: the highest usable die is discarded. */
export function reactiveDefenceStep(step: Step, request: RequestOf<"reactiveDefence">): Outcome {
  const { s, log, seen } = step;
  const r = payReactiveDefence(s.state, request.combatantId, request.defenseless);
  if (!r.ok) return refused(r.code);
  seen(r.events);
  log.push({ key: "ReactiveDefence", data: { id: request.combatantId } }, ...countdownLog(r.events));
  return { ok: true, snapshot: { ...s, state: { ...s.state, countdown: r.countdown } }, log };
}

/** CD-18 (c): resolve the lowering with the GM's secret spends; the log says only by how much. */
export function lowered(
  s: CombatSnapshot,
  rollDie: RollDie,
  seen: (events: readonly CountdownEvent[]) => void,
  log: LogEntry[],
): Outcome {
  const r = resolveLowering(s.state, s.combatants, s.spends ?? {}, rollDie);
  if (!r.ok) return refused(r.code);
  seen(r.value.events);
  log.push(...countdownLog(r.value.events));
  return { ok: true, snapshot: { ...s, state: r.value.state, spends: {} }, log };
}
