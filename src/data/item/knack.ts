/**
 * The `knack` item (KN-1, KN-2). Stored shape:
 * ```
 * description: html
 * key: KNACKS | null               (what automation knows it as; null for a custom knack)
 * class: CLASSES | null            (null for a General knack)
 * chipSuit: "clubs" | "spades" | "diamonds" | null   (null for a passive knack that costs nothing)
 * chipCost: int 0-10
 * trigger: "passive" | "free" | "minor" | "declared" | "afterHit"
 * ```
 */
import { CLASSES } from "../../rules/vocabulary";
import { CLASS_SUITS, KNACK_TRIGGERS, KNACKS } from "../constants";
import { choice, html, integer, optionalChoice } from "../fields";

export function defineKnackSchema() {
  return {
    description: html(),
    key: optionalChoice(KNACKS),
    class: optionalChoice(CLASSES),
    chipSuit: optionalChoice(CLASS_SUITS),
    chipCost: integer({ min: 0, max: 10 }, 0),
    trigger: choice(KNACK_TRIGGERS, "passive"),
  };
}
export type KnackSchema = ReturnType<typeof defineKnackSchema>;

export class KnackData extends foundry.abstract.TypeDataModel<KnackSchema, Item.Implementation> {
  static override defineSchema(): KnackSchema {
    return defineKnackSchema();
  }
}
