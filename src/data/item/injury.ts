/**
 * The `injury` item: a grievous injury (INJ-7) or a specific wound (SW-7). Stored shape:
 * ```
 * description: html
 * kind: "grievousInjury" | "specificWound"
 * location: LOCATIONS                          (a wound's aiming point, Gut stored as `abdomen`)
 * effect: INJURY_EFFECTS | SPECIFIC_WOUNDS     (the machine-readable key, INJ-10)
 * modifier: int -20..20        (the cell's modifier: −5 for a "−2d" cell, INJ-6)
 * daysRemaining: int 0-365 | null   (INJ-9 clock; null when the injury does not heal by days)
 * ongoing: { active: boolean, rating: int 0-30, suit: SUITS, modifier: int -20..20,
 *            tag: ONGOING_TAGS }    (OD-1; its origin is `location`)
 * ```
 * Derived from the rules catalogues by key (so an edited table changes behaviour through its keys):
 * `lasting` (what holds while it lasts), `burn` (INJ-7 Burn N), `heals` (INJ-9 / SW-8).
 */
import { createInjury } from "../../rules/injury/grievous-injury";
import type { InjuryHealing, LastingHarm } from "../../rules/injury/harm";
import { severedLasting } from "../../rules/lasting";
import { woundSpecOf, type WoundSpec } from "../../rules/wounds";
import { INJURY_EFFECTS, LOCATIONS, SPECIFIC_WOUNDS, SUITS, type InjuryEffect } from "../../rules/vocabulary";
import { BOUNDS, INJURY_KINDS, ONGOING_TAGS } from "../constants";
import { choice, flag, html, integer, optionalInteger, type NoBaseData } from "../fields";
import { migrateInjury } from "../migrations";

/** Every effect key an injury item can carry: the INJ-7 effects, then the SW-7 wounds. */
export const INJURY_ITEM_EFFECTS = [...INJURY_EFFECTS, ...SPECIFIC_WOUNDS] as const;

/** INJ-7: whether an injury item's effect key is a grievous injury's (else it is an SW-7 wound). */
export function isInjuryEffect(key: string): key is InjuryEffect {
  return (INJURY_EFFECTS as readonly string[]).includes(key);
}

export function defineInjurySchema() {
  const fields = foundry.data.fields;
  return {
    description: html(),
    kind: choice(INJURY_KINDS, "grievousInjury"),
    location: choice(LOCATIONS, "chest"),
    effect: choice(INJURY_ITEM_EFFECTS, "stun"),
    modifier: integer(BOUNDS.modifier, 0),
    daysRemaining: optionalInteger(BOUNDS.days),
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

/** INJ-9, SW-8: how an injury item heals; a wound heals by Sleep or magic, or by its durations. */
export type InjuryItemHealing = InjuryHealing | { kind: WoundSpec["heals"] };
type InjuryDerived = { lasting: LastingHarm[]; burn: number; heals: InjuryItemHealing };

/** INJ-9: healing a grievous injury's own rule decides (not a wound's Sleep-or-magic or durations). */
function healsByRule(heals: InjuryItemHealing): heals is InjuryHealing {
  return heals.kind !== "sleepOrMagic" && heals.kind !== "durationsOnly";
}

export class InjuryData extends foundry.abstract.TypeDataModel<
  InjurySchema,
  Item.Implementation,
  NoBaseData,
  InjuryDerived
> {
  static override defineSchema(): InjurySchema {
    return defineInjurySchema();
  }

  /** Upgrades older sources (src/data/migrations.ts). */
  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateInjury(source));
  }

  override prepareDerivedData(): void {
    const key = this.effect;
    if (isInjuryEffect(key)) {
      const injury = createInjury(this.location, { effect: key, modifier: this.modifier });
      // INJ-7 sever: the lost limb's loss holds from the start and stays once the acute phase is over.
      this.lasting =
        injury.heals.kind === "days" && injury.heals.permanent === "limbLost"
          ? severedLasting(injury.lasting, this.location, this.daysRemaining !== 0)
          : injury.lasting;
      this.heals = injury.heals;
    } else {
      const spec = woundSpecOf(key, this.location);
      this.lasting = spec ? [...spec.lasting] : [];
      this.heals = { kind: spec?.heals ?? "durationsOnly" };
    }
    this.burn = this.lasting.reduce((sum, e) => sum + (e.kind === "burn" ? e.amount : 0), 0);
  }

  /** INJ-9: a grievous injury's effect and how it heals, for the healing clock; null for a wound. */
  grievous(): { effect: InjuryEffect; heals: InjuryHealing } | null {
    const { effect, heals } = this;
    if (this.kind !== "grievousInjury" || !isInjuryEffect(effect) || !healsByRule(heals)) return null;
    return { effect, heals };
  }
}
