/**
 * The `gear` item (EQ-1, REC-6, MAG-2). Stored shape:
 * ```
 * description: html
 * slot: "pack" | "handy" | "hands" | "armor"   (EQ-1)
 * quantity: int 0-9999
 * hands: int 0-2                               (hands it takes when held, e.g. a torch 1)
 * focus: boolean                               (a staff, wand or holy symbol: MAG-2)
 * healingItem: HEALING_ITEMS | null            (REC-6 items the document API can use)
 * ```
 */
import { HEALING_ITEMS, type HealingItem } from "../constants";
import { carried, flag, html, integer, optionalChoice } from "../fields";

export function defineGearSchema() {
  return {
    description: html(),
    ...carried("pack"),
    hands: integer({ min: 0, max: 2 }, 1),
    focus: flag(),
    healingItem: optionalChoice(HEALING_ITEMS),
  };
}
export type GearSchema = ReturnType<typeof defineGearSchema>;

export class GearData extends foundry.abstract.TypeDataModel<GearSchema, Item.Implementation> {
  static override defineSchema(): GearSchema {
    return defineGearSchema();
  }

  /** REC-6: the healing item this gear is, or null (the schema admits only HEALING_ITEMS). */
  healing(): HealingItem | null {
    return HEALING_ITEMS.find((kind) => kind === this.healingItem) ?? null;
  }
}
