/**
 * §9 Stances (ST-1..ST-6): pips per stance, which stances a creature may take, and the changes
 * forced on it.
 */
import { closeConditions } from "./conditions";
import type { Domino } from "./dominoes";
import { STANCES, type Condition, type Stance } from "./vocabulary";

/** ST-2, ST-6: a stance's pips and whether it leaves the holder Defenseless. */
export interface StancePips {
  readonly offense: number;
  readonly defense: number;
  readonly defenseless: boolean;
}

/** ST-6: what lowers offensive pips. */
export interface PipAdjustments {
  /** Stunned: offensive pips count as 0. */
  readonly stunned?: boolean;
  /** Burn points (INJ-7); the caller passes them only where they apply (Spades mode). */
  readonly burn?: number;
}

/**
 * ST-2: a Reckless creature is Defenseless for the round, whether or not its domino is revealed yet
 * (DOM-5 does not reveal it for a defence, since its defensive pips are 0).
 */
export function stanceLeavesDefenseless(stance: Stance | null): boolean {
  return stance === "reckless";
}

/** ST-2, ST-6: the offensive and defensive pips a stance takes from a revealed domino. */
export function stancePips(stance: Stance, domino: Domino, adjust: PipAdjustments = {}): StancePips {
  const { greater: g, lesser: l } = domino;
  const split: Record<Stance, [number, number]> = {
    reckless: [g + l, 0],
    bold: [g, l],
    cautious: [l, g],
    guarded: [0, g + l],
  };
  const [raw, defense] = split[stance];
  const offense = adjust.stunned ? 0 : Math.max(0, raw - (adjust.burn ?? 0));
  return { offense, defense, defenseless: stanceLeavesDefenseless(stance) };
}

/** ST-3: what restricts a declaration besides the conditions themselves. */
export interface StanceContext {
  /** Raging (KN-2): Reckless or Bold only; the Threatened restriction is ignored. */
  readonly raging?: boolean;
  /** Slip Away spent (KN-2): lifts only the Threatened restriction. */
  readonly slipAway?: boolean;
  /** An effect denies a Standard action this round (Helpless already does). */
  readonly standardDenied?: boolean;
}

/** ST-3, ST-4: whether a creature with these (closed) conditions can take a Standard action. */
export function canTakeStandard(conditions: Iterable<Condition>, standardDenied = false): boolean {
  const c = closeConditions(conditions);
  return !standardDenied && !c.has("stunned") && !c.has("helpless");
}

/** ST-3: the stances a creature may declare or shift into now, in ST-2 order; none when Unconscious. */
export function stanceOptions(conditions: Iterable<Condition>, context: StanceContext = {}): Stance[] {
  const c = closeConditions(conditions);
  if (c.has("unconscious") || c.has("dead")) return [];
  if (c.has("stunned")) return ["cautious"];
  let allowed: readonly Stance[] = STANCES;
  if (context.raging) allowed = ["reckless", "bold"];
  else if (c.has("threatened") && !context.slipAway) allowed = ["cautious", "guarded"];
  if (!canTakeStandard(c, context.standardDenied)) allowed = allowed.filter((s) => s !== "guarded");
  return [...allowed];
}

/**
 * ST-1: the stance of a participant that had not chosen when the GM forced the reveal: the previous
 * round's stance if still legal, else Cautious. [design] When Cautious is not legal either (Raging),
 * the legal stance nearest Cautious on the ST-5 line; null when no stance is legal (Unconscious).
 */
export function forcedRevealStance(previous: Stance | null, allowed: readonly Stance[]): Stance | null {
  if (previous !== null && allowed.includes(previous)) return previous;
  if (allowed.includes("cautious")) return "cautious";
  const home = STANCES.indexOf("cautious");
  const byDistance = [...allowed].sort(
    (a, b) => Math.abs(STANCES.indexOf(a) - home) - Math.abs(STANCES.indexOf(b) - home),
  );
  return byDistance[0] ?? null;
}

/** ST-5: why a Shift Stance is refused. */
export type ShiftRefusal = "notOneStep" | "notAllowed" | "mustDefendFirst" | "noStandardForDefend";

/** ST-4, ST-5: the state a Shift Stance is checked against. */
export interface ShiftContext {
  /** The stances ST-3 allows at the moment of the shift (`stanceOptions`). */
  readonly allowed: readonly Stance[];
  /** Defend has been taken this turn (it releases a Guarded creature). */
  readonly defendTaken: boolean;
  /** A Standard action is still available this turn (needed to Defend after shifting into Guarded). */
  readonly standardAvailable: boolean;
}

/** ST-5: the result of a Shift Stance; shifting into Guarded creates the Defend obligation. */
export type ShiftResult =
  | { readonly ok: true; readonly stance: Stance; readonly mustDefend: boolean }
  | { readonly ok: false; readonly reason: ShiftRefusal };

/** ST-4, ST-5: shift one step along Reckless ↔ Bold ↔ Cautious ↔ Guarded, if legal now. */
export function shiftStance(from: Stance, to: Stance, context: ShiftContext): ShiftResult {
  if (Math.abs(STANCES.indexOf(from) - STANCES.indexOf(to)) !== 1) return { ok: false, reason: "notOneStep" };
  if (!context.allowed.includes(to)) return { ok: false, reason: "notAllowed" };
  if (from === "guarded" && !context.defendTaken) return { ok: false, reason: "mustDefendFirst" };
  if (to === "guarded" && !context.standardAvailable) return { ok: false, reason: "noStandardForDefend" };
  return { ok: true, stance: to, mustDefend: to === "guarded" };
}

/** ST-4, ST-6: what changed about a creature mid-round. */
export interface StanceChange {
  readonly before: Iterable<Condition>;
  readonly after: Iterable<Condition>;
  /** It has already had its turn this round (after Defend, Guarded is no longer forced off by ST-4). */
  readonly turnTaken: boolean;
  /** An effect denied Standard actions before / after the change. */
  readonly standardDeniedBefore?: boolean;
  readonly standardDeniedAfter?: boolean;
}

/**
 * ST-4, ST-6: the stance a creature must switch to at once, or null when it keeps its own. Becoming
 * Stunned forces Cautious from any stance; a Guarded creature that loses its Standard action before
 * its turn becomes Cautious.
 */
export function forcedStanceChange(stance: Stance, change: StanceChange): Stance | null {
  const before = closeConditions(change.before);
  const after = closeConditions(change.after);
  if (stance === "cautious") return null;
  if (!before.has("stunned") && after.has("stunned")) return "cautious";
  if (
    stance === "guarded" &&
    !change.turnTaken &&
    canTakeStandard(before, change.standardDeniedBefore) &&
    !canTakeStandard(after, change.standardDeniedAfter)
  ) {
    return "cautious";
  }
  return null;
}
