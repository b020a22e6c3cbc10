/**
 * A breath weapon, a special attack a stat block holds as numbers (NPC-1 SA; src/data/actor/npc-specials.ts).
 * RULES.md gives the parts (DMG-1..DMG-3 for damage, T-6 for saves, KN-2's "area effect" that a ♠ save
 * resists) but no rule that joins them, so these are [design] and docs/decisions.md records them:
 * - every creature in the area makes the breath's save (its suit, at its modifier); a failure takes the
 *   breath's damage, a success half of it, rounded down (KN-2 Evasion, "take no damage" after a
 *   successful save against an area effect, implies a success still takes some);
 * - the damage is a base (DMG-1 without dF or margin): physical is scaled by size and reduced by DR,
 *   energy is reduced by ER and never scaled (DMG-2, DMG-3), and DMG-4 says what the final value does;
 * - after breathing in round R, a breath with recharge N waits N whole rounds: it is ready again in
 *   round R + N + 1 (recharge 0: once a round). Outside a combat there are no rounds to count.
 */
import { resolveDamage, type DamageResult } from "./damage";
import type { DamageType, Size } from "./vocabulary";

/** What a breath is, as the rules read it. */
export interface BreathSource {
  readonly damage: number;
  readonly damageType: DamageType;
  readonly recharge: number;
}

/** The creature a breath reaches, as DMG-2 and DMG-3 read it. */
export interface BreathTarget {
  readonly size: Size;
  readonly dr: number;
  readonly er: number;
}

/** NPC-1 [design]: the first round a breath used in round `usedRound` can be used again. */
export function breathReadyRound(usedRound: number, recharge: number): number {
  return usedRound + Math.max(0, recharge) + 1;
}

/**
 * NPC-1 [design]: null when the breath may be used in round `round`, else the round it is ready again.
 * `usedRound` is the round it was last used in this combat (null: not yet).
 */
export function breathRecharging(usedRound: number | null, recharge: number, round: number): number | null {
  if (usedRound === null) return null;
  const ready = breathReadyRound(usedRound, recharge);
  return round >= ready ? null : ready;
}

/** NPC-1 [design], T-6: the base a creature takes: the whole breath on a failed save, half on a success. */
export function breathBase(damage: number, saved: boolean): number {
  const base = Math.max(0, damage);
  return saved ? Math.floor(base / 2) : base;
}

/**
 * DMG-2..DMG-4 for one creature in the breath: its base (after the save) scaled by size when physical,
 * reduced by DR or ER. `halfSteps` is the SZ-2 setting.
 */
export function breathDamage(
  breath: BreathSource,
  breather: Size,
  target: BreathTarget,
  saved: boolean,
  halfSteps = false,
): DamageResult {
  return resolveDamage({
    weapon: breathBase(breath.damage, saved),
    dF: 0,
    marginBonus: 0,
    attackerSize: breather,
    targetSize: target.size,
    halfSteps,
    type: breath.damageType,
    dr: target.dr,
    er: target.er,
  });
}

/** The HP a creature loses to the breath: DMG-4's final when above 0, else nothing. */
export function breathHpLoss(result: DamageResult): number {
  return result.outcome === "damage" && result.final !== null ? result.final : 0;
}

/** The combat's record of breaths used: the round each was last used, by creature and ability. */
export type BreathRecord = Readonly<Record<string, number>>;

/** The record's key for one creature's ability (no dot: an update would read a dot as a nested key). */
export const breathKey = (combatantId: string, index: number): string => `${combatantId}-${index}`;

/** A validating read of a stored record: only whole rounds of 0 or more are kept. */
export function readBreathRecord(stored: unknown): BreathRecord {
  if (!stored || typeof stored !== "object") return {};
  return Object.fromEntries(
    Object.entries(stored).filter(
      (e): e is [string, number] => typeof e[1] === "number" && Number.isInteger(e[1]) && e[1] >= 0,
    ),
  );
}
