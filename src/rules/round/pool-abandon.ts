/**
 * CD-8: a countdown participant declares it will not take the action its discard pool is for, and the
 * pool is lost. The declaration is not one of CD-6's answers to a call: a participant being called
 * still answers its call afterwards (it may Act, Pass, Hold or start a new pool). Pure.
 */
import { abandonPool } from "../countdown/effects";
import type { Refused } from "./refusal";
import type { RoundState } from "./state";

/**
 * CD-8, CD-19: the snapshot with the combatant's pool gone, and the public line saying so (the pool is
 * public on the tracker). A combatant with no pool changes nothing and posts nothing, so a second
 * click that finds the pool already gone is harmless.
 */
export function abandonPoolStep<S extends { readonly state: RoundState }>(
  s: S,
  combatantId: string,
): { ok: true; snapshot: S; log: readonly { key: string; data: { id: string } }[] } | Refused {
  const countdown = s.state.countdown;
  if (s.state.mode !== "countdown" || countdown === null) return { ok: false, code: "notCountdownMode" };
  const step = abandonPool(countdown, combatantId);
  if (!step.ok) return { ok: false, code: `countdown.${step.error.code}` };
  if (step.events.length === 0) return { ok: true, snapshot: s, log: [] };
  return {
    ok: true,
    // The call, any bid won and the turn's record stay as they were: only the pool goes.
    snapshot: { ...s, state: { ...s.state, countdown: step.state } },
    log: [{ key: "PoolAbandoned", data: { id: combatantId } }],
  };
}
