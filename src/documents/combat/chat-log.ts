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
  ClosingBegan: "topic:closing",
  RoundClosed: "topic:closing",
  ChallengeWon: "topic:heldDice",
  ChallengeLost: "topic:heldDice",
  Soaked: "topic:ones",
  LostActionBurn: "topic:marginSpecialResults",
  LostMinorAction: "topic:marginSpecialResults",
  OngoingTick: "topic:ongoingDamage",
  AdrenalineGrit: "topic:grit",
};

/** The line of a log key, with its rule link when the key names a rule. */
export function logLine(key: string, text: string, localize: (key: string) => string): LogLine {
  const rule = LOG_RULES[key];
  return { text, ruleHtml: rule ? ruleLinkHtml(rule, localize(ruleLabelKey(rule))) : null };
}

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe for HTML: names and localized lines are user data. */
export function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}

/** The chat content of combat log lines: one escaped list item per line, then its rule link if any. */
export function combatLogHtml(lines: readonly (string | LogLine)[]): string {
  const item = (l: string | LogLine) =>
    typeof l === "string"
      ? `<li>${escapeText(l)}</li>`
      : `<li>${escapeText(l.text)}${l.ruleHtml ? ` <span class="log-rule">(${l.ruleHtml})</span>` : ""}</li>`;
  return `<ul class="zilch combat-log">${lines.map(item).join("")}</ul>`;
}
