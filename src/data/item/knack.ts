/**
 * The `knack` item (KN-1, KN-2). Stored shape:
 * ```
 * description: html
 * key: KNACKS | null               (what automation knows it as; null for a custom knack)
 * class: CLASSES | null            (null for a General knack)
 * chipSuit: "clubs" | "spades" | "diamonds" | null   (null for a passive knack that costs nothing)
 * chipCost: int 0-10
 * trigger: "passive" | "free" | "minor" | "declared" | "afterHit"
 * freeWhen: KNACK_FREE_WHEN | null   (KN-2: when it may be a free action instead; Rage: afterDamage)
 * ```
 */
import { CLASSES } from "../../rules/vocabulary";
import { CLASS_SUITS, KNACK_TRIGGERS, KNACKS } from "../constants";
import { choice, html, integer, optionalChoice } from "../fields";
import { migrateKnack } from "../migrations";

/** KN-2: the moments a knack may be used as a free action instead of its usual trigger. */
export const KNACK_FREE_WHEN = ["afterDamage"] as const;

export function defineKnackSchema() {
  return {
    description: html(),
    key: optionalChoice(KNACKS),
    class: optionalChoice(CLASSES),
    chipSuit: optionalChoice(CLASS_SUITS),
    chipCost: integer({ min: 0, max: 10 }, 0),
    trigger: choice(KNACK_TRIGGERS, "passive"),
    freeWhen: optionalChoice(KNACK_FREE_WHEN),
  };
}
export type KnackSchema = ReturnType<typeof defineKnackSchema>;

export class KnackData extends foundry.abstract.TypeDataModel<KnackSchema, Item.Implementation> {
  static override defineSchema(): KnackSchema {
    return defineKnackSchema();
  }

  /** Upgrades older sources (src/data/migrations.ts). */
  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateKnack(source));
  }
}
