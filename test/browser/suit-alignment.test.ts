import { describe, expect, it } from "vitest";
import { browserAvailable, show, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { CHARACTER_PARTS, CHARACTER_SIZE } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import * as fx from "../templates/fixtures";

/**
 * The suit cards side by side in a row line up: each card's title and card pair start at the same
 * height as its neighbour's, whatever the other card holds below them (a chip track, a lowered mark).
 */
const available = browserAvailable();
const renderer = createRenderer();

describe.runIf(available)("suit cards in a row", () => {
  const browser = useBrowser();
  for (const theme of THEMES)
    for (const full of [true, false])
      it(`line up their cards (${full ? "full" : "new"} character, ${theme})`, async () => {
        const input = full ? fx.fullCharacterInput() : fx.emptyCharacterInput();
        const html = Object.values(CHARACTER_PARTS)
          .map((t) => renderer.render(t, characterContext({ ...input, activeTab: "suits" })))
          .join("\n");
        const { page } = await show(browser(), {
          html,
          theme,
          ...CHARACTER_SIZE,
          windowClass: `zilch sheet actor character theme-${theme}`,
        });
        try {
          const tops = await page.$$eval(".suit-card", (cards) =>
            cards.map((card) => {
              const own = (sel: string) =>
                (card.querySelector(sel)?.getBoundingClientRect().top ?? NaN) -
                card.getBoundingClientRect().top;
              return { title: own(".suit-title"), cards: own(".cards"), modifiers: own(".modifiers") };
            }),
          );
          expect(tops).toHaveLength(4);
          // Clubs beside Spades, Diamonds beside Hearts: the same offsets inside each card.
          for (const [a, b] of [
            [0, 1],
            [2, 3],
          ] as const)
            // In play a suit with nothing to modify has no modifiers line, so only those both show are compared.
            for (const key of ["title", "cards", "modifiers"] as const)
              if (!Number.isNaN(tops[a]![key]) && !Number.isNaN(tops[b]![key]))
                expect(
                  Math.abs(tops[a]![key] - tops[b]![key]),
                  `${key} of cards ${a} and ${b}`,
                ).toBeLessThanOrEqual(1);
        } finally {
          await page.close();
        }
      });
});
