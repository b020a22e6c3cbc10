/**
 * KN-2 Slip Away on the combat: its cost, and what the end of the creature's next turn brings.
 */
import { withinEnemyReach } from "../../rules/round/threat";
import type { ZilchActor } from "../actor";
// `Combat.Implementation` is ZilchCombat (DocumentClassConfig, src/types/data-models.ts): no import of it, no cycle.

/** KN-2 Slip Away's cost: 1 ♠ chip. */
export const SLIP_AWAY_USE = { kind: "knack", suit: "spades" } as const;

/**
 * KN-2 Slip Away: at the end of the creature's next turn (CD table: its first Act, or the Close),
 * on the GM's client: within reach of an enemy (CON-1 cases 1-2 by position), it is Defenseless
 * until the end of the round.
 */
export async function slipAwayEnd(
  combat: Combat.Implementation,
  actor: ZilchActor,
  combatantId: string,
): Promise<void> {
  if (!actor.slipAwayPaid) return;
  await actor.unsetFlag("zilch", "slipAway");
  const reached = combat
    .zilchThreatScenes()
    .some(({ tokens, distance }) => withinEnemyReach(tokens, combatantId, distance));
  if (reached) await actor.applyCondition("defenseless", { kind: "rounds", rounds: 1 });
}
