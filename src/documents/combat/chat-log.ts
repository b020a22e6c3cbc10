/**
 * The one markup of the combat's public chat lines, so every post (round log, Grit, ticks, saves,
 * challenges, the encounter's end) looks alike and none forgets to escape a creature's name.
 */
import { ruleLabelKey, ruleLinkHtml } from "../../data/rules-links";

/** A log line with a link to the rule it names (HTML from ruleLinkHtml, which escapes its label). */
export interface LogLine {
  text: string;
  ruleHtml: string | null;
}

/**
 * The rule a round-log line names (ZILCH.Combat.Chat.<key> → a src/data/rules-links.ts key), so a
 * player reading "Ana is still Stunned" or "The round is Closing" is one click from the rule.
 */
export const LOG_RULES: Readonly<Record<string, string>> = {
  StunSave: "stunned",
  StunRecovered: "stunned",
  StunRemains: "stunned",
  StanceForcedCautious: "stunned",
  ClosingBegan: "topic:closing",
  RoundClosed: "topic:closing",
  ChallengeWon: "topic:heldDice",
  ChallengeLost: "topic:heldDice",
  Soaked: "topic:ones",
  ReactiveDefence: "topic:ones",
  LostActionBurn: "topic:marginSpecialResults",
  InjuryBurn: "topic:injuries",
  LostMinorAction: "topic:marginSpecialResults",
  OngoingTick: "topic:ongoingDamage",
  AdrenalineGrit: "topic:grit",
  OpportunityOffered: "topic:grit",
};

/** The line of a log key, with its rule link when the key names a rule. */
export function logLine(key: string, text: string, localize: (key: string) => string): LogLine {
  const rule = LOG_RULES[key];
  return { text, ruleHtml: rule ? ruleLinkHtml(rule, localize(ruleLabelKey(rule))) : null };
}

export const COMBAT_LOG_TEMPLATE = "systems/zilch/templates/chat/combat-log.hbs";

/**
 * The template's context: one entry per line, its text (escaped by the template) and its rule link
 * (HTML from ruleLinkHtml, which escapes its own label, inserted as it is).
 */
export function combatLogContext(lines: readonly (string | LogLine)[]): { lines: LogLine[] } {
  return { lines: lines.map((l) => (typeof l === "string" ? { text: l, ruleHtml: null } : l)) };
}

/** The chat content of combat log lines, rendered from templates/chat/combat-log.hbs. */
export function renderCombatLog(lines: readonly (string | LogLine)[]): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(COMBAT_LOG_TEMPLATE, combatLogContext(lines));
}

export const OPPORTUNITY_TEMPLATE = "systems/zilch/templates/chat/opportunity.hbs";

/**
 * The post's template context: one line per offer, its text (escaped by the template), its rule link
 * (HTML from ruleLinkHtml, which escapes its own label) and the offer's id on its Take button. Every
 * client's render keeps only the buttons of the offers its own user holds.
 */
export function opportunityPostContext(
  lines: readonly (LogLine & { id: string })[],
  take: string,
): { offers: (LogLine & { id: string })[]; take: string } {
  return { offers: [...lines], take };
}
