/**
 * The `race` item (RA-1, RA-2). Stored shape:
 * ```
 * description: html
 * key: RACES | null                 (null for a custom race)
 * modifiers: { clubs, spades, diamonds, hearts: int -5..5 }   (both cards of the suit, RA-1)
 * choiceBonus: int 0-5              (Human: +1 to one suit chosen at creation)
 * chosenSuit: SUITS | null          (where the choice bonus went; null until chosen)
 * size: SIZES                       (SZ-1)
 * extraTalents: int 0-5             (Human +1 Talent, TL-1)
 * vision: "normal" | "lowLight" | "darkvision"
 * traits: string                    (saves and test bonuses, as text; the player adds them in the roll dialog, RA-3)
 * freeSkills: string[]              (names of skills granted, e.g. Stonecunning)
 * ```
 */
import { RACES, SIZES, SUITS } from "../../rules/vocabulary";
import { BOUNDS, VISIONS } from "../constants";
import { choice, html, integer, optionalChoice, perSuit, text } from "../fields";

export function defineRaceSchema() {
  const fields = foundry.data.fields;
  return {
    description: html(),
    key: optionalChoice(RACES),
    modifiers: new fields.SchemaField(perSuit(() => integer(BOUNDS.raceModifier, 0))),
    choiceBonus: integer({ min: 0, max: BOUNDS.raceModifier.max }, 0),
    chosenSuit: optionalChoice(SUITS),
    size: choice(SIZES, "medium"),
    extraTalents: integer({ min: 0, max: 5 }, 0),
    vision: choice(VISIONS, "normal"),
    traits: text(),
    freeSkills: new fields.ArrayField(text(), { required: true, initial: [] }),
  };
}
export type RaceSchema = ReturnType<typeof defineRaceSchema>;

export class RaceData extends foundry.abstract.TypeDataModel<RaceSchema, Item.Implementation> {
  static override defineSchema(): RaceSchema {
    return defineRaceSchema();
  }
}
