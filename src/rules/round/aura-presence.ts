/**
 * Auras in play (NPC-1 SA with numbers; src/data/actor/npc-specials.ts): the enemy auras whose radius
 * reaches a combatant at the start of its turn, from token positions as CON-1 detection reads them
 * (./threat.ts), and what each deals after DR or ER (DMG-3: energy damage, the usual aura's, is reduced
 * by ER only; physical by DR only; never scaled by size, as it is no blow). Pure: ZilchCombat reads the
 * scene's tokens (zilchThreatScenes).
 *
 * Choices [design], as for fear (./fear-presence.ts): only an enemy's aura counts, and its radius is
 * measured like reach, in squares between the nearest occupied squares (radius 1: adjacent).
 */
import { chebyshevDistance, type GridDistance } from "../conditions";
import { damageReduction } from "../damage";
import type { DamageType } from "../vocabulary";
import { areEnemies, relativeSquare, type ThreatToken } from "./threat";

export interface AuraSource {
  readonly name: string;
  readonly radius: number;
  readonly damage: number;
  /** DMG-5: energy unless the stat block says physical. */
  readonly damageType?: DamageType;
}

export interface AuraHit {
  readonly sourceId: string;
  readonly aura: string;
  /** DMG-3: the aura's damage less the target's ER (or DR for physical), at least 0. */
  readonly damage: number;
}

const ORIGIN = { x: 0, y: 0 };

/** NPC-1, DMG-3: every enemy aura that reaches combatant `id`, with its damage after its DR or ER. */
export function aurasReaching(
  tokens: readonly ThreatToken[],
  aurasOf: (id: string) => readonly AuraSource[],
  id: string,
  resist: { readonly dr: number; readonly er: number },
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
        hits.push({
          sourceId: other.id,
          aura: aura.name,
          damage: Math.max(
            0,
            aura.damage - damageReduction(aura.damageType ?? "energy", resist.dr, resist.er),
          ),
        });
  }
  return hits;
}
