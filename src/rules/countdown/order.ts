import { hasUsable, highestDie } from "./hand";
import type { CountdownParticipant } from "./types";

/** CD-5: a participant can be called while active and holding a usable die in hand. */
export function isCallable(p: CountdownParticipant): boolean {
  return p.active && hasUsable(p.hand);
}

/**
 * CD-5: negative when `a` is called before `b`: highest die, more dice, PC before NPC, then the GM's
 * default choice (higher eff(♠), then the INI-4 tiebreaker); equal draws keep the stored order.
 * `highA` / `highB` stand in for the highest die where a rule orders by another die (CD-13 interrupts).
 */
export function compareCallKeys(
  a: CountdownParticipant,
  b: CountdownParticipant,
  highA: number = highestDie(a.hand),
  highB: number = highestDie(b.hand),
): number {
  if (highA !== highB) return highB - highA;
  if (a.hand.length !== b.hand.length) return b.hand.length - a.hand.length;
  if (a.pc !== b.pc) return a.pc ? -1 : 1;
  if (a.spades !== b.spades) return b.spades - a.spades;
  return b.tiebreak - a.tiebreak;
}

/** CD-5: the participant the countdown calls next, ignoring the Closing die, or null when none can be called. */
export function bestCallable(participants: readonly CountdownParticipant[]): CountdownParticipant | null {
  let best: CountdownParticipant | null = null;
  for (const p of participants) {
    if (isCallable(p) && (best === null || compareCallKeys(p, best) < 0)) best = p;
  }
  return best;
}

/**
 * CD-5: every callable participant in call order (for display; it changes after each die spent).
 * Array.prototype.sort is stable, so exact ties keep the stored order, the last tiebreak.
 */
export function callOrder(participants: readonly CountdownParticipant[]): string[] {
  return participants
    .filter(isCallable)
    .sort((a, b) => compareCallKeys(a, b))
    .map((p) => p.id);
}

/** CD-18 (b): the order the round table fixes at round start: every active participant by CD-5. */
export function tableOrder(participants: readonly CountdownParticipant[]): string[] {
  return participants
    .filter((p) => p.active)
    .sort((a, b) => compareCallKeys(a, b))
    .map((p) => p.id);
}
