/**
 * What every request's transition works on and returns: the GM's snapshot of the combat, the dice,
 * the countdown events seen and the chat lines written; a refusal names its code.
 */
import type { CountdownEvent } from "../countdown/types";
import type { RollDie } from "../vocabulary";
import type { CombatRequest } from "./authority";
import type { BidBallot, LoweringSpends } from "./countdown-options";
import type { CombatRefusal, Refused } from "./refusal";
import type { CombatantFacts, CombatantRound, RoundState, StanceBallot } from "./state";
import type { LogEntry } from "./dispatch-words";

/** Everything the GM's client reads to apply a request. */
export interface CombatSnapshot {
  readonly state: RoundState;
  readonly combatants: readonly CombatantRound[];
  readonly facts: readonly CombatantFacts[];
  /** ST-1: the secret declarations, kept only in the GM's client memory. */
  readonly ballot: StanceBallot;
  /** CD-18 (a): the secret bids for the coming call, kept only in the GM's client memory. */
  readonly bids?: BidBallot;
  /** CD-18 (c): the secret lowering spends, kept only in the GM's client memory. */
  readonly spends?: LoweringSpends;
  /** CD-19: the reached Closing die's value while the world hides it, kept only in the GM's client memory. */
  readonly closing?: number | null;
}

export const refused = (code: CombatRefusal): Refused => ({ ok: false, code });

/** A request of one kind. */
export type RequestOf<K extends CombatRequest["kind"]> = Extract<CombatRequest, { kind: K }>;

/** What one request's transition returns. */
export type Outcome = { ok: true; snapshot: CombatSnapshot; log: readonly LogEntry[] } | Refused;

/** What every request's transition works on: the snapshot, the dice, the events seen and the log it writes. */
export interface Step {
  readonly s: CombatSnapshot;
  readonly rollDie: RollDie;
  readonly seen: (events: readonly CountdownEvent[]) => void;
  readonly log: LogEntry[];
}

/** A combatant's round entry and its facts, by id. */
export function findIn(s: CombatSnapshot, id: string) {
  return { c: s.combatants.find((x) => x.id === id), f: s.facts.find((x) => x.id === id) };
}
