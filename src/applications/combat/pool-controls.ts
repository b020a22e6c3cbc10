/**
 * CD-8: the tracker's "Give up pool" button, for the owner (or the GM) of a countdown participant
 * saving dice toward an action: it declares that action will not be taken, and the pool is lost. It
 * sits beside Accumulate on the called row, and on the owner's idle row, since the declaration needs
 * no call. The GM's client checks ownership again when it applies (src/rules/round/pool-abandon.ts).
 * Pure, so the template tests render exactly these.
 */
import { poolTotal } from "../../rules/countdown/choices";
import type { CountdownParticipant } from "../../rules/countdown/types";

/** The button, in the shape of the tracker's controls (turn-types.ts Control). */
export interface AbandonPoolControl {
  readonly action: "zilchAbandonPool";
  readonly label: string;
  readonly data: { readonly id: string };
  /** What is lost: the pool's total against the action's speed. */
  readonly detail: string;
  readonly detailData: { readonly total: number; readonly speed: number };
  readonly hint: string;
}

/** CD-8: the button while the participant has a pool; none otherwise (nothing to give up). */
export function abandonPoolControls(p: CountdownParticipant | null, id: string): AbandonPoolControl[] {
  if (p === null || !p.active || p.pool === null) return [];
  return [
    {
      action: "zilchAbandonPool",
      label: "ZILCH.Combat.AbandonPool",
      data: { id },
      detail: "ZILCH.Combat.AbandonPoolDetail",
      detailData: { total: poolTotal(p.pool.dice), speed: p.pool.speed },
      hint: "ZILCH.Combat.AbandonPoolHint",
    },
  ];
}
