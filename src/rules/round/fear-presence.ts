/**
 * OPT-2 in play: which fear a combatant faces at the start of its turn, from token positions as CON-1
 * detection reads them (./threat.ts), and the chat line of a fear save. Pure: ZilchCombat reads the
 * scene's tokens into `ThreatToken`s (zilchThreatScenes) and the creatures' fear levels, then rolls
 * the ♥ save and applies the result (src/documents/fear.ts).
 *
 * Choices [design]:
 * - Only an enemy's fear counts (hostile against friendly, as for Threatened): a creature does not
 *   fear its own side, and neutral tokens frighten nobody.
 * - The area is measured like reach: the squares between the nearest occupied squares, with the
 *   scene grid's measure (MV-2), read as an RNG-1 distance category.
 */
import { chebyshevDistance, type GridDistance } from "../conditions";
import { fearRank, fearSaveDue, withinFearArea, type FearLevel, type FearRecord } from "../fear";
import { distanceCategory } from "../range";
import { areEnemies, relativeSquare, type ThreatToken } from "./threat";

/** The worst fear within its area of a combatant, and the combatant it comes from. */
export interface FearPresent {
  readonly level: FearLevel;
  readonly sourceId: string | null;
}

const NONE: FearPresent = { level: "none", sourceId: null };
const ORIGIN = { x: 0, y: 0 };

/**
 * OPT-2: the worst fear present for combatant `id`: each enemy token's fear level, when `id`'s
 * token stands within that level's area (Near, or Far for Terror). Ties keep the first found.
 */
export function fearPresent(
  tokens: readonly ThreatToken[],
  fearOf: (id: string) => FearLevel,
  id: string,
  distance: GridDistance = chebyshevDistance,
): FearPresent {
  const target = tokens.find((t) => t.id === id);
  if (!target) return NONE;
  let worst = NONE;
  for (const other of tokens) {
    if (other === target || !areEnemies(target.side, other.side)) continue;
    const level = fearOf(other.id);
    if (fearRank(level) <= fearRank(worst.level)) continue;
    const squares = distance(ORIGIN, relativeSquare(target, other));
    if (withinFearArea(level, distanceCategory(squares))) worst = { level, sourceId: other.id };
  }
  return worst;
}

/** OPT-2: whether the creature saves now, given what it has faced this encounter. */
export function fearCheckDue(record: FearRecord, present: FearPresent): boolean {
  return present.sourceId !== null && fearSaveDue(record, present.level);
}
