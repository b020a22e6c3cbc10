/**
 * The `character` actor: a player character (SU, CH, CL, TL, HP, DRN). Stored shape:
 * ```
 * suits: { clubs | spades | diamonds | hearts: {
 *   primary: int 0-30, secondary: int 0-30   (SU-1, SU-3: base values before race, effects and drain)
 *   drain: int 0-30, taint: int 0-30         (DRN-1, DRN-5)
 * } }
 * chips: { clubs, spades, diamonds: int 0-40 }   (CH-1 class chips; ♥ chips are `hp`)
 * hp: { value: int 0-40, temp: int 0-40 }        (HP-1; the maximum is derived)
 * classes: Set<CLASSES>                          (CL-1; CL-3 at most one Spellcaster type)
 * size: SIZES                                    (SZ-1; set from the race when one is dropped)
 * boons: int 0-30                                (TL-6 tokens)
 * talents: { level: int 1-20, armorTrades: int 0-3 }   (TL-5 slow start, TL-4 trades)
 * encumbrance: "normal" | "exceptional" | "barelyLift"  (EQ-12 GM toggle)
 * recovery: { rallyUsed: boolean, restsToday: int 0-2 }   (REC-1, REC-2)
 * biography, notes: html
 * ```
 * Race, skills, knacks, equipment, injuries and spells are embedded items.
 */
import { CLASSES, SIZES, SPELLCASTER_TYPES } from "../../rules/vocabulary";
import { BOUNDS, CLASS_SUITS, ENCUMBRANCE } from "../constants";
import { choice, flag, html, integer, perSuit } from "../fields";

/** GEN-1: every card starts at pointBuyBase (default 4). */
const INITIAL_CARD = 4;

export function defineCharacterSchema() {
  const fields = foundry.data.fields;
  return {
    suits: new fields.SchemaField(
      perSuit(
        () =>
          new fields.SchemaField({
            primary: integer(BOUNDS.card, INITIAL_CARD),
            secondary: integer(BOUNDS.card, INITIAL_CARD),
            drain: integer(BOUNDS.counter, 0),
            taint: integer(BOUNDS.counter, 0),
          }),
      ),
    ),
    chips: new fields.SchemaField(
      Object.fromEntries(CLASS_SUITS.map((suit) => [suit, integer(BOUNDS.chips, 0)])) as Record<
        (typeof CLASS_SUITS)[number],
        ReturnType<typeof integer>
      >,
    ),
    hp: new fields.SchemaField({
      value: integer(BOUNDS.chips, INITIAL_CARD),
      temp: integer(BOUNDS.chips, 0),
    }),
    classes: new fields.SetField(choice(CLASSES, "fighter"), { required: true, initial: [] }),
    size: choice(SIZES, "medium"),
    boons: integer(BOUNDS.counter, 0),
    talents: new fields.SchemaField({
      level: integer(BOUNDS.level, 1),
      armorTrades: integer({ min: 0, max: 3 }, 0),
    }),
    encumbrance: choice(ENCUMBRANCE, "normal"),
    recovery: new fields.SchemaField({
      rallyUsed: flag(),
      restsToday: integer({ min: 0, max: 2 }, 0),
    }),
    biography: html(),
    notes: html(),
  };
}
export type CharacterSchema = ReturnType<typeof defineCharacterSchema>;

export class CharacterData extends foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation> {
  static override defineSchema(): CharacterSchema {
    return defineCharacterSchema();
  }

  /** CL-3: a character may take several classes, but at most one Spellcaster type. */
  static override validateJoint(data: Record<string, unknown>): void {
    const classes = [...((data.classes as Iterable<string> | undefined) ?? [])];
    const casters = classes.filter((c) => (SPELLCASTER_TYPES as readonly string[]).includes(c));
    if (casters.length > 1) throw new Error(`CL-3: at most one Spellcaster type (got ${casters.join(", ")})`);
  }
}

