import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { logLine, OPPORTUNITY_TEMPLATE, opportunityPostContext } from "../../src/documents/combat/chat-log";
import { localize } from "../support/i18n";

/**
 * GW-4: the opportunity attack's post in the chat sidebar's width, with the built CSS, in both themes,
 * as a holder's client keeps it (one Take button per offer): nothing overflows, each button is a
 * labelled `type="button"`, no serious axe violation, no console error.
 */
const available = browserAvailable();
const renderer = createRenderer();

const line = (id: string, name: string) => ({
  id,
  ...logLine(
    "OpportunityOffered",
    localize("ZILCH.Combat.Chat.OpportunityOffered", { name, target: "Ana the Unbowed" }),
    (key) => localize(key),
  ),
});

describe.runIf(available)("the opportunity attack's post in Chromium", () => {
  const browser = useBrowser();

  for (const theme of THEMES) {
    it(`two offers / ${theme}: no overflow, Take buttons labelled, no serious axe violation`, async () => {
      const context = opportunityPostContext(
        [line("0123456789abcdef", "Orc"), line("fedcba9876543210", "Orc chieftain with a long name")],
        localize("ZILCH.Combat.Chat.OpportunityTake"),
      );
      const html = renderer.render(OPPORTUNITY_TEMPLATE, context);
      const options = { html, theme, width: 300, height: 400, windowClass: "sidebar chat" };
      await expectCleanView(browser(), `opportunity-post-${theme}`, options, async (page) => {
        const buttons = page.locator('button[data-action="takeOpportunity"]');
        expect(await buttons.count()).toBe(2);
        expect(await buttons.evaluateAll((els) => els.map((e) => e.getAttribute("type")))).toEqual([
          "button",
          "button",
        ]);
        expect(await buttons.first().textContent()).toBe(localize("ZILCH.Combat.Chat.OpportunityTake"));
      });
    });
  }
});
