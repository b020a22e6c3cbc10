/**
 * What both actor models read from their document: embedded items by type and the conditions
 * applied as status effects. Kept apart from the models so a model prepared without a parent (a
 * pack entry being validated) sees no items and no statuses instead of failing.
 */
import { closeConditions, type ConditionSet } from "../../rules/conditions";
import { gritDie, woundLimit } from "../../rules/grit";
import type { Vitals } from "../../rules/hitPoints";
import { perSuit } from "../../rules/suits";
import { CONDITIONS, type Condition } from "../../rules/vocabulary";
import type { ClassSuit } from "../constants";
import { worldSetting } from "../world";

/** One embedded item of a given type: its `system` is that type's model. */
export type OwnedItem<T extends Item.SubType> = Item.OfType<T>;

/** The actor a model belongs to, or null for a model prepared without one (a pack entry being validated). */
type Parent = Actor.Implementation | null | undefined;

/** The actor's items of one type, in their sorted order. */
export function itemsOfType<T extends Item.SubType>(parent: Parent, type: T): OwnedItem<T>[] {
  return (parent?.items?.contents ?? []).filter((item): item is OwnedItem<T> => item.isOfType(type));
}

/** EQ-1: the hands the weapons and gear held in hands take (a shield's own hand not counted). */
export function handsHeld(parent: Parent): number {
  const weapons = itemsOfType(parent, "weapon").filter((w) => w.system.slot === "hands");
  const gear = itemsOfType(parent, "gear").filter((g) => g.system.slot === "hands");
  return weapons.reduce((n, w) => n + w.system.handsNeeded, 0) + gear.reduce((n, g) => n + g.system.hands, 0);
}

/** CON-4: the status ids that are conditions (other modules' statuses are ignored). */
export function appliedConditions(parent: Parent): Condition[] {
  const statuses: ReadonlySet<string> = parent?.statuses ?? new Set<string>();
  return CONDITIONS.filter((condition) => statuses.has(condition));
}

/** CON-4: applied conditions plus those the actor's state imposes, closed under "implies". */
export function conditionSet(parent: Parent, imposed: readonly Condition[]): ConditionSet {
  return closeConditions([...appliedConditions(parent), ...imposed]);
}

/** GW-1, GW-7: what the Grit track adds to the stored counters once eff(♥) is known. */
export interface GritDerived {
  /** SET-1 `gritWounds` is on and this creature is a PC or a Foe (§23: Enemies keep HP). */
  active: boolean;
  /** GW-1: the Grit die's faces. */
  die: 4 | 6 | 8 | 10;
  /** GW-7: Wounds that mean death. */
  woundLimit: number;
}

/** GW-1, GW-7, §23: the derived Grit fields, from eff(♥) and whether the mode applies to the creature. */
export function gritDerived(heartsEff: number, pcOrFoe: boolean): GritDerived {
  return {
    active: pcOrFoe && worldSetting("gritWounds") === true,
    die: gritDie(heartsEff),
    woundLimit: woundLimit(heartsEff),
  };
}

/** The part of an actor update that sets class-suit chips, in a character's shape (a number each). */
export type ChipCounts = Partial<Record<ClassSuit, number>>;

/** HP-1, DRN-1, DRN-5: the source change that writes a rules result's HP, drain and taint. */
export function vitalsChange(v: Vitals) {
  return {
    hp: { value: v.value, temp: v.temp },
    suits: perSuit((suit) => ({ drain: v.drain[suit], taint: v.taint[suit] })),
  };
}

/**
 * CH-2, DRN-1: the stored HP fields above the prepared maximum, cut to it (HP-1: temporary HP fit under
 * it too), or null. Measured against the maximum, not the prepared values, so an effect that changes
 * the value itself is never written back into the source again and again.
 */
export function hpExcess(
  source: { value: number; temp: number },
  max: number,
): { value?: number; temp?: number } | null {
  const hp: { value?: number; temp?: number } = {};
  const value = Math.min(source.value, max);
  const temp = Math.max(0, Math.min(source.temp, max - value));
  if (source.value !== value) hp.value = value;
  if (source.temp !== temp) hp.temp = temp;
  return Object.keys(hp).length ? hp : null;
}
