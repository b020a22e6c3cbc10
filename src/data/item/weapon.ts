/**
 * The `weapon` item (EQ-2, EQ-3). Stored shape:
 * ```
 * description: html
 * slot: "hands" | "handy" | "pack" | "armor"   (EQ-1; in use only in "hands")
 * quantity: int 0-9999
 * category: WEAPON_CATEGORIES                  (EQ-2)
 * hands: 1 | 2                                 (EQ-3: Great is always 2, see derived handsNeeded)
 * modes: { melee, thrown, launcher: boolean }  (at least one is true)
 * reach: 1 | 2
 * rangeClass: RANGE_CLASSES | null             (null for a weapon that is never ranged)
 * reload: "none" | "slow" | "winch"
 * temporary, brawling, doubleEnded: boolean
 * focus: boolean                               (MAG-2: a staff held as a spellcasting focus)
 * tainted: boolean                            (DMG-5, DRN-5: its damage adds ♥ taint)
 * riders: Rider[]                              (DMG-6, see data/fields.ts)
 * ```
 */
import { RANGE_CLASSES, WEAPON_CATEGORIES } from "../../rules/vocabulary";
import { handsValid, RELOADS, WEAPON_MODES, weaponStrengthRequirement } from "../../rules/equipment";
import { carried, choice, flag, html, integer, optionalChoice, riders, type NoBaseData } from "../fields";

export function defineWeaponSchema() {
  const fields = foundry.data.fields;
  return {
    description: html(),
    ...carried("hands"),
    category: choice(WEAPON_CATEGORIES, "light"),
    hands: integer({ min: 1, max: 2 }, 1),
    modes: new fields.SchemaField(
      Object.fromEntries(WEAPON_MODES.map((mode) => [mode, flag(mode === "melee")])) as Record<
        (typeof WEAPON_MODES)[number],
        ReturnType<typeof flag>
      >,
    ),
    reach: integer({ min: 1, max: 2 }, 1),
    rangeClass: optionalChoice(RANGE_CLASSES),
    reload: choice(RELOADS, "none"),
    temporary: flag(),
    brawling: flag(),
    doubleEnded: flag(),
    // MAG-2: a staff held as a spellcasting focus; existing weapons read false, as before.
    focus: flag(),
    // DMG-5: existing weapons read false, the plain damage they always dealt.
    tainted: flag(),
    riders: riders(),
  };
}
export type WeaponSchema = ReturnType<typeof defineWeaponSchema>;

type WeaponDerived = {
  /** EQ-3: hands it takes in use (a Great weapon always 2, whatever is stored). */
  handsNeeded: 1 | 2;
  /** EQ-4: Strength required to use it in melee and at range (null when it cannot be used so). */
  strengthRequirement: { melee: number | null; ranged: number | null };
};

export class WeaponData extends foundry.abstract.TypeDataModel<
  WeaponSchema,
  Item.Implementation,
  NoBaseData,
  WeaponDerived
> {
  static override defineSchema(): WeaponSchema {
    return defineWeaponSchema();
  }

  override prepareDerivedData(): void {
    this.handsNeeded = handsValid(this.category, this.hands) ? (this.hands as 1 | 2) : 2;
    const ranged = this.modes.thrown || this.modes.launcher;
    this.strengthRequirement = {
      melee: this.modes.melee ? weaponStrengthRequirement({ category: this.category }) : null,
      ranged: ranged
        ? weaponStrengthRequirement({ category: this.category, ranged: true, winch: this.reload === "winch" })
        : null,
    };
  }
}
