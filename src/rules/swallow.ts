/**
 * Swallowing, a special attack a stat block holds as numbers (NPC-1 SA; src/data/actor/npc-specials.ts:
 * the largest size it swallows, the damage each round inside and the save that escapes). RULES.md has
 * no swallow rule, so these are [design] and docs/decisions.md records them:
 * - only a creature already Grappled (SP-3) and no larger than the stored size (SZ-1, full sizes) can
 *   be swallowed; swallowed, it is also Blind (CON-1) until it escapes;
 * - at the start of each of its turns inside it takes the stored damage less DR (physical) or ER
 *   (energy), never scaled by size (it is not a blow: as DMG-6 riders and auras), then makes the stored
 *   save; a success gets it out, no longer Blind or Grappled.
 */
import { damageReduction } from "./damage";
import { fullSizeRank } from "./size";
import type { DamageType, Size } from "./vocabulary";

/** Why a creature cannot be swallowed (null: it can). */
export type SwallowRefusal = "notGrappled" | "tooBig" | "alreadySwallowed";

/** NPC-1 [design]: whether this creature can be swallowed by an ability swallowing up to `maxSize`. */
export function swallowRefusal(
  victim: { size: Size; grappled: boolean; swallowed: boolean },
  maxSize: Size,
): SwallowRefusal | null {
  if (victim.swallowed) return "alreadySwallowed";
  if (!victim.grappled) return "notGrappled";
  return fullSizeRank(victim.size) > fullSizeRank(maxSize) ? "tooBig" : null;
}

/** NPC-1 [design], DMG-3: the HP a swallowed creature loses at its turn start. */
export function swallowDamage(damage: number, type: DamageType, victim: { dr: number; er: number }): number {
  return Math.max(0, damage - damageReduction(type, victim.dr, victim.er));
}

/** Who is inside whom: a swallowed combatant, its swallower and the ability's index on its stat block. */
export interface SwallowedEntry {
  readonly victim: string;
  readonly by: string;
  readonly index: number;
}

const isId = (v: unknown): v is string => typeof v === "string" && v.length > 0;

/**
 * A validating read of the stored list (a list, so a write replaces it whole): an entry needs the two
 * combatants' ids and a whole index ≥ 0; a creature is inside one swallower at most (the first kept).
 */
export function readSwallowRecord(stored: unknown): SwallowedEntry[] {
  if (!Array.isArray(stored)) return [];
  const out: SwallowedEntry[] = [];
  for (const value of stored) {
    const { victim, by, index } = (value ?? {}) as Record<string, unknown>;
    if (!isId(victim) || !isId(by) || typeof index !== "number" || !Number.isInteger(index) || index < 0)
      continue;
    if (!out.some((e) => e.victim === victim)) out.push({ victim, by, index });
  }
  return out;
}
