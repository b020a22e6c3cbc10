import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { attackCardContext } from "../../src/dice/attack-card";
import { attackScenes, ATTACKER_VIEW, DEFENDER_VIEW, GM_VIEW } from "../templates/attack-fixtures";

/**
 * The attack card at each step, in the chat sidebar's width, with the built CSS, in both themes:
 * nothing overflows, controls visible and labelled, no serious axe violation, no console error.
 */
const available = browserAvailable();
const renderer = createRenderer();
const scenes = attackScenes();
const shown: [string, keyof typeof scenes, typeof GM_VIEW | null][] = [
  ["attacker-window", "attackerWindow", ATTACKER_VIEW],
  ["defender-window", "defenderWindow", DEFENDER_VIEW],
  ["apply", "apply", GM_VIEW],
  ["shift", "shift", ATTACKER_VIEW],
  ["finished", "injured", null],
  ["missed", "missed", null],
  ["soak", "soakable", GM_VIEW],
  ["soaked", "soaked", null],
  ["movement", "detailed", GM_VIEW],
  ["margin", "margin", ATTACKER_VIEW],
  ["margin-chosen", "marginChosen", null],
  ["special-contest", "special", GM_VIEW],
  ["special-defender", "special", DEFENDER_VIEW],
  ["bullrush-won", "bullrushWon", null],
  ["disarm-won", "disarmWon", null],
  ["grapple-victim", "grappleHeld", DEFENDER_VIEW],
  ["grapple-controller", "grapplePinned", ATTACKER_VIEW],
  ["grapple-gm", "grappleHeld", GM_VIEW],
  ["grapple-escaped", "grappleEscaped", null],
  ["grit-wound-save", "gritWound", GM_VIEW],
  ["grit-saved", "gritSaved", null],
  ["grit-dead", "gritDead", null],
  ["grit-knocked-out", "gritKnockedOut", null],
  ["react-window", "reactWindow", DEFENDER_VIEW],
  ["react-dodged", "dodged", DEFENDER_VIEW],
  ["react-parried", "parried", null],
  ["modifiers", "modified", ATTACKER_VIEW],
];

describe.runIf(available)("attack card in Chromium", () => {
  const browser = useBrowser();

  for (const [name, scene, viewer] of shown) {
    for (const theme of THEMES) {
      it(`${name} / ${theme}: no overflow, controls labelled, no serious axe violation`, async () => {
        // Link names compared in English, as the GM's client compares them in its language.
        const english = (key: string) => renderer.renderSource("{{localize key}}", { key });
        const html = renderer.render(
          "chat/attack-card.hbs",
          attackCardContext(scenes[scene], viewer, english),
        );
        const options = { html, theme, width: 300, height: 700, windowClass: "sidebar chat" };
        await expectCleanView(browser(), `attack-card-${name}-${theme}`, options, async (page) => {
          expect(await page.locator(".attack-card").count()).toBe(1);
          if (viewer) expect(await page.locator(".attack-card button").count()).toBeGreaterThan(0);
          // The buttons form one grid of equal widths.
          const widths = await page
            .locator(".attack-controls button")
            .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
          if (widths.length > 1)
            expect(
              Math.max(...widths) - Math.min(...widths),
              `${name}: button widths ${widths.join(", ")}`,
            ).toBeLessThanOrEqual(1);
        });
      });
    }
  }
});
