/**
 * ZilchItem: item documents. Behaviour lives in the item models (src/data/item) and in the owning
 * actor's API; this class is the registration point and answers what the actor sheets ask of an item.
 */
import type { CarrySlot } from "../rules/equipment";

export class ZilchItem<SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  /** Whether this item is of one of the given types; a true answer narrows `system` to their models. */
  isOfType<T extends Item.SubType>(...types: T[]): this is Item.OfType<T> {
    return types.some((type) => type === this.type);
  }

  /** EQ-1: where a carried item sits, or null for items that are not carried (skills, races…). */
  get carrySlot(): CarrySlot | null {
    return this.isOfType("weapon", "armor", "shield", "gear") ? this.system.slot : null;
  }
}
