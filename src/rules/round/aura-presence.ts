/**
 * Auras in play (NPC-1 SA with numbers; src/data/actor/npc-specials.ts): the enemy auras whose radius
 * reaches a combatant at the start of its turn, from token positions as CON-1 detection reads them
 * (./threat.ts), and what each deals after ER (DMG-3: aura damage is energy, reduced by ER, never by
 * DR, and never scaled by size). Pure: ZilchCombat reads the scene's tokens (zilchThreatScenes).
 *
 * Choices [design], as for fear (./fear-presence.ts): only an enemy's aura counts, and its radius is
 * measured like reach, in squares between the nearest occupied squares (radius 1: adjacent).
 */
import { chebyshevDistance, type GridDistance } from "../conditions";
import { areEnemies, relativeSquare, type ThreatToken } from "./threat";

export interface AuraSource {
  readonly name: string;
  readonly radius: number;
  readonly damage: number;
}

export interface AuraHit {
  readonly sourceId: string;
  readonly aura: string;
  /** DMG-3: the aura's damage less the target's ER, at least 0. */
  readonly damage: number;
}

const ORIGIN = { x: 0, y: 0 };

/** NPC-1, DMG-3: every enemy aura that reaches combatant `id`, with its damage after `er`. */
export function aurasReaching(
  tokens: readonly ThreatToken[],
  aurasOf: (id: string) => readonly AuraSource[],
  id: string,
  er: number,
  distance: GridDistance = chebyshevDistance,
): AuraHit[] {
  const target = tokens.find((t) => t.id === id);
  if (!target) return [];
  const hits: AuraHit[] = [];
  for (const other of tokens) {
    if (other === target || !areEnemies(target.side, other.side)) continue;
    const squares = distance(ORIGIN, relativeSquare(target, other));
    for (const aura of aurasOf(other.id))
      if (aura.radius > 0 && squares <= aura.radius)
        hits.push({ sourceId: other.id, aura: aura.name, damage: Math.max(0, aura.damage - er) });
  }
  return hits;
}
