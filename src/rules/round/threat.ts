/**
 * CON-1 cases 1-2, CON-3: automatic Threatened detection from token positions on a square grid, and
 * which actors' Threatened status to add or remove at round start. Pure: ZilchCombat reads the scene's
 * tokens and the actors' prepared data into `ThreatToken`s, calls these functions and applies the
 * result through the actor's `applyCondition` / `setCondition`.
 *
 * Choices [design]:
 * - Enemies are tokens of opposite disposition, hostile against friendly. Neutral and secret tokens are
 *   nobody's enemy: they neither threaten nor are threatened by position.
 * - Only combatants count: a token that is not in the encounter is not fighting.
 * - A token larger than one square is measured from its nearest occupied square, and its side (for
 *   flanking) is the sign of the gap on each axis (0 where the footprints overlap on that axis).
 * - Case 3 (conditions that impose Threatened) is the data model's closure (CON-4), not computed here.
 */
import {
  chebyshevDistance,
  isFlanked,
  reachingEnemies,
  threatCause,
  type GridDistance,
  type GridSquare,
  type ThreatSource,
} from "../conditions";
import { DEFAULT_REACH } from "../equipment";
import type { Condition } from "../vocabulary";

/** A token's side for CON-1: only hostile and friendly are enemies of each other. */
export type ThreatSide = "friendly" | "hostile" | "neutral";

/** What detection reads about one combatant's token and creature, as plain data. */
export interface ThreatToken {
  /** The combatant's id. */
  readonly id: string;
  /** Its top-left square on the grid. */
  readonly square: GridSquare;
  /** Its footprint in squares (1 × 1 for a Medium creature). */
  readonly width: number;
  readonly height: number;
  readonly side: ThreatSide;
  /** Melee reach in squares: 1, or 2 with a reach weapon in hand (EQ-3). */
  readonly reach: number;
  /** CON-1 case 1: wields a melee weapon (natural weapons count, unarmed strikes do not). */
  readonly wieldsMelee: boolean;
  /** CON-1, AC-2: able to make a melee attack now (`canMakeMeleeAttack`). */
  readonly canMeleeAttack: boolean;
}

/** CON-1: whether two sides are enemies (hostile against friendly, never neutral). */
export function areEnemies(a: ThreatSide, b: ThreatSide): boolean {
  return (a === "friendly" && b === "hostile") || (a === "hostile" && b === "friendly");
}

/** MV-2: the squares a token covers: its top-left square and its size in squares. */
export type Footprint = Pick<ThreatToken, "square" | "width" | "height">;

/** The signed gap from one footprint to another on one axis: 0 when they overlap, ±squares apart otherwise. */
function gap(fromStart: number, fromSize: number, toStart: number, toSize: number): number {
  const fromEnd = fromStart + fromSize - 1;
  const toEnd = toStart + toSize - 1;
  if (toStart > fromEnd) return toStart - fromEnd;
  if (toEnd < fromStart) return toEnd - fromStart;
  return 0;
}

/**
 * MV-2, CON-1: where an enemy stands relative to the target's footprint, as a square around (0, 0):
 * its distance is the squares between their nearest occupied squares and its signs are the side it is on.
 */
export function relativeSquare(target: Footprint, enemy: Footprint): GridSquare {
  return {
    x: gap(target.square.x, target.width, enemy.square.x, enemy.width),
    y: gap(target.square.y, target.height, enemy.square.y, enemy.height),
  };
}

const ORIGIN: GridSquare = { x: 0, y: 0 };

/** CON-1: the target's enemies as threat sources around it at (0, 0). */
function enemiesAround(target: ThreatToken, tokens: readonly ThreatToken[]): ThreatSource[] {
  return tokens
    .filter((other) => other !== target && areEnemies(target.side, other.side))
    .map((other) => ({
      square: relativeSquare(target, other),
      reach: other.reach,
      meleeCapable: other.canMeleeAttack,
    }));
}

/**
 * CON-1 case 2's geometry, KN-2 Sneak Attack: whether two melee-capable enemies of the combatant `id`
 * have it within reach from opposite sides, whatever it wields; false when it has no token here.
 */
export function flankedByPosition(
  tokens: readonly ThreatToken[],
  id: string,
  distance: GridDistance = chebyshevDistance,
): boolean {
  const target = tokens.find((t) => t.id === id);
  return target ? isFlanked(ORIGIN, enemiesAround(target, tokens), distance) : false;
}

/**
 * KN-2 Slip Away: whether a melee-capable enemy has the combatant `id` within its reach, whatever it
 * wields (so not CON-1's Threatened); false when it has no token here.
 */
export function withinEnemyReach(
  tokens: readonly ThreatToken[],
  id: string,
  distance: GridDistance = chebyshevDistance,
): boolean {
  const target = tokens.find((t) => t.id === id);
  return target ? reachingEnemies(ORIGIN, enemiesAround(target, tokens), distance).length > 0 : false;
}

/**
 * CON-1 cases 1-2, CON-3: the ids of the combatants Threatened by position. `distance` is the scene
 * grid's measure of a relative square (MV-2); by default a diagonal counts as one square.
 */
export function threatenedByPosition(
  tokens: readonly ThreatToken[],
  distance: GridDistance = chebyshevDistance,
): Set<string> {
  const threatened = new Set<string>();
  for (const target of tokens) {
    const enemies = enemiesAround(target, tokens);
    const none: readonly Condition[] = [];
    if (
      threatCause(
        { square: ORIGIN, wieldsMeleeWeapon: target.wieldsMelee, conditions: none },
        enemies,
        distance,
      ) !== null
    ) {
      threatened.add(target.id);
    }
  }
  return threatened;
}

/** One actor's Threatened as round start sees it. */
export interface ThreatStatus {
  /** The actor (one actor may stand behind several combatants). */
  readonly key: string;
  /** CON-1 cases 1-2 hold for at least one of its combatants. */
  readonly detected: boolean;
  /** The Threatened status is on the actor now. */
  readonly active: boolean;
  /** It is on because detection put it there (its applied record carries `AUTO_THREAT_SOURCE`). */
  readonly automatic: boolean;
}

/** CON-5: the source recorded on a Threatened applied by detection, so a manual one is told apart. */
export const AUTO_THREAT_SOURCE = "zilch.threatAutoDetect";

/**
 * CON-3: what round start changes. Detection adds Threatened where it holds and is missing, and removes
 * only its own Threatened that no longer holds. A Threatened the GM set by hand is never removed, and one
 * the GM cleared by hand during the round comes back only here, at the next round start, if it still holds.
 */
export function threatChanges(statuses: readonly ThreatStatus[]): { apply: string[]; clear: string[] } {
  const apply: string[] = [];
  const clear: string[] = [];
  for (const s of statuses) {
    if (s.detected && !s.active) apply.push(s.key);
    else if (!s.detected && s.active && s.automatic) clear.push(s.key);
  }
  return { apply, clear };
}

/** A weapon or stat-block attack ready to use, as melee detection reads it. */
export interface ReadyWeapon {
  /** Usable in melee (EQ-3 `modes.melee`; an NPC's stat-block attacks are melee). */
  readonly melee: boolean;
  readonly reach: number;
  /** An unarmed strike (EQ-3 `brawling`, SW-4). */
  readonly brawling: boolean;
}

/**
 * CON-1, EQ-3: a creature's melee reach (1, or the longest reach of a melee weapon in hand) and whether
 * it wields a melee weapon: anything but an unarmed strike, natural weapons included (SW-4).
 */
export function meleeProfile(weapons: readonly ReadyWeapon[]): { reach: number; wieldsMelee: boolean } {
  const melee = weapons.filter((w) => w.melee);
  return {
    reach: Math.max(DEFAULT_REACH, ...melee.map((w) => w.reach)),
    wieldsMelee: melee.some((w) => !w.brawling),
  };
}
