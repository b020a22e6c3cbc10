/**
 * The `skill` item (SK-1 to SK-4). Stored shape:
 * ```
 * description: html
 * scope: string           (SK-4 free-text scope of a custom skill; the language for Language)
 * bonus: int 0-5          (SK-1 +5; with fivePlusOnes, SK-2, the +1 steps on this skill)
 * uses: { use: string, card: CARDS }[]   (SK-3: what the skill covers and the card each use reads)
 * repeatable: boolean     (Language: taken once per language)
 * free: boolean           (granted by race, RA-2: not counted against the Talent maximum)
 * ```
 */
import { CARDS } from "../constants";
import { choice, flag, html, integer, text } from "../fields";

export function defineSkillSchema() {
  const fields = foundry.data.fields;
  return {
    description: html(),
    scope: text(),
    bonus: integer({ min: 0, max: 5 }, 5),
    uses: new fields.ArrayField(
      new fields.SchemaField({ use: text(), card: choice(CARDS, "clubs") }),
      { required: true, initial: [] },
    ),
    repeatable: flag(),
    free: flag(),
  };
}
export type SkillSchema = ReturnType<typeof defineSkillSchema>;

export class SkillData extends foundry.abstract.TypeDataModel<SkillSchema, Item.Implementation> {
  static override defineSchema(): SkillSchema {
    return defineSkillSchema();
  }
}
