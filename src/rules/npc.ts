/**
 * NPCs and monsters (RULES.md §21, NPC-1 to NPC-4): what the Enemy and Foe tiers change, and the
 * defaults of a stat block.
 */
import { WEAPON_SPEEDS } from "./countdown/speeds";
import { weaponDamage } from "./equipment";
import { perSuit } from "./suits";
import type { NpcTier, PerSuit, WeaponCategory } from "./vocabulary";

export interface TierRules {
  /** NPC-3, HP-2: out of the fight at once at 0 HP, with no ♥-drain overflow. */
  outAtZeroHp: boolean;
  /** NPC-3, SW-5: specific wounds are suffered without a save. */
  woundsAutomatic: boolean;
  /** NPC-3, INJ-1: grievous injuries only when the `injuriesForEnemies` setting is on. */
  injuriesNeedSetting: boolean;
  /** NPC-3, CD-15: may Soak. */
  soak: boolean;
  /** GW (intro): Grit and Wounds replace HP for PCs and Foes; Enemies keep HP. */
  gritWounds: boolean;
}

/** NPC-3: the Enemy (rank and file) and Foe (important) rules; a Foe is treated as a PC. */
export const NPC_TIER_RULES: Readonly<Record<NpcTier, TierRules>> = {
  enemy: {
    outAtZeroHp: true,
    woundsAutomatic: true,
    injuriesNeedSetting: true,
    soak: false,
    gritWounds: false,
  },
  foe: {
    outAtZeroHp: false,
    woundsAutomatic: false,
    injuriesNeedSetting: false,
    soak: true,
    gritWounds: true,
  },
};

/** NPC-3, INJ-1: whether grievous injuries apply to an NPC of this tier. */
export function npcTakesInjuries(tier: NpcTier, injuriesForEnemies: boolean): boolean {
  return !NPC_TIER_RULES[tier].injuriesNeedSetting || injuriesForEnemies;
}

/** NPC-3, SW-5: whether an NPC of this tier saves against a specific wound (else it is automatic). */
export function npcSavesAgainstWounds(tier: NpcTier): boolean {
  return !NPC_TIER_RULES[tier].woundsAutomatic;
}

/** NPC-3, CD-15: whether an NPC of this tier may Soak. */
export function npcMaySoak(tier: NpcTier): boolean {
  return NPC_TIER_RULES[tier].soak;
}

/** NPC-3, HP-2: whether reaching 0 HP takes the NPC out at once, with no drain overflow. */
export function npcOutAtZeroHp(tier: NpcTier): boolean {
  return NPC_TIER_RULES[tier].outAtZeroHp;
}

/**
 * NPC-1, DRN-1: the ♥ value an NPC's hit points start from (HP-1 `heartsUndrained`). A stat block's
 * hp override replaces the undrained ♥ card rather than the final maximum, so ♥ drain (HP-2
 * overflow on a Foe, poison) still lowers it, as it lowers a PC's.
 */
export function npcHeartsUndrained(heartsUndrained: number, override?: number | null): number {
  return override ?? Math.max(0, heartsUndrained);
}

/** NPC-1, HP-1: hp.max is the override (or eff(♥) before drain) less ♥ drain, never below 0. */
export function npcHpMax(heartsUndrained: number, override?: number | null, heartsDrain = 0): number {
  return Math.max(0, npcHeartsUndrained(heartsUndrained, override) - heartsDrain);
}

/** NPC-2: NPCs hold no chips unless an ability grants them. */
export function npcChipCapacity(granted: Partial<PerSuit<number>> = {}): PerSuit<number> {
  return perSuit((s) => Math.max(0, granted[s] ?? 0));
}

/** NPC-4: natural attacks count as armed (never brawling) and are Light by default. */
export const NATURAL_ATTACK_CATEGORY: WeaponCategory = "light";

/** NPC-4: a natural attack's properties; its countdown speed follows its category (CD-7). */
export function naturalAttack(category: WeaponCategory = NATURAL_ATTACK_CATEGORY): {
  category: WeaponCategory;
  damage: number;
  brawling: false;
} {
  return { category, damage: weaponDamage(category), brawling: false };
}

/** NPC-4, CD-7: a natural attack's speed is its category's, never the unarmed speed (it counts as armed). */
export function naturalAttackSpeed(category: WeaponCategory = NATURAL_ATTACK_CATEGORY): number {
  return WEAPON_SPEEDS[category];
}
