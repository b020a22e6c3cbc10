/**
 * Talents and Boons (RULES.md §4, TL-1 to TL-6): how many Talents a character may hold, the
 * slow-start allowance and the Boons it leaves.
 */
import { SKILL_BONUS, STEPS_PER_SKILL_TALENT, type SkillTalentMode } from "./skills";

/** SET-1 `talentFormula`: TL-1 (inherent Knowledge) or TL-2 (half the inherent ♦ primary). */
export const TALENT_FORMULAS = ["secondaryDiamonds", "halfPrimaryDiamonds"] as const;
export type TalentFormula = (typeof TALENT_FORMULAS)[number];

/** RA-2: Humans gain one Talent. */
export const HUMAN_EXTRA_TALENTS = 1;

export interface TalentMaxInput {
  /** SU-6: inherent Knowledge (secondary ♦), base + race. */
  inherentKnowledge: number;
  /** SU-6: inherent ♦ primary, base + race. */
  inherentDiamonds: number;
  formula?: TalentFormula;
  human?: boolean;
  /** TL-4: armour proficiency steps traded at creation, +1 each. */
  armorTrades?: number;
}

/**
 * TL-1, TL-2, TL-4: talentsMax from inherent values only (drain, spells and items never change
 * it): Knowledge, or floor(♦/2); +1 Human; +1 per traded armour step. A negative card gives 0.
 */
export function talentsMax(input: TalentMaxInput): number {
  const base =
    (input.formula ?? "secondaryDiamonds") === "secondaryDiamonds"
      ? input.inherentKnowledge
      : Math.floor(input.inherentDiamonds / 2);
  const trades = input.armorTrades ?? 0;
  if (!Number.isInteger(trades) || trades < 0)
    throw new RangeError(`armour trades must be ≥ 0, got ${trades}`);
  return Math.max(0, base) + (input.human ? HUMAN_EXTRA_TALENTS : 0) + trades;
}

export interface TalentsSpentInput {
  mode?: SkillTalentMode;
  /** The bonus of each skill taken with Talents (race-granted free skills excluded, RA-3). */
  skillBonuses: readonly number[];
  knacks: number;
}

/**
 * TL-3, SK-2: Talents used: one per skill (plusFive) or one per five +1 steps, rounded up
 * (fivePlusOnes), plus one per knack.
 */
export function talentsSpent(input: TalentsSpentInput): number {
  const mode = input.mode ?? "plusFive";
  for (const bonus of input.skillBonuses) {
    const max = mode === "plusFive" ? SKILL_BONUS : STEPS_PER_SKILL_TALENT;
    const min = mode === "plusFive" ? SKILL_BONUS : 1;
    if (!Number.isInteger(bonus) || bonus < min || bonus > max) {
      throw new RangeError(`a ${mode} skill bonus must be ${min}–${max}, got ${bonus}`);
    }
  }
  const skillTalents =
    mode === "plusFive"
      ? input.skillBonuses.length
      : Math.ceil(input.skillBonuses.reduce((sum, b) => sum + b, 0) / STEPS_PER_SKILL_TALENT);
  return skillTalents + input.knacks;
}

/** TL-5: at level 1, floor(max/2) Talents may be bought; each later level allows one more, up to max. */
export function slowStartAllowance(max: number, level: number): number {
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`level must be ≥ 1, got ${level}`);
  return Math.min(max, Math.floor(max / 2) + level - 1);
}

/** TL-6: Boons = talentsMax − talentsBought, at least 0 (slots not reached and slots left unbought). */
export function boonsMax(max: number, bought: number): number {
  return Math.max(0, max - bought);
}

/** TL-6: a Boon adds +2 to a test target, an attack total or a defence total. */
export const BOON_BONUS = 2;

/** TL-6: at most one Boon per action (a 2WF Full action is one action). */
export const BOONS_PER_ACTION = 1;

/** TL-6: whether `count` Boons may be spent on one action with `held` tokens. */
export function boonSpendAllowed(count: number, held: number): boolean {
  return Number.isInteger(count) && count >= 0 && count <= BOONS_PER_ACTION && count <= held;
}
