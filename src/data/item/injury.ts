/**
 * The `injury` item: a grievous injury (INJ-7) or a specific wound (SW-7). Stored shape:
 * ```
 * description: html
 * kind: "grievousInjury" | "specificWound"
 * location: LOCATIONS
 * effect: INJURY_EFFECTS | SPECIFIC_WOUNDS     (the machine-readable key, INJ-10)
 * severe: boolean            (a "−2d" cell: its save or ongoing test at −5)
 * modifier: int -20..20      (the standing test/attack modifier while it lasts, e.g. fracture −5)
 * burn: int 0-5              (INJ-7 Burn N while the injury lasts)
 * healing: "days" | "endOfEncounter" | "ongoingEnds" | "restAtFullHp" | "immediate"
 * daysRemaining: int 0-365   (INJ-9 clock; read only when healing is "days")
 * permanent: boolean         (a severed limb stays lost after the acute phase)
 * ongoing: { active: boolean, rating: int 0-30, suit: SUITS, modifier: int, tag: ONGOING_TAGS }  (OD-1;
 *            the origin is `location`)
 * ```
 */
import { INJURY_EFFECTS, LOCATIONS, SPECIFIC_WOUNDS, SUITS } from "../../rules/vocabulary";
import { BOUNDS, INJURY_HEALING, INJURY_KINDS, ONGOING_TAGS } from "../constants";
import { choice, flag, html, integer } from "../fields";

/** Every effect key an injury item can carry: the INJ-7 effects, then the SW-7 wounds. */
export const INJURY_ITEM_EFFECTS = [...INJURY_EFFECTS, ...SPECIFIC_WOUNDS] as const;

export function defineInjurySchema() {
  const fields = foundry.data.fields;
  return {
    description: html(),
    kind: choice(INJURY_KINDS, "grievousInjury"),
    location: choice(LOCATIONS, "chest"),
    effect: choice(INJURY_ITEM_EFFECTS, "stun"),
    severe: flag(),
    modifier: integer(BOUNDS.modifier, 0),
    burn: integer({ min: 0, max: 5 }, 0),
    healing: choice(INJURY_HEALING, "days"),
    daysRemaining: integer(BOUNDS.days, 0),
    permanent: flag(),
    ongoing: new fields.SchemaField({
      active: flag(),
      rating: integer(BOUNDS.counter, 1),
      suit: choice(SUITS, "hearts"),
      modifier: integer(BOUNDS.modifier, 0),
      tag: choice(ONGOING_TAGS, "bleeding"),
    }),
  };
}
export type InjurySchema = ReturnType<typeof defineInjurySchema>;

export class InjuryData extends foundry.abstract.TypeDataModel<InjurySchema, Item.Implementation> {
  static override defineSchema(): InjurySchema {
    return defineInjurySchema();
  }
}
