/**
 * The one markup of the combat's public chat lines, so every post (round log, Grit, ticks, saves,
 * challenges, the encounter's end) looks alike and none forgets to escape a creature's name.
 */

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

/** The chat content of combat log lines: one escaped list item per line. */
export function combatLogHtml(lines: readonly string[]): string {
  return `<ul class="zilch combat-log">${lines.map((l) => `<li>${escapeText(l)}</li>`).join("")}</ul>`;
}
