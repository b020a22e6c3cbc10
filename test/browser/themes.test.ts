import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, useBrowser, type Theme } from "./harness";
import { createRenderer } from "../templates/harness";
import { CHARACTER_PARTS, CHARACTER_SIZE } from "../../src/applications/sheets/shared/constants";
import { TEST_CARD_TEMPLATE } from "../../src/dice/chat-cards";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import * as fx from "../templates/fixtures";

/**
 * v13 themes the interface (the body) and each application apart, and a sheet's own class can
 * override both (FOUNDRY-FACTS §7, "Themes"): the nearest theme decides the colours, so a dark sheet
 * on a light interface, or a sheet forced light on a dark one, stays readable (axe colour contrast).
 */
const available = browserAvailable();
const renderer = createRenderer();
const INK: Record<Theme, string> = { light: "#1d1a16", dark: "#ece6da" };
const other = (theme: Theme): Theme => (theme === "light" ? "dark" : "light");

const sheetHtml = () =>
  Object.values(CHARACTER_PARTS)
    .map((template) =>
      renderer.render(template, characterContext({ ...fx.fullCharacterInput(), activeTab: "suits" })),
    )
    .join("\n");

describe.runIf(available)("mixed interface and sheet themes in Chromium", () => {
  const browser = useBrowser();
  for (const sheet of ["light", "dark"] as const) {
    const body = other(sheet);
    it(`a ${sheet} character sheet on a ${body} interface uses the sheet's colours and stays readable`, async () => {
      await expectCleanView(
        browser(),
        `theme-${sheet}-sheet-on-${body}`,
        {
          html: sheetHtml(),
          theme: body,
          ...CHARACTER_SIZE,
          windowClass: `zilch sheet actor character themed theme-${sheet}`,
        },
        async (page) => {
          const ink = await page.evaluate(() =>
            getComputedStyle(document.querySelector(".window")!).getPropertyValue("--zilch-ink").trim(),
          );
          expect(ink).toBe(INK[sheet]);
        },
      );
    });

    it(`a chat card in a ${sheet} panel on a ${body} interface follows the panel`, async () => {
      await expectCleanView(
        browser(),
        `theme-${sheet}-card-on-${body}`,
        {
          html: renderer.render(TEST_CARD_TEMPLATE, fx.testCard()),
          theme: body,
          width: 300,
          height: 260,
          windowClass: `themed theme-${sheet}`,
        },
        async (page) => {
          const ink = await page.evaluate(() =>
            getComputedStyle(document.querySelector(".window .zilch")!)
              .getPropertyValue("--zilch-ink")
              .trim(),
          );
          expect(ink).toBe(INK[sheet]);
        },
      );
    });
  }
});
