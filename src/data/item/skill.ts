/**
 * The `skill` item (SK-1 to SK-4). Stored shape:
 * ```
 * description: html
 * key: SKILL_KEYS | null   (a skill of the SK-3 list; null for a custom skill, SK-4)
 * scope: string            (SK-4 free-text scope of a custom skill; the language or trade of a
 *                           repeatable one)
 * steps: int 0-5           (SK-2 fivePlusOnes: the +1 steps on this skill; plusFive ignores it)
 * free: boolean            (granted by race, RA-2: not counted against the Talent maximum)
 * card: CARD_KEYS | null    (the card the roll dialog pre-selects: a homebrew skill's, SK-4; null
 *                           for a listed skill's SK-3 card)
 * ```
 * Derived: `bonus` (SK-1/SK-2 with the world's skillTalentMode) and `repeatable` (SK-1).
 */
import {
  SKILL_KEYS,
  SKILL_TALENT_MODES,
  SKILLS,
  skillRankBonus,
  STEPS_PER_SKILL_TALENT,
} from "../../rules/skills";
import { CARD_KEYS } from "../../rules/roll-request";
import { flag, html, integer, optionalChoice, text, type NoBaseData } from "../fields";
import { worldChoice } from "../world";
import { migrateSkill } from "../migrations";

export function defineSkillSchema() {
  return {
    description: html(),
    key: optionalChoice(SKILL_KEYS),
    scope: text(),
    steps: integer({ min: 0, max: STEPS_PER_SKILL_TALENT }, STEPS_PER_SKILL_TALENT),
    free: flag(),
    // SK-4: a homebrew skill names its card; SK-3 lets the user override the pre-selected card anyway.
    card: optionalChoice(CARD_KEYS),
  };
}
export type SkillSchema = ReturnType<typeof defineSkillSchema>;
type SkillDerived = { bonus: number; repeatable: boolean };

export class SkillData extends foundry.abstract.TypeDataModel<
  SkillSchema,
  Item.Implementation,
  NoBaseData,
  SkillDerived
> {
  static override defineSchema(): SkillSchema {
    return defineSkillSchema();
  }

  /** Upgrades older sources (src/data/migrations.ts). */
  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateSkill(source));
  }

  override prepareDerivedData(): void {
    this.bonus = skillRankBonus(worldChoice("skillTalentMode", SKILL_TALENT_MODES, "plusFive"), this.steps);
    this.repeatable = this.key !== null && SKILLS[this.key].repeatable;
  }
}
