/**
 * CD-20: what the other rules' "turn" phrases mean in countdown mode, read off the countdown's events
 * so the combat document can run its turn hooks (CB-4) at the right moments.
 */
import type { CountdownEvent, CountdownParticipant } from "./types";

/**
 * - `turnStart`: "start of your turn" is the first call in the round (domino reveal, DOM-5).
 * - `actEnd`: "your turn" is one Act: once-per-turn allowances renew after it, and effects lasting
 *   "until the end of your (next) turn" may end, across rounds if necessary.
 * - `tick`: "end of your turn" for ticking effects and checks (OD-2, Slip Away) is the end of the first
 *   Act of the round, or the Close for a participant that never Acted.
 */
export type TurnHook = "turnStart" | "actEnd" | "tick";

export interface TurnMoment {
  readonly id: string;
  readonly hook: TurnHook;
}

/** CD-20: the turn moments a transition's events stand for, in order. */
export function turnMoments(events: readonly CountdownEvent[]): TurnMoment[] {
  const moments: TurnMoment[] = [];
  for (const e of events) {
    if (e.type === "called" && e.first) moments.push({ id: e.id, hook: "turnStart" });
    if (e.type === "acted") {
      moments.push({ id: e.id, hook: "actEnd" });
      if (e.first) moments.push({ id: e.id, hook: "tick" });
    }
    if (e.type === "closed") for (const id of e.neverActed) moments.push({ id, hook: "tick" });
  }
  return moments;
}

/** CD-20, ST-4: a Guarded participant's first Act of the round must include Defend. */
export function mustDefend(p: CountdownParticipant, guarded: boolean): boolean {
  return guarded && p.acts === 0;
}
