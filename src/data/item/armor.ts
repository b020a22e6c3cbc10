/**
 * The `armor` item (EQ-5, EQ-6). Stored shape:
 * ```
 * description: html
 * slot: "armor" (worn) | "handy" | "pack" | "hands"   (EQ-1)
 * quantity: int 0-9999
 * category: "thin" | "light" | "heavy" | "plate"     (ARMOR_CATEGORIES without "none")
 * reinforced: boolean                                 (+1 DR, +1 handy slot, +1 Strength req)
 * drBonus: int 0-30                                   (EQ-6 "other DR modifiers", e.g. magic)
 * ```
 */
import { ARMOR_CATEGORIES } from "../../rules/vocabulary";
import { BOUNDS } from "../constants";
import { carried, choice, flag, html, integer } from "../fields";

/** An armour item is always some armour: "none" is the unarmoured state of a creature, not an item. */
export const ARMOR_ITEM_CATEGORIES = ARMOR_CATEGORIES.filter((c) => c !== "none") as readonly Exclude<
  (typeof ARMOR_CATEGORIES)[number],
  "none"
>[];

export function defineArmorSchema() {
  return {
    description: html(),
    ...carried("armor"),
    category: choice(ARMOR_ITEM_CATEGORIES, "light"),
    reinforced: flag(),
    drBonus: integer(BOUNDS.resistance, 0),
  };
}
export type ArmorSchema = ReturnType<typeof defineArmorSchema>;

export class ArmorData extends foundry.abstract.TypeDataModel<ArmorSchema, Item.Implementation> {
  static override defineSchema(): ArmorSchema {
    return defineArmorSchema();
  }
}
