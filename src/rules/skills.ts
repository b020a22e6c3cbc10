/**
 * Skills (RULES.md §4, SK-1 to SK-5): the skill list with the card each use reads, and the rule that
 * only the single highest skill bonus applies to a test.
 */
import type { CardRef } from "./suits";
import type { DegreeOfSuccess, Suit } from "./vocabulary";

/** SK-1: a skill adds +5 to the target for the uses it covers. */
export const SKILL_BONUS = 5;

/** SET-1 `skillTalentMode`: SK-1 (+5 per skill) or SK-2 (five +1 steps per Skill Talent). */
export const SKILL_TALENT_MODES = ["plusFive", "fivePlusOnes"] as const;
export type SkillTalentMode = (typeof SKILL_TALENT_MODES)[number];

/** SK-2: steps one Skill Talent buys, which is also the most one skill may hold. */
export const STEPS_PER_SKILL_TALENT = 5;

const p = (suit: Suit): CardRef => ({ suit, card: "primary" });
const s = (suit: Suit): CardRef => ({ suit, card: "secondary" });
const STRENGTH = s("clubs");
const CUNNING = s("spades");
const KNOWLEDGE = s("diamonds");
const CHARISMA = s("hearts");

/**
 * SK-3: one use of a skill and the cards it may read, the first pre-selected in the roll dialog
 * (the user may override). An empty list means the GM names the card.
 */
export interface SkillUse {
  key: string;
  cards: readonly CardRef[];
}

export interface SkillEntry {
  /** SK-1: Language is taken once per language; every other skill once. */
  repeatable: boolean;
  uses: readonly SkillUse[];
}

const use = (key: string, ...cards: CardRef[]): SkillUse => ({ key, cards });
const once = (...uses: SkillUse[]): SkillEntry => ({ repeatable: false, uses });
const knowledge = once(use("recall", KNOWLEDGE));

/**
 * SK-3: the skill list. Names and uses are [001]; the cards are the RULES.md [design]
 * reconstruction. Craft / Profession is one skill per trade (also Perform, Disguise, Forgery,
 * Appraise), so it is repeatable like Language.
 */
export const SKILLS = {
  acrobatics: once(use("tumble", p("spades"))),
  animalHandling: once(
    use("control", p("spades")),
    use("ride", p("clubs")),
    use("calm", CHARISMA),
    use("train", p("diamonds")),
  ),
  athletics: once(
    use("climb", STRENGTH),
    use("jump", STRENGTH),
    use("swim", STRENGTH),
    use("run", STRENGTH),
    use("stamina", p("hearts")),
  ),
  bluff: once(use("deceive", CUNNING, CHARISMA)),
  burglary: once(use("security", p("spades"), KNOWLEDGE), use("planHeist", p("diamonds"))),
  craft: { repeatable: true, uses: [use("practise")] },
  diplomacy: once(use("persuade", CHARISMA), use("debate", p("diamonds"))),
  examine: once(use("search", CUNNING), use("appraise", KNOWLEDGE, CUNNING)),
  firstAid: once(use("treat", KNOWLEDGE)),
  gossip: once(use("gather", CHARISMA), use("streetwise", CUNNING)),
  intimidate: once(use("intimidate", p("clubs"), CHARISMA)),
  knowledgeArcane: knowledge,
  knowledgeDivine: knowledge,
  knowledgeGeography: knowledge,
  knowledgeHistory: knowledge,
  knowledgeNature: knowledge,
  knowledgePlanes: knowledge,
  knowledgeSocial: knowledge,
  language: { repeatable: true, uses: [] },
  notice: once(use("sense", CUNNING)),
  readPerson: once(use("read", CUNNING), use("tactics", p("clubs"))),
  sleightOfHand: once(use("palm", p("spades"))),
  spellcraft: once(use("identify", KNOWLEDGE)),
  stealth: once(use("hide", CUNNING), use("shadow", CUNNING, CHARISMA)),
  survival: once(use("survive", p("clubs"))),
} as const satisfies Record<string, SkillEntry>;
export type SkillKey = keyof typeof SKILLS;
export const SKILL_KEYS = Object.keys(SKILLS) as SkillKey[];

/** SK-3: the card the roll dialog pre-selects for a use, or null when the GM names it. */
export function defaultCard(skill: SkillKey, useKey: string): CardRef | null {
  const found = (SKILLS[skill].uses as readonly SkillUse[]).find((u) => u.key === useKey);
  if (!found) throw new RangeError(`${skill} has no use "${useKey}"`);
  return found.cards[0] ?? null;
}

/** SK-4: a custom skill: free-text scope, ticked in the roll dialog when it applies. */
export interface CustomSkill {
  key: string;
  scope: string;
}

/** SK-4, RA-2: Stonecunning, the Dwarf's free custom skill (Craft, Examine or Knowledge involving stone). */
export const STONECUNNING: CustomSkill = { key: "stonecunning", scope: "stone" };

/** SK-1, SK-2: the bonus one skill gives: +5, or its +1 steps (at most 5) under fivePlusOnes. */
export function skillRankBonus(mode: SkillTalentMode, steps = STEPS_PER_SKILL_TALENT): number {
  if (mode === "plusFive") return SKILL_BONUS;
  if (!Number.isInteger(steps) || steps < 0 || steps > STEPS_PER_SKILL_TALENT) {
    throw new RangeError(`a skill holds 0–${STEPS_PER_SKILL_TALENT} steps, got ${steps}`);
  }
  return steps;
}

/** SK-1, SK-2: only one skill bonus applies to a test: the highest applicable, never a sum. */
export function skillBonus(applicable: readonly number[]): number {
  return applicable.reduce((best, b) => Math.max(best, b), 0);
}

/** SK-5: with "untrained: cap at F" ticked, a success counts as a plain failure. */
export function capUntrained(dos: DegreeOfSuccess, capped: boolean): DegreeOfSuccess {
  return capped && (dos === "CS" || dos === "S") ? "F" : dos;
}
