/**
 * The `npc` actor: a stat block (NPC-1 to NPC-4). Stored shape:
 * ```
 * suits: { clubs | spades | diamonds | hearts: { value: int 0-30, drain: int 0-30, taint: int 0-30 } }
 *                                       (SU-2: one card per suit)
 * chips: { clubs, spades, diamonds: { value: int 0-40, max: int 0-40 } }   (NPC-2: only if granted)
 * hp: { value: int 0-40, temp: int 0-40, max: int 0-40 | null }   (null max: ♥ as NPC-1 default)
 * dr, er: int 0-30                      (EQ-6; natural, stat-block values)
 * size: SIZES, creatureType: string, subtypes: string
 * tier: "enemy" | "foe"                 (NPC-3)
 * cr: number 0-99
 * movement: { walk | climb | swim | fly | burrow: int 0-99 | null }   (null walk: MV-1 from ♠)
 * senses, languages: string
 * attacks: { name, category: WEAPON_CATEGORIES, damageType: DAMAGE_TYPES, reach: 1|2,
 *            brawling: boolean, nature: "natural"|"magical", riders: Rider[], notes: string }[]
 * specialAttacks, specialTalents, specialQualities: { name, nature, text }[]   (SA, ST, SQ)
 * description, strategy: html
 * ```
 */
import { DAMAGE_TYPES, NPC_TIERS, SIZES, WEAPON_CATEGORIES } from "../../rules/vocabulary";
import { ABILITY_NATURES, BOUNDS, CLASS_SUITS, MOVEMENT_MODES } from "../constants";
import { choice, flag, html, integer, optionalInteger, perSuit, riders, text } from "../fields";

/** SU-3: the human average, a fair blank stat block. */
const INITIAL_CARD = 6;

function ability() {
  const fields = foundry.data.fields;
  return new fields.ArrayField(
    new fields.SchemaField({ name: text(), nature: choice(ABILITY_NATURES, "natural"), text: text() }),
    { required: true, initial: [] },
  );
}

export function defineNpcSchema() {
  const fields = foundry.data.fields;
  return {
    suits: new fields.SchemaField(
      perSuit(
        () =>
          new fields.SchemaField({
            value: integer(BOUNDS.card, INITIAL_CARD),
            drain: integer(BOUNDS.counter, 0),
            taint: integer(BOUNDS.counter, 0),
          }),
      ),
    ),
    chips: new fields.SchemaField(
      Object.fromEntries(
        CLASS_SUITS.map((suit) => [
          suit,
          new fields.SchemaField({ value: integer(BOUNDS.chips, 0), max: integer(BOUNDS.chips, 0) }),
        ]),
      ) as Record<
        (typeof CLASS_SUITS)[number],
        foundry.data.fields.SchemaField<{
          value: ReturnType<typeof integer>;
          max: ReturnType<typeof integer>;
        }>
      >,
    ),
    hp: new fields.SchemaField({
      value: integer(BOUNDS.chips, INITIAL_CARD),
      temp: integer(BOUNDS.chips, 0),
      max: optionalInteger(BOUNDS.chips),
    }),
    dr: integer(BOUNDS.resistance, 0),
    er: integer(BOUNDS.resistance, 0),
    size: choice(SIZES, "medium"),
    creatureType: text(),
    subtypes: text(),
    tier: choice(NPC_TIERS, "enemy"),
    cr: new fields.NumberField({ required: true, nullable: false, min: 0, max: 99, initial: 1 }),
    movement: new fields.SchemaField(
      Object.fromEntries(
        MOVEMENT_MODES.map((mode) => [mode, optionalInteger({ min: 0, max: 99 })]),
      ) as Record<(typeof MOVEMENT_MODES)[number], ReturnType<typeof optionalInteger>>,
    ),
    senses: text(),
    languages: text(),
    attacks: new fields.ArrayField(
      new fields.SchemaField({
        name: text(),
        category: choice(WEAPON_CATEGORIES, "light"),
        damageType: choice(DAMAGE_TYPES, "physical"),
        reach: integer({ min: 1, max: 2 }, 1),
        brawling: flag(),
        nature: choice(ABILITY_NATURES, "natural"),
        riders: riders(),
        notes: text(),
      }),
      { required: true, initial: [] },
    ),
    specialAttacks: ability(),
    specialTalents: ability(),
    specialQualities: ability(),
    description: html(),
    strategy: html(),
  };
}
export type NpcSchema = ReturnType<typeof defineNpcSchema>;

export class NpcData extends foundry.abstract.TypeDataModel<NpcSchema, Actor.Implementation> {
  static override defineSchema(): NpcSchema {
    return defineNpcSchema();
  }
}
