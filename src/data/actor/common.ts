/**
 * What both actor models read from their document: embedded items by type and the conditions
 * applied as status effects. Kept apart from the models so a model prepared without a parent (a
 * pack entry being validated) sees no items and no statuses instead of failing.
 */
import { closeConditions, type ConditionSet } from "../../rules/conditions";
import { gritDie, woundLimit } from "../../rules/grit";
import { CONDITIONS, type Condition } from "../../rules/vocabulary";
import type { ArmorData } from "../item/armor";
import type { GearData } from "../item/gear";
import type { InjuryData } from "../item/injury";
import type { KnackData } from "../item/knack";
import type { RaceData } from "../item/race";
import type { ShieldData } from "../item/shield";
import type { SkillData } from "../item/skill";
import type { SpellData } from "../item/spell";
import type { WeaponData } from "../item/weapon";
import { worldSetting } from "../world";

/** The prepared system data of each item type, as the actor models read it. */
export interface ItemSystems {
  weapon: WeaponData;
  armor: ArmorData;
  shield: ShieldData;
  gear: GearData;
  skill: SkillData;
  knack: KnackData;
  race: RaceData;
  injury: InjuryData;
  spell: SpellData;
}
export type ItemType = keyof ItemSystems;

/** One embedded item as the models read it. */
export interface OwnedItem<T extends ItemType = ItemType> {
  id: string | null;
  type: T;
  system: ItemSystems[T];
}

interface ParentLike {
  items?: { contents: readonly { id: string | null; type: string; system: unknown }[] };
  statuses?: ReadonlySet<string>;
}

/** The actor's items of one type, in their sorted order. */
export function itemsOfType<T extends ItemType>(parent: unknown, type: T): OwnedItem<T>[] {
  const items = (parent as ParentLike | null)?.items?.contents ?? [];
  // The `type` test is what Foundry's own typing cannot see: an item of this type holds this model.
  return items.filter((item) => item.type === type) as unknown as OwnedItem<T>[];
}

/** CON-4: the status ids that are conditions (other modules' statuses are ignored). */
export function appliedConditions(parent: unknown): Condition[] {
  const statuses = (parent as ParentLike | null)?.statuses ?? new Set<string>();
  return CONDITIONS.filter((condition) => statuses.has(condition));
}

/** CON-4: applied conditions plus those the actor's state imposes, closed under "implies". */
export function conditionSet(parent: unknown, imposed: readonly Condition[]): ConditionSet {
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
