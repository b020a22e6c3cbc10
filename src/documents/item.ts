/**
 * ZilchItem: item documents. Behaviour lives in the item models (src/data/item) and in the owning
 * actor's API; this class is the registration point and answers what the actor sheets ask of an item.
 */
import type { CarrySlot } from "../rules/equipment";

export class ZilchItem extends Item {
  /** EQ-1: where a carried item sits, or null for items that are not carried (skills, races…). */
  get carrySlot(): CarrySlot | null {
    const system = this.system as unknown as { slot?: CarrySlot };
    return system.slot ?? null;
  }
}
