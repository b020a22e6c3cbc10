/**
 * SK-3, SK-4: the card the roll dialog pre-selects for a skill (the user may override it): the card
 * the skill item names (a homebrew skill's), else its listed skill's first use,
 * else Clubs (a skill whose card the GM names, like Craft).
 */
import { SKILLS, type SkillKey } from "../../../rules/skills";
import { cardKeyOf, type CardKey } from "../../../rules/roll-request";

export interface SkillCardSource {
  readonly key: SkillKey | null;
  readonly card: CardKey | null;
}

export function skillCardOf(skill: SkillCardSource): CardKey {
  if (skill.card) return skill.card;
  const first = skill.key && skill.key in SKILLS ? SKILLS[skill.key].uses[0]?.cards[0] : undefined;
  return first ? cardKeyOf(first) : "clubs";
}
