/**
 * The character sheet from the keyboard, in Chromium with the built CSS, light and dark: a chip track
 * is one tab stop whose arrow keys, Home and End move along it (the sheet's own handler,
 * src/applications/sheets/controls/chip-keys.ts, run in the page); a card is reached once, by its Roll button
 * (its name button is for the mouse); and axe at every impact, heading-order included, finds nothing
 * on any tab (each tab panel has its h2 over its h3 sections).
 */
import { describe, expect, it } from "vitest";
import { axeViolations, browserAvailable, screenshot, show, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import {
  CHARACTER_PARTS,
  CHARACTER_SIZE,
  CHARACTER_TABS,
  type CharacterTab,
} from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import {
  bindChipTracks,
  CHIP_TRACK_SELECTOR,
  moveChipFocus,
} from "../../src/applications/sheets/controls/chip-keys";
import * as fx from "../templates/fixtures";

const available = browserAvailable();
const renderer = createRenderer();
const window = { ...CHARACTER_SIZE, windowClass: "zilch sheet actor character" };

const SCRIPT = `
  const CHIP_TRACK_SELECTOR = ${JSON.stringify(CHIP_TRACK_SELECTOR)};
  const moveChipFocus = ${moveChipFocus.toString()};
  const bindChipTracks = ${bindChipTracks.toString()};
  window.zilchBindChips = () => bindChipTracks(document.querySelector(".window-content"));
`;

const sheetHtml = (tab: CharacterTab) =>
  Object.values(CHARACTER_PARTS)
    .map((template) =>
      renderer.render(template, characterContext({ ...fx.fullCharacterInput(false), activeTab: tab })),
    )
    .join("\n");

describe.runIf(available)("the character sheet from the keyboard", () => {
  const browser = useBrowser();

  for (const theme of THEMES)
    it(`a chip track is one tab stop moved along by the arrow keys; a card is one stop (${theme})`, async () => {
      const { page, consoleErrors } = await show(browser(), {
        ...window,
        theme,
        html: sheetHtml("suits"),
        script: SCRIPT,
      });
      await page.evaluate("window.zilchBindChips()");
      const clubs = page.locator(".suit-clubs .chip-track");
      // Brom holds 3 Clubs chips: the stop is the third.
      const stops = await clubs.locator('button.chip[tabindex="0"]').count();
      expect(stops).toBe(1);
      expect(await clubs.locator("button.chip").count()).toBeGreaterThan(3);
      const focusedIndex = () =>
        clubs.evaluate((track) =>
          [...track.querySelectorAll("button.chip")].indexOf(document.activeElement as Element),
        );
      await clubs.locator('button.chip[tabindex="0"]').focus();
      expect(await focusedIndex()).toBe(2);
      await page.keyboard.press("ArrowRight");
      expect(await focusedIndex()).toBe(3);
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      expect(await focusedIndex()).toBe(1);
      await page.keyboard.press("End");
      const last = (await clubs.locator("button.chip").count()) - 1;
      expect(await focusedIndex()).toBe(last);
      await page.keyboard.press("Home");
      expect(await focusedIndex()).toBe(0);
      expect(await clubs.locator('button.chip[tabindex="0"]').count()).toBe(1);
      // Tab leaves the track at once: the next stop is outside it.
      await page.keyboard.press("Tab");
      expect(await clubs.evaluate((track) => track.contains(document.activeElement))).toBe(false);
      // Each card is one stop: its name is not in the tab order, its Roll button is.
      const cardStops = await page
        .locator(".suit-card .card")
        .evaluateAll((cards) =>
          cards.map((card) => [...card.querySelectorAll("button")].filter((b) => b.tabIndex >= 0).length),
        );
      expect(cardStops.every((n) => n === 1)).toBe(true);
      await screenshot(page, `keyboard-chip-focus-${theme}`);
      expect(consoleErrors).toEqual([]);
      await page.close();
    });

  for (const theme of THEMES)
    it(`axe at every impact finds nothing on any tab, heading order included (${theme})`, async () => {
      for (const tab of CHARACTER_TABS) {
        const { page } = await show(browser(), { ...window, theme, html: sheetHtml(tab) });
        expect(await axeViolations(page), `${tab} ${theme}`).toEqual([]);
        await page.close();
      }
    });
});
