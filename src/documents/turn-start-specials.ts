/**
 * The special abilities that act at the start of a combatant's turn (NPC-1 SA and SQ with numbers),
 * run by the combat's turn hooks on the GM's client (ZilchCombat.zilchRunHooks), in this order: the
 * creature's own regeneration, the enemy auras that reach it, then what it suffers inside a swallower.
 */
import { auraAtTurnStart } from "./aura";
import { regenerateAtTurnStart } from "./regeneration";
import { swallowAtTurnStart } from "./swallow";
import type { ZilchActor } from "./actor";
// `Combat.Implementation` is ZilchCombat (DocumentClassConfig, src/types/data-models.ts): no import of ./combat, no cycle.

export async function specialsAtTurnStart(
  combat: Combat.Implementation,
  combatantId: string,
  actor: ZilchActor,
  name: string,
): Promise<void> {
  await regenerateAtTurnStart(actor, name);
  await auraAtTurnStart(combat, combatantId);
  await swallowAtTurnStart(combat, combatantId);
}
