/**
 * CB-4, CD-20, CON-5, OD-2: which combatants' turn-start, turn-end and round-end effects a round
 * transition sets off. Pure: dispatch returns these hooks with the new state, and ZilchCombat runs them
 * on the active GM's client through ZilchActor (`advanceConditions`, `tickOngoing`).
 *
 * Countdown (CD-20): "start of your turn" is a participant's first call in the round; an Act ends when
 * the next call is made or the round Closes, which ends "until the end of your (next) turn" effects;
 * the Ongoing Damage tests tick at the end of the first Act, or at the Close for one that never Acted.
 */
import type { DurationEvent } from "../conditions";
import type { CountdownEvent } from "../countdown/types";
import { ongoingTestTarget, type OngoingEffect } from "../ongoing";
import type { PendingAct, RoundState } from "./state";

/** One combatant's hook: the CON-5 duration event to advance (if any), and whether OD-2 ticks. */
export interface TurnHook {
  readonly id: string;
  readonly event: Extract<DurationEvent, "turnStart" | "turnEnd" | "roundEnd"> | null;
  readonly tick: boolean;
}

const ended = (acts: readonly PendingAct[]): TurnHook[] =>
  acts.map((a) => ({ id: a.id, event: "turnEnd", tick: a.first }));

/** CB-2 step 3, CD-1 step 6: every combatant's round-end effects. */
export function roundEndHooks(ids: readonly string[]): TurnHook[] {
  return ids.map((id) => ({ id, event: "roundEnd", tick: false }));
}

/** CB-4: a Spades turn passed from `before` to `after` (either may be null: before the first, after the last). */
export function spadesTurnHooks(before: string | null, after: string | null): TurnHook[] {
  if (before === after) return [];
  const out: TurnHook[] = [];
  if (before !== null) out.push({ id: before, event: "turnEnd", tick: true });
  if (after !== null) out.push({ id: after, event: "turnStart", tick: false });
  return out;
}

/**
 * CD-20: the hooks of a countdown transition's events, in order, and the Acts still open after it.
 * `ids` are every combatant's, for the round end at the Close.
 */
export function countdownHooks(
  pending: readonly PendingAct[],
  events: readonly CountdownEvent[],
  ids: readonly string[],
): { hooks: TurnHook[]; pending: PendingAct[] } {
  let open = [...pending];
  const hooks: TurnHook[] = [];
  for (const e of events) {
    if (e.type === "acted") open.push({ id: e.id, first: e.first });
    if (e.type === "called") {
      hooks.push(...ended(open));
      open = [];
      if (e.first) hooks.push({ id: e.id, event: "turnStart", tick: false });
    }
    if (e.type === "closed") {
      hooks.push(...ended(open));
      open = [];
      // CD-20: the Close is the tick for those who never Acted; their "until end of turn" effects wait for an Act.
      hooks.push(...e.neverActed.map((id): TurnHook => ({ id, event: null, tick: true })));
      hooks.push(...roundEndHooks(ids));
    }
  }
  return { hooks, pending: open };
}

/**
 * CB-2 step 3, CD-1: the GM starts the next round. A Spades turn still running ends; in countdown mode
 * a round not yet Closed is closed as CD-20 reads it (open Acts end, those who never Acted tick). The
 * round's end follows, once: a countdown round that Closed has had it already.
 */
export function nextRoundHooks(state: RoundState, ids: readonly string[]): TurnHook[] {
  if (state.round === 0) return [];
  if (state.mode === "spades") return [...spadesTurnHooks(state.current, null), ...roundEndHooks(ids)];
  const cd = state.countdown;
  if (cd === null || cd.phase === "closed") return [];
  const neverActed = cd.participants.filter((p) => p.active && p.acts === 0).map((p) => p.id);
  return countdownHooks(state.pendingActs ?? [], [{ type: "closed", closingValue: null, neverActed }], ids)
    .hooks;
}

/**
 * OD-2, OD-3: the target of the victim's own Ongoing Damage test: the effect's suit, or Knowledge + 5
 * when the victim has First Aid (`knowledge` is null without it). The rule lets it choose, and the
 * higher target is always the better choice, so it takes that one.
 */
export function victimTickTarget(
  effect: OngoingEffect,
  suitValue: number,
  firstAidKnowledge: number | null,
): { target: number; firstAid: boolean } {
  const bySuit = ongoingTestTarget(effect, { kind: "suit", value: suitValue });
  if (firstAidKnowledge === null) return { target: bySuit, firstAid: false };
  const byFirstAid = ongoingTestTarget(effect, {
    kind: "firstAid",
    knowledge: firstAidKnowledge,
    trained: true,
  });
  return byFirstAid > bySuit ? { target: byFirstAid, firstAid: true } : { target: bySuit, firstAid: false };
}
