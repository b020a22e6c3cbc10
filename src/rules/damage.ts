import type { ConditionDuration } from "./conditions";
import { applyDamage, type DamageApplied, type DamageOptions, type Vitals } from "./hitPoints";
import type { OngoingEffect } from "./ongoing";
import type { ResistedEffect } from "./races";
import { DEFAULT_SIZE, scaleBySize } from "./size";
import type { Condition, DamageType, Size, Suit } from "./vocabulary";

/** DMG-1: the faces of 1dF. */
export const FUDGE_FACES = [-1, 0, 1] as const;

/** DMG-1, KN-2: the flat damage bonuses: Rage on melee hits, Sneak Attack. */
export const FLAT_DAMAGE_BONUSES = { rage: 1, sneakAttack: 2 } as const;

/** DMG-1, KN-2: the flat bonus of a hit; Rage adds only to melee hits. */
export function flatDamageBonus(hit: { raging?: boolean; melee?: boolean; sneakAttack?: boolean }): number {
  return (
    (hit.raging && hit.melee ? FLAT_DAMAGE_BONUSES.rage : 0) +
    (hit.sneakAttack ? FLAT_DAMAGE_BONUSES.sneakAttack : 0)
  );
}

/** DMG-1: base = weapon value (or a Cast's spell damage value) + 1dF + margin bonus + flat bonuses. */
export function baseDamage(parts: {
  weapon: number;
  dF: number;
  marginBonus: number;
  flat?: number;
}): number {
  if (!(FUDGE_FACES as readonly number[]).includes(parts.dF))
    throw new RangeError(`1dF cannot show ${parts.dF}`);
  return parts.weapon + parts.dF + parts.marginBonus + (parts.flat ?? 0);
}

/** DMG-3: the reduction that applies: DR against physical damage, ER against energy, never both. */
export function damageReduction(type: DamageType, dr: number, er: number): number {
  return type === "physical" ? dr : er;
}

/** DMG-4: what a final damage value does. */
export const DAMAGE_OUTCOMES = ["none", "riders", "damage"] as const;
export type DamageOutcome = (typeof DAMAGE_OUTCOMES)[number];

/** DMG-4: below 0 nothing; 0 riders only; above 0 HP loss, then riders. */
export function damageOutcome(final: number): DamageOutcome {
  if (final < 0) return "none";
  return final === 0 ? "riders" : "damage";
}

/** Everything DMG-1 to DMG-4 read; absent sizes are Medium, absent reductions 0, the type physical. */
export interface DamageInput {
  weapon: number;
  dF: number;
  marginBonus: number;
  flat?: number;
  attackerSize?: Size;
  targetSize?: Size;
  /** SZ-2: the `halfStepSizes` setting. */
  halfSteps?: boolean;
  type?: DamageType;
  /** MAG-4: a Cast never takes the size multiplier. */
  cast?: boolean;
  dr?: number;
  er?: number;
}

export interface DamageResult {
  base: number;
  /** null when base < 0: DMG-2 stops there. */
  scaled: number | null;
  final: number | null;
  outcome: DamageOutcome;
}

/**
 * DMG-1 to DMG-4, SZ-3: base, size-scaled and reduced damage of a hit, and its outcome. Size scales
 * only physical damage that is not a Cast; the type alone picks DR or ER (§0.4 DMG-2).
 */
export function resolveDamage(input: DamageInput): DamageResult {
  const base = baseDamage(input);
  if (base < 0) return { base, scaled: null, final: null, outcome: "none" };
  const type = input.type ?? "physical";
  const scaled =
    type === "physical" && !input.cast
      ? scaleBySize(
          base,
          input.attackerSize ?? DEFAULT_SIZE,
          input.targetSize ?? DEFAULT_SIZE,
          input.halfSteps,
        )
      : base;
  const final = scaled - damageReduction(type, input.dr ?? 0, input.er ?? 0);
  return { base, scaled, final, outcome: damageOutcome(final) };
}

/** DMG-6: a save that lets the target shrug off a condition rider. */
export interface RiderSave {
  suit: Suit;
  modifier: number;
  /** RA-2, RA-3: what the save resists (a poison, a charm, a sleep), for a race's bonus against it. */
  against?: ResistedEffect;
}

/** DMG-6: the payloads a hit delivers when final ≥ 0; none is multiplied by size. */
export type Rider =
  | { kind: "energy"; amount: number }
  | { kind: "drain"; suit: Suit; amount: number; tainted: boolean }
  | { kind: "taint"; suit: Suit; amount: number }
  | { kind: "condition"; condition: Condition; save: RiderSave | null; duration: ConditionDuration }
  | { kind: "ongoing"; effect: OngoingEffect };

/** DMG-4, DMG-6: riders take effect on any hit whose final damage is 0 or more. */
export function ridersApply(outcome: DamageOutcome): boolean {
  return outcome !== "none";
}

/** DMG-6: an extra-energy rider is reduced by ER on its own (and never by DR); it cannot heal. */
export function riderEnergyDamage(amount: number, er: number): number {
  return Math.max(0, amount - er);
}

/** DMG-4, DMG-5, HP-2: put a hit's final damage on the target (only when the outcome is `damage`). */
export function applyHitDamage(
  v: Vitals,
  result: DamageResult,
  options: DamageOptions = {},
): DamageApplied | null {
  return result.outcome === "damage" && result.final !== null ? applyDamage(v, result.final, options) : null;
}

/**
 * DMG-7: the "+N damage" of an injury or wound goes straight to HP-2, with no dF, size or reduction.
 * The caller must not run INJ-1 on it; the flag says so for chat cards.
 */
export function applyExtraDamage(
  v: Vitals,
  amount: number,
  options: Pick<DamageOptions, "enemy"> = {},
): DamageApplied & { triggersInjury: false } {
  return { ...applyDamage(v, amount, options), triggersInjury: false };
}
