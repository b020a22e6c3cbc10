/**
 * Equipment (RULES.md §5, EQ-1 to EQ-14): weapon, armour and shield tables, Strength requirements
 * and their penalties, damage resistance, shield use, slots, swimming and two-weapon pairs.
 */
import { armorCovered, shieldCovered } from "./classes";
import {
  type ArmorCategory,
  type ClassKey,
  type Condition,
  type RangeClass,
  type ShieldKind,
  type Stance,
  type WeaponCategory,
} from "./vocabulary";

export interface WeaponCategoryEntry {
  /** EQ-2: damage value added at DMG-1. */
  damage: number;
  /** EQ-2: Strength requirement for melee; ranged adds 2 (EQ-4). */
  strength: number;
  /** EQ-3: Great weapons are always two-handed. */
  alwaysTwoHanded: boolean;
}

/** EQ-2: weapon categories. */
export const WEAPON_TABLE: Readonly<Record<WeaponCategory, WeaponCategoryEntry>> = {
  tiny: { damage: 1, strength: 2, alwaysTwoHanded: false },
  light: { damage: 2, strength: 3, alwaysTwoHanded: false },
  heavy: { damage: 3, strength: 5, alwaysTwoHanded: false },
  great: { damage: 4, strength: 7, alwaysTwoHanded: true },
};

/** EQ-3: weapon modes; a weapon may have melee and thrown. */
export const WEAPON_MODES = ["melee", "thrown", "launcher"] as const;
export type WeaponMode = (typeof WEAPON_MODES)[number];

/** EQ-3: reload kinds. */
export const RELOADS = ["none", "slow", "winch"] as const;
export type Reload = (typeof RELOADS)[number];

/** EQ-3: default melee reach, and the reach of polearms and other reach weapons. */
export const DEFAULT_REACH = 1;
export const LONG_REACH = 2;

/** EQ-3: the weapon properties the rules read. */
export interface WeaponProfile {
  category: WeaponCategory;
  hands: 1 | 2;
  modes: readonly WeaponMode[];
  rangeClass?: RangeClass;
  reload?: Reload;
  doubleEnded?: boolean;
}

/** EQ-3: a Great weapon must be two-handed; any other may take one or two hands. */
export function handsValid(category: WeaponCategory, hands: number): boolean {
  return hands === 2 || (hands === 1 && !WEAPON_TABLE[category].alwaysTwoHanded);
}

/** EQ-2, EQ-3: the damage value of a weapon category. */
export function weaponDamage(category: WeaponCategory): number {
  return WEAPON_TABLE[category].damage;
}

/** The use of a weapon the Strength requirement depends on. */
export interface WeaponUse {
  category: WeaponCategory;
  ranged?: boolean;
  /** EQ-3, EQ-4: a winch crossbow takes categoryReq − 2 instead of + 2. */
  winch?: boolean;
}

/** EQ-4: req = categoryReq + 2 when ranged, or categoryReq − 2 for a winch crossbow. */
export function weaponStrengthRequirement(use: WeaponUse): number {
  const base = WEAPON_TABLE[use.category].strength;
  if (!use.ranged) return base;
  return use.winch ? base - 2 : base + 2;
}

/**
 * EQ-4: the attack modifier from a Strength shortfall: −max(0, req − Strength), 0 or negative.
 * `strength` is eff2(♣) for a PC and eff(♣) for an NPC (SU-2).
 */
export function weaponStrengthModifier(use: WeaponUse, strength: number): number {
  return Math.min(0, strength - weaponStrengthRequirement(use));
}

export interface ArmorEntry {
  /** EQ-5: DR added by the armour. */
  dr: number;
  /** EQ-5: Strength requirement (reinforced adds 1, EQ-10). */
  strength: number;
}

/** EQ-5: armour categories ("none" when unarmoured). */
export const ARMOR_TABLE: Readonly<Record<ArmorCategory, ArmorEntry>> = {
  none: { dr: 0, strength: 0 },
  thin: { dr: 0, strength: 2 },
  light: { dr: 1, strength: 5 },
  heavy: { dr: 2, strength: 7 },
  plate: { dr: 3, strength: 9 },
};

/** EQ-5: reinforced armour adds this to DR and to the Strength requirement, and takes a handy slot. */
export const REINFORCED_BONUS = 1;

/** The armour a creature wears. */
export interface WornArmor {
  category: ArmorCategory;
  reinforced?: boolean;
}

/** EQ-5: DR of worn armour, reinforcement included. */
export function armorDR(armor: WornArmor): number {
  return (
    ARMOR_TABLE[armor.category].dr + (armor.reinforced && armor.category !== "none" ? REINFORCED_BONUS : 0)
  );
}

/**
 * EQ-6: DR = natural DR + armour DR (+1 reinforced) + other DR modifiers; ER comes only from magic
 * or nature and is 0 by default. DR stops physical damage only, ER energy damage only.
 */
export function resistances(input: {
  naturalDR?: number;
  armor?: WornArmor;
  drModifiers?: readonly number[];
  er?: number;
}): { dr: number; er: number } {
  const other = (input.drModifiers ?? []).reduce((sum, m) => sum + m, 0);
  const worn = input.armor ? armorDR(input.armor) : 0;
  return { dr: (input.naturalDR ?? 0) + worn + other, er: input.er ?? 0 };
}

export interface ShieldEntry {
  /** EQ-7: defence added to the defence total, like cover. */
  defence: number;
  /** EQ-7, EQ-8: defence in the Guarded stance. */
  guarded: number;
  /** EQ-9: whether it can bash. */
  bash: boolean;
  /** EQ-7, EQ-10: added to the armour's Strength requirement. */
  strength: number;
}

/** EQ-7: shields ("none" when no shield is carried). */
export const SHIELD_TABLE: Readonly<Record<ShieldKind, ShieldEntry>> = {
  none: { defence: 0, guarded: 0, bash: false, strength: 0 },
  buckler: { defence: 1, guarded: 2, bash: false, strength: 0 },
  small: { defence: 1, guarded: 2, bash: true, strength: 1 },
  large: { defence: 2, guarded: 4, bash: true, strength: 2 },
  tower: { defence: 2, guarded: 5, bash: false, strength: 3 },
};

/**
 * EQ-8: conditions under which a shield adds nothing: Entangled (and Grappling, Grappled, Pinned,
 * which imply it), Helpless (and Unconscious, Paralysed, Comatose, which imply it) and Defenseless.
 * The implying conditions are listed so an open set of conditions is read correctly too.
 */
export const SHIELD_BLOCKING_CONDITIONS: readonly Condition[] = [
  "entangled",
  "grappling",
  "grappled",
  "pinned",
  "helpless",
  "unconscious",
  "paralysed",
  "comatose",
  "defenseless",
];

/**
 * EQ-8: what a shield adds to the defence total: its defence, its Guarded value in the Guarded
 * stance, nothing while Entangled, Helpless or Defenseless (a Reckless bearer is Defenseless, ST-2).
 */
export function shieldBonus(
  shield: ShieldKind,
  stance: Stance | null,
  conditions: readonly Condition[],
): number {
  if (stance === "reckless" || conditions.some((c) => SHIELD_BLOCKING_CONDITIONS.includes(c))) return 0;
  return stance === "guarded" ? SHIELD_TABLE[shield].guarded : SHIELD_TABLE[shield].defence;
}

/** EQ-9: a bash counts as a Tiny weapon, Light with spikes; bucklers and tower shields cannot bash. */
export function shieldBashCategory(shield: ShieldKind, spiked = false): WeaponCategory | null {
  if (!SHIELD_TABLE[shield].bash) return null;
  return spiked ? "light" : "tiny";
}

/** EQ-10: armour's requirement (+1 reinforced) plus the shield's adjustment. */
export function gearStrengthRequirement(armor: WornArmor | undefined, shield: ShieldKind = "none"): number {
  const category = armor?.category ?? "none";
  const reinforced = armor?.reinforced && category !== "none" ? REINFORCED_BONUS : 0;
  return ARMOR_TABLE[category].strength + reinforced + SHIELD_TABLE[shield].strength;
}

/** EQ-10: what a Strength shortfall for worn gear does. */
export const GEAR_LOADS = ["none", "slowed", "hampered"] as const;
export type GearLoad = (typeof GEAR_LOADS)[number];

/** EQ-10: shortfall 0 → none, 1–2 → Slowed, 3 or more → Hampered. */
export function gearLoad(
  armor: WornArmor | undefined,
  shield: ShieldKind | undefined,
  strength: number,
): GearLoad {
  const shortfall = Math.max(0, gearStrengthRequirement(armor, shield) - strength);
  if (shortfall === 0) return "none";
  return shortfall <= 2 ? "slowed" : "hampered";
}

/** EQ-11: armour or a shield beyond the bearer's proficiency makes it Hampered. */
export function proficiencyHampered(
  proficiency: { armor: ArmorCategory; shield: ShieldKind },
  armor: ArmorCategory = "none",
  shield: ShieldKind = "none",
): boolean {
  return !armorCovered(proficiency.armor, armor) || !shieldCovered(proficiency.shield, shield);
}

/** EQ-12: the GM's encumbrance toggle. */
export const ENCUMBRANCE = ["normal", "exceptional", "barelyLift"] as const;
export type Encumbrance = (typeof ENCUMBRANCE)[number];

/**
 * EQ-10, EQ-11, EQ-12: the conditions worn gear and load impose while they last (the CON-4 closure
 * adds what these imply).
 */
export function gearConditions(input: {
  load: GearLoad;
  proficiencyHampered: boolean;
  encumbrance?: Encumbrance;
}): Condition[] {
  const conditions = new Set<Condition>();
  if (input.load === "slowed") conditions.add("slowed");
  if (input.load === "hampered" || input.proficiencyHampered) conditions.add("hampered");
  if (input.encumbrance && input.encumbrance !== "normal") conditions.add("hampered");
  if (input.encumbrance === "barelyLift") conditions.add("defenseless");
  return [...conditions];
}

/** EQ-1: the carrying slots and their counts (the pack is unlimited). */
export const SLOT_LIMITS = { hands: 2, armor: 1, handy: 5 } as const;
export type LimitedSlot = keyof typeof SLOT_LIMITS;
export type CarrySlot = LimitedSlot | "pack";

/** EQ-1: an item and where it is carried. */
export interface CarriedItem {
  slot: CarrySlot;
  /** Hands it takes when held (default 1). */
  hands?: 1 | 2;
  /** EQ-1, EQ-5: reinforced armour also takes one handy slot. */
  reinforced?: boolean;
}

/**
 * EQ-1, REC-6: whether an item can be put in use, so the sheet offers Equip only where it means
 * something: a weapon or shield goes in hand, armour is worn, and gear is held when it takes a hand
 * (a torch, a wand). A healing item is used from where it is carried (REC-6), never held, and gear
 * that takes no hand is never in hand.
 */
export function equippable(type: string, gear: { hands: number; healing: boolean }): boolean {
  if (type === "weapon" || type === "shield" || type === "armor") return true;
  return type === "gear" && gear.hands > 0 && !gear.healing;
}

/**
 * EQ-1: slots used and the slots over their count. The sheet warns and never blocks. A strapped
 * buckler is carried in a handy slot.
 */
export function slotUsage(items: readonly CarriedItem[]): {
  used: Record<LimitedSlot, number>;
  over: LimitedSlot[];
} {
  const used: Record<LimitedSlot, number> = { hands: 0, armor: 0, handy: 0 };
  for (const item of items) {
    if (item.slot === "hands") used.hands += item.hands ?? 1;
    else if (item.slot === "armor") {
      used.armor += 1;
      if (item.reinforced) used.handy += 1;
    } else if (item.slot === "handy") used.handy += 1;
  }
  const over = (Object.keys(SLOT_LIMITS) as LimitedSlot[]).filter((slot) => used[slot] > SLOT_LIMITS[slot]);
  return { used, over };
}

/** EQ-13: −2 per point of DR and per point of shield defence from mundane gear, on swimming tests. */
export function swimModifier(armor: WornArmor | undefined, shield: ShieldKind = "none"): number {
  return 0 - 2 * ((armor ? armorDR(armor) : 0) + SHIELD_TABLE[shield].defence);
}

/** EQ-14: only a Fighter or Rogue may fight with two weapons. */
export const TWO_WEAPON_CLASSES: readonly ClassKey[] = ["fighter", "rogue"];

export type TwoWeaponProblem = "class" | "pair" | "ranged";

/** EQ-14: a shortbow: a launcher of short range class that needs no reload (slings and crossbows do). */
function isShortbow(w: WeaponProfile): boolean {
  return w.modes.includes("launcher") && w.rangeClass === "short" && (w.reload ?? "none") === "none";
}

/**
 * EQ-14: whether two-weapon fighting is legal. Melee: two one-handed Light weapons, one-handed Heavy +
 * Tiny, or one double-ended weapon used as two Light. Ranged: the same pairs of thrown weapons, or a
 * shortbow, which like a double-ended weapon gives both attacks from one weapon [design reading];
 * never longbows, slings or crossbows.
 */
export function twoWeaponProblems(
  classes: readonly ClassKey[],
  weapons: readonly WeaponProfile[],
  ranged = false,
): TwoWeaponProblem[] {
  const problems: TwoWeaponProblem[] = [];
  if (!classes.some((c) => TWO_WEAPON_CLASSES.includes(c))) problems.push("class");
  if (weapons.length === 1) {
    const [w] = weapons;
    const fits = ranged ? isShortbow(w) : w.doubleEnded === true && w.modes.includes("melee");
    if (!fits) problems.push(ranged ? "ranged" : "pair");
    return problems;
  }
  if (weapons.length !== 2) return [...problems, "pair"];
  const mode: WeaponMode = ranged ? "thrown" : "melee";
  if (!weapons.every((w) => w.modes.includes(mode))) problems.push(ranged ? "ranged" : "pair");
  const oneHanded = weapons.every((w) => w.hands === 1);
  const cats = weapons.map((w) => w.category).sort();
  const pairOk = (cats[0] === "light" && cats[1] === "light") || (cats[0] === "heavy" && cats[1] === "tiny");
  if (!oneHanded || !pairOk) problems.push("pair");
  return [...new Set(problems)];
}
