/**
 * The `shield` item (EQ-7 to EQ-9). Stored shape:
 * ```
 * description: html
 * slot: "hands" (in use) | "handy" | "pack" | "armor"   (EQ-1)
 * quantity: int 0-9999
 * kind: "buckler" | "small" | "large" | "tower"        (SHIELDS without "none")
 * strapped: boolean    (a buckler strapped on: in use from a handy slot, hand free; EQ-1, EQ-8)
 * spikes: boolean      (a bash counts as Light instead of Tiny, EQ-9)
 * ```
 */
import { SHIELDS } from "../../rules/vocabulary";
import { carried, choice, flag, html } from "../fields";

/** A shield item is always some shield: "none" is the state of a creature without one. */
export const SHIELD_ITEM_KINDS = SHIELDS.filter((s) => s !== "none") as readonly Exclude<
  (typeof SHIELDS)[number],
  "none"
>[];

export function defineShieldSchema() {
  return {
    description: html(),
    ...carried("hands"),
    kind: choice(SHIELD_ITEM_KINDS, "small"),
    strapped: flag(),
    spikes: flag(),
  };
}
export type ShieldSchema = ReturnType<typeof defineShieldSchema>;

export class ShieldData extends foundry.abstract.TypeDataModel<ShieldSchema, Item.Implementation> {
  static override defineSchema(): ShieldSchema {
    return defineShieldSchema();
  }
}
