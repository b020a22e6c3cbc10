/**
 * GW-4 opportunity attacks, the "leaves your reach" half: which enemies had a creature within their
 * melee reach where its move began and not where it ended, and which of them may take the attack.
 * Pure: the GM's client reads the combatants' tokens (the same `ThreatToken`s Threatened detection
 * reads, ./threat.ts) and the move's two positions, and asks these functions.
 *
 * Choices [design]:
 * - Enemies and reach are those of CON-1 detection: hostile against friendly tokens, the longest reach
 *   of a melee weapon in hand (EQ-3; an NPC's stat-block attacks), able to make a melee attack now.
 * - Only the two ends of the move are compared: a creature that passes through a reach and out of it
 *   again in one move, without starting in it, provokes nothing (the path is not read).
 * - "Breaks cover into your sight" is the GM's call (cover and sight are not known to the system).
 */
import { chebyshevDistance, type GridDistance, type GridSquare } from "../conditions";
import { REACTION_GRIT_COST } from "../grit";
import { areEnemies, relativeSquare, type ThreatToken } from "./threat";

const ORIGIN: GridSquare = { x: 0, y: 0 };

/** GW-4: whether `enemy` reaches the mover standing with its top-left square at `at`. */
function reaches(enemy: ThreatToken, mover: ThreatToken, at: GridSquare, distance: GridDistance): boolean {
  return distance(ORIGIN, relativeSquare({ ...mover, square: at }, enemy)) <= enemy.reach;
}

/**
 * GW-4: the ids of the melee-capable enemies of the combatant `moverId` that had it within reach at
 * `from` (its top-left square before the move) and no longer at `to` (after it). Empty when the mover
 * has no token among `tokens`.
 */
export function reachLeftBy(
  tokens: readonly ThreatToken[],
  moverId: string,
  from: GridSquare,
  to: GridSquare,
  distance: GridDistance = chebyshevDistance,
): string[] {
  const mover = tokens.find((t) => t.id === moverId);
  if (!mover) return [];
  return tokens
    .filter((other) => other !== mover && other.canMeleeAttack && areEnemies(mover.side, other.side))
    .filter((enemy) => reaches(enemy, mover, from, distance) && !reaches(enemy, mover, to, distance))
    .map((enemy) => enemy.id);
}

/** GW-4: an opportunity attack costs 1 Grit, as every reaction does. */
export const OPPORTUNITY_GRIT_COST = REACTION_GRIT_COST;

/** What decides whether an enemy whose reach was left may take its opportunity attack. */
export interface OpportunityTaker {
  /** §23: Grit and Wounds applies to it (a PC or a Foe with the option on; an Enemy keeps HP). */
  readonly usesGrit: boolean;
  readonly grit: number;
  /** CB-4: it is the creature's own turn now. */
  readonly ownTurn: boolean;
}

/** GW-4: the attack is offered to a creature under Grit and Wounds holding its 1 Grit, outside its own turn. */
export function opportunityOffered(taker: OpportunityTaker): boolean {
  return taker.usesGrit && taker.grit >= OPPORTUNITY_GRIT_COST && !taker.ownTurn;
}
