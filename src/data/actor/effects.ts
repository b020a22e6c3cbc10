/**
 * The stored shape of applied conditions (CON-5) and ongoing effects (OD-1) turned into the rules'
 * plain data and back, and what an event changes in them. Pure: the document applies the result.
 */
import {
  advanceConditions,
  type AppliedCondition,
  type ConditionDuration,
  type DurationEvent,
} from "../../rules/conditions";
import type { OngoingEffect, OngoingTag } from "../../rules/ongoing";
import type { Condition, Location, Suit } from "../../rules/vocabulary";

/** One `appliedConditions` entry as stored (see fields.ts `appliedConditions`). */
export interface StoredCondition {
  condition: Condition;
  source: string;
  duration: ConditionDuration["kind"];
  count: number;
}

/** One `ongoing` entry as stored (see fields.ts `ongoingEffects`). */
export interface StoredOngoing {
  rating: number;
  suit: Suit;
  modifier: number;
  tag: OngoingTag;
  origin: Location | null;
}

/** CON-5: a stored entry as the rules' duration; a count below 1 has already run out. */
export function toApplied(stored: StoredCondition): AppliedCondition {
  const { condition, source } = stored;
  switch (stored.duration) {
    case "rounds":
      return { condition, source, duration: { kind: "rounds", rounds: Math.max(1, stored.count) } };
    case "endOfNextTurn":
      return { condition, source, duration: { kind: "endOfNextTurn", turnEnds: Math.max(1, stored.count) } };
    default:
      return { condition, source, duration: { kind: stored.duration } };
  }
}

/** CON-5: the stored entry of an applied condition. */
export function toStored(applied: AppliedCondition): StoredCondition {
  const d = applied.duration;
  const count = d.kind === "rounds" ? d.rounds : d.kind === "endOfNextTurn" ? d.turnEnds : 0;
  return { condition: applied.condition, source: applied.source, duration: d.kind, count };
}

/** What an event does to a creature's applied conditions. */
export interface ConditionAdvance {
  /** The entries to store from now on. */
  records: StoredCondition[];
  /** Statuses to remove: every entry of theirs ended and nothing else holds them. */
  remove: Condition[];
  /** The entries that ended (for the chat log). */
  ended: AppliedCondition[];
}

/**
 * CON-5, CB-4, CB-5: advance the stored durations by one event. An entry whose status is no longer
 * active (removed by hand) is forgotten rather than advanced, so it never removes a status applied
 * again later. A status still held by another entry, or applied with no entry, stays.
 */
export function planConditionAdvance(
  stored: readonly StoredCondition[],
  active: ReadonlySet<string>,
  event: DurationEvent,
): ConditionAdvance {
  const live = stored.filter((s) => active.has(s.condition)).map(toApplied);
  const { kept, ended } = advanceConditions(live, event);
  const held = new Set(kept.map((k) => k.condition));
  const remove = [...new Set(ended.map((e) => e.condition))].filter((c) => !held.has(c));
  return { records: kept.map(toStored), remove, ended };
}

/**
 * CON-5: "until healed" conditions whose source is a healed injury end with it; the rest stay.
 * The same plan shape as an event, for the same application.
 */
export function planHealedSources(
  stored: readonly StoredCondition[],
  active: ReadonlySet<string>,
  healedSources: ReadonlySet<string>,
): ConditionAdvance {
  const live = stored.filter((s) => active.has(s.condition));
  const mine = live.filter((s) => healedSources.has(s.source)).map(toApplied);
  const others = live.filter((s) => !healedSources.has(s.source));
  const { kept, ended } = advanceConditions(mine, "healed");
  const records = [...others, ...kept.map(toStored)];
  const held = new Set(records.map((r) => r.condition));
  const remove = [...new Set(ended.map((e) => e.condition))].filter((c) => !held.has(c));
  return { records, remove, ended };
}

/** OD-1: a stored ongoing effect is the rules' effect as is. */
export function toOngoing(stored: StoredOngoing): OngoingEffect {
  return { ...stored };
}
