/**
 * Combat log lines that name a rule carry a link to it (src/documents/combat/chat-log.ts LOG_RULES),
 * names stay escaped, and every mapped line is a real log line with a linkable rule.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  COMBAT_LOG_TEMPLATE,
  combatLogContext,
  LOG_RULES,
  logLine,
  type LogLine,
} from "../../src/documents/combat/chat-log";
import { createRenderer } from "../templates/harness";
import { RULE_LINKS, rulePageUuid } from "../../src/data/rules-links";
import { localize } from "../support/i18n";

const chatKeys = Object.keys(
  (
    JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "lang", "en.json"), "utf8")) as {
      ZILCH: { Combat: { Chat: Record<string, string> } };
    }
  ).ZILCH.Combat.Chat,
);

/** The combat log as Foundry renders it: the lines' context through templates/chat/combat-log.hbs. */
const renderer = createRenderer();
const combatLogHtml = (lines: readonly (string | LogLine)[]) =>
  renderer.render(COMBAT_LOG_TEMPLATE, combatLogContext(lines));

describe("rule links in the combat log", () => {
  it("maps only real log lines to rules the table links", () => {
    for (const [key, rule] of Object.entries(LOG_RULES)) {
      expect(chatKeys, key).toContain(key);
      expect(RULE_LINKS, rule).toHaveProperty([rule]);
    }
  });

  it("follows a Stun line with a link to Stunned, and leaves other lines plain", () => {
    const html = combatLogHtml([
      logLine("StunRemains", "<b>Ana</b> is still Stunned", localize),
      logLine("Called", "Bo is called", localize),
      "Round 2",
    ]);
    expect(html).toBe(
      `<ul class="zilch combat-log"><li>&lt;b&gt;Ana&lt;/b&gt; is still Stunned <span class="log-rule">(` +
        `<a class="content-link zilch-rule-link" data-link data-type="JournalEntryPage" data-uuid="${rulePageUuid("conditions")}" data-hash="stunned">Stunned</a>` +
        `)</span></li><li>Bo is called</li><li>Round 2</li></ul>`,
    );
  });
});
