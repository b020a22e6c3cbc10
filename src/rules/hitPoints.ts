import type { PerSuit } from "./vocabulary";

/**
 * What damage, drain and recovery change, as plain data. The hit point maximum is derived (HP-1), so
 * it is not stored: it follows from the undrained ♥ value, the Toughness bonus and the ♥ drain, which
 * lets every function here clamp HP exactly when drain moves the maximum (DRN-1).
 */
export interface Vitals {
  /** SU-4: eff(♥) before ♥ drain is subtracted (base + race + modifiers), or an NPC's hp override. */
  heartsUndrained: number;
  /** CH-2: extra ♥ capacity on top of eff(♥) (2 with the Toughness knack). */
  heartsBonus: number;
  /** HP-1: current hit points, 0..max. */
  value: number;
  /** HP-1, HP-3: hit points lost to temporary damage, 0..max − value. */
  temp: number;
  /** DRN-1: drain counters per suit. */
  drain: PerSuit<number>;
  /** DRN-5: taint counters per suit. */
  taint: PerSuit<number>;
}

/** A per-suit counter with every suit at zero. */
export function zeroPerSuit(): PerSuit<number> {
  return { clubs: 0, spades: 0, diamonds: 0, hearts: 0 };
}

/** SU-4 for ♥: the effective value after ♥ drain, never below 0. */
export function effHearts(v: Vitals): number {
  return Math.max(0, v.heartsUndrained - v.drain.hearts);
}

/** HP-1: hp.max = capacity(♥) = eff(♥) + Toughness bonus (CH-2). */
export function hpMax(v: Vitals): number {
  return effHearts(v) + v.heartsBonus;
}

/** HP-1: damage that a Rest will not return. */
export function realDamage(v: Vitals): number {
  return hpMax(v) - v.value - v.temp;
}

/** DRN-1: HP above a lowered maximum are lost at once, and the temporary pool is clamped too. */
export function clampToMax(v: Vitals): Vitals {
  const max = hpMax(v);
  const value = Math.min(v.value, max);
  const temp = Math.max(0, Math.min(v.temp, max - value));
  return value === v.value && temp === v.temp ? v : { ...v, value, temp };
}

/** DMG-5: how a batch of damage is applied; `enemy` marks an Enemy-tier NPC (NPC-3). */
export interface DamageOptions {
  temporary?: boolean;
  tainted?: boolean;
  enemy?: boolean;
}

/** What one application of damage did, for chat cards and the INJ-1 trigger check. */
export interface DamageApplied {
  vitals: Vitals;
  /** HP-2 step 1: hit points removed. */
  lost: number;
  /** HP-2 step 3: damage beyond the remaining hit points. */
  overflow: number;
  /** HP-2 step 3, DRN-3: ♥ drain the overflow added (0 for temporary damage and Enemies). */
  drainAdded: number;
  /** HP-2 step 2: HP went from above 0 to 0 with this damage. */
  becameUnconscious: boolean;
  /** NPC-3: an Enemy at 0 HP is out of the fight at once. */
  outOfFight: boolean;
  /** INJ-1 (b): the damage overflowed into ♥ drain. */
  overflowDrain: boolean;
  /** DRN-4: the overflow drain brought eff(♥) to 0. */
  killed: boolean;
}

/** HP-2: apply n > 0 points of damage; overflow becomes ♥ drain except for temporary damage and Enemies. */
export function applyDamage(v: Vitals, n: number, options: DamageOptions = {}): DamageApplied {
  const { temporary = false, tainted = false, enemy = false } = options;
  const amount = Math.max(0, n);
  const lost = Math.min(amount, v.value);
  let next: Vitals = {
    ...v,
    value: v.value - lost,
    temp: temporary ? v.temp + lost : v.temp,
    taint: tainted && lost > 0 ? { ...v.taint, hearts: v.taint.hearts + lost } : v.taint,
  };
  const overflow = amount - lost;
  const drainAdded = temporary || enemy ? 0 : overflow;
  if (drainAdded > 0) {
    next = clampToMax({
      ...next,
      drain: { ...next.drain, hearts: next.drain.hearts + drainAdded },
      taint: tainted ? { ...next.taint, hearts: next.taint.hearts + drainAdded } : next.taint,
    });
  }
  return {
    vitals: next,
    lost,
    overflow,
    drainAdded,
    becameUnconscious: v.value > 0 && next.value === 0,
    outOfFight: enemy && amount > 0 && next.value === 0,
    overflowDrain: drainAdded > 0,
    killed: drainAdded > 0 && effHearts(next) <= 0,
  };
}

/**
 * HP-4: one healing point that ♥ taint did not absorb (the taint step is DRN-6, `recoverHP`):
 * it raises value, and real damage is healed before temporary damage.
 */
export function healPoint(v: Vitals): Vitals {
  const max = hpMax(v);
  const value = Math.min(max, v.value + 1);
  return { ...v, value, temp: Math.max(0, Math.min(v.temp, max - value)) };
}

/** HP-5: a creature knocked out by reaching 0 HP wakes once its value is back to at least 1. */
export function wakes(before: Vitals, after: Vitals): boolean {
  return before.value === 0 && after.value >= 1;
}

/**
 * REC-5, HP-5: a creature at 0 HP stays Unconscious until healed to at least 1, so no duration, healed
 * injury or end of encounter wakes it.
 */
export function staysUnconscious(v: Pick<Vitals, "value">): boolean {
  return v.value <= 0;
}
