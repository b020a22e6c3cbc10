/**
 * The `spell` item (MAG-3 to MAG-7). Stored shape:
 * ```
 * description: html
 * chipCost: int 0-40     (♦ chips paid on Cast, MAG-3)
 * isAttack: boolean      (resolved as an attack with eff(♦), MAG-1)
 * damage: int 0-10       (energy damage value, default 2, MAG-4)
 * riders: Rider[]        (DMG-6)
 * maxRange: DISTANCES    (MAG-5)
 * runeCount: int 1-3     (countdown speed 3 + runeCount, CD-7)
 * ```
 */
import { DISTANCES } from "../../rules/vocabulary";
import { BOUNDS } from "../constants";
import { choice, flag, html, integer, riders } from "../fields";

export function defineSpellSchema() {
  return {
    description: html(),
    chipCost: integer(BOUNDS.chips, 0),
    isAttack: flag(true),
    damage: integer({ min: 0, max: 10 }, 2),
    riders: riders(),
    maxRange: choice(DISTANCES, "close"),
    runeCount: integer({ min: 1, max: 3 }, 1),
  };
}
export type SpellSchema = ReturnType<typeof defineSpellSchema>;

export class SpellData extends foundry.abstract.TypeDataModel<SpellSchema, Item.Implementation> {
  static override defineSchema(): SpellSchema {
    return defineSpellSchema();
  }
}
