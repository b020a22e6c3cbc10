/**
 * Classes and proficiency (RULES.md §2, CL-1 to CL-3, and the TL-4 armour trades that change
 * proficiency).
 */
import {
  ARMOR_CATEGORIES,
  SHIELDS,
  SPELLCASTER_TYPES,
  type ArmorCategory,
  type ClassKey,
  type ShieldKind,
  type Suit,
} from "./vocabulary";

export interface ClassEntry {
  /** CL-1: the suit whose primary card holds this class's chips. */
  chipSuit: Suit;
  /** CL-2: the heaviest armour category the class is proficient in. */
  armor: ArmorCategory;
  /** CL-2: the heaviest shield the class is proficient with. */
  shield: ShieldKind;
  /** CL-1: one of the five Spellcaster types (CL-3 allows at most one). */
  spellcaster: boolean;
}

/** CL-1, CL-2: the class table. Healer, Necromancer and Druid proficiencies are [design]. */
export const CLASS_TABLE: Readonly<Record<ClassKey, ClassEntry>> = {
  fighter: { chipSuit: "clubs", armor: "plate", shield: "tower", spellcaster: false },
  rogue: { chipSuit: "spades", armor: "light", shield: "small", spellcaster: false },
  wizard: { chipSuit: "diamonds", armor: "thin", shield: "buckler", spellcaster: true },
  cleric: { chipSuit: "diamonds", armor: "heavy", shield: "large", spellcaster: true },
  healer: { chipSuit: "diamonds", armor: "heavy", shield: "large", spellcaster: true },
  necromancer: { chipSuit: "diamonds", armor: "thin", shield: "buckler", spellcaster: true },
  druid: { chipSuit: "diamonds", armor: "light", shield: "small", spellcaster: true },
};

/** CL-1: whether a class is a Spellcaster type. */
export function isSpellcaster(key: ClassKey): boolean {
  return (SPELLCASTER_TYPES as readonly ClassKey[]).includes(key);
}

/** CL-3: the distinct classes of a character, in the order taken. */
export function distinctClasses(classes: readonly ClassKey[]): ClassKey[] {
  return [...new Set(classes)];
}

/** CL-3: the number of classes, the divisor of class effects (CH-2). */
export function classCount(classes: readonly ClassKey[]): number {
  return distinctClasses(classes).length;
}

/** CL-1, CH-1: the suits that hold class chips, in suit order of the classes taken. */
export function classSuits(classes: readonly ClassKey[]): Suit[] {
  return [...new Set(distinctClasses(classes).map((c) => CLASS_TABLE[c].chipSuit))];
}

export type ClassProblem = "duplicateClass" | "multipleSpellcasters";

/** CL-3: a character may take several classes, but each once and at most one Spellcaster type. */
export function classProblems(classes: readonly ClassKey[]): ClassProblem[] {
  const problems: ClassProblem[] = [];
  if (distinctClasses(classes).length !== classes.length) problems.push("duplicateClass");
  if (distinctClasses(classes).filter(isSpellcaster).length > 1) problems.push("multipleSpellcasters");
  return problems;
}

const armorRank = (a: ArmorCategory): number => ARMOR_CATEGORIES.indexOf(a);
const shieldRank = (s: ShieldKind): number => SHIELDS.indexOf(s);

/** CL-2: with no class a character is proficient in Thin armour and no shield [design]. */
export const CLASSLESS_ARMOR: ArmorCategory = "thin";
export const CLASSLESS_SHIELD: ShieldKind = "none";

/** CL-2, CL-3: the best armour proficiency among the classes, before any TL-4 trade. */
export function bestArmorProficiency(classes: readonly ClassKey[]): ArmorCategory {
  return classes.reduce<ArmorCategory>(
    (best, c) => (armorRank(CLASS_TABLE[c].armor) > armorRank(best) ? CLASS_TABLE[c].armor : best),
    CLASSLESS_ARMOR,
  );
}

/** CL-2, CL-3: the best shield proficiency among the classes (TL-4 trades never touch it). */
export function shieldProficiency(classes: readonly ClassKey[]): ShieldKind {
  return classes.reduce<ShieldKind>(
    (best, c) => (shieldRank(CLASS_TABLE[c].shield) > shieldRank(best) ? CLASS_TABLE[c].shield : best),
    CLASSLESS_SHIELD,
  );
}

/**
 * TL-4: how many armour steps may be traded: one per step from the best proficiency down to Thin
 * (Plate → Heavy → Light → Thin); multiclassing adds none (CL-3).
 */
export function maxArmorTrades(classes: readonly ClassKey[]): number {
  return armorRank(bestArmorProficiency(classes)) - armorRank(CLASSLESS_ARMOR);
}

/** CL-2, TL-4: armour proficiency after trading `trades` steps; more trades than allowed is an error. */
export function armorProficiency(classes: readonly ClassKey[], trades = 0): ArmorCategory {
  if (!Number.isInteger(trades) || trades < 0 || trades > maxArmorTrades(classes)) {
    throw new RangeError(`armour trades must be 0–${maxArmorTrades(classes)}, got ${trades}`);
  }
  return ARMOR_CATEGORIES[armorRank(bestArmorProficiency(classes)) - trades];
}

/** CL-2: proficiency covers the listed category and every lighter one; no armour needs none. */
export function armorCovered(proficiency: ArmorCategory, worn: ArmorCategory): boolean {
  return armorRank(worn) <= armorRank(proficiency);
}

/** CL-2: the same for shields. */
export function shieldCovered(proficiency: ShieldKind, carried: ShieldKind): boolean {
  return shieldRank(carried) <= shieldRank(proficiency);
}
