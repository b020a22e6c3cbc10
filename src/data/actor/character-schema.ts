/**
 * The `character` actor's stored fields (the shape drawn at the head of ./character.ts), each bounded
 * (src/data/constants.ts BOUNDS) and built from the rules' vocabulary.
 */
import { CLASSES, SIZES } from "../../rules/vocabulary";
import { BOUNDS, CLASS_SUITS, ENCUMBRANCE } from "../constants";
import { actorStateFields, choice, flag, html, integer, perSuit, suitCounters } from "../fields";

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
            ...suitCounters(),
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
    ...actorStateFields(),
    biography: html(),
    notes: html(),
    // GEN-4: true for every character made before the guide had a Ready step and for the samples;
    // ZilchActor#_preCreate stores false on a character created blank, until "Ready to play".
    started: flag(true),
  };
}
export type CharacterSchema = ReturnType<typeof defineCharacterSchema>;
