import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { NPC_PARTS, NPC_SIZE } from "../../src/applications/sheets/shared/constants";
import { bestiaryNpc } from "../templates/bestiary-fixtures";

/**
 * Bestiary entries on the NPC sheet in headless Chromium, light and dark: the elder
 * dragon (three attacks, chips, fear and its Fear save button) and the goblin (weapon and armour items)
 * at the sheet's default size. Nothing overflows or overlaps, no serious axe violation, no console
 * error; screenshots go to test-results/bestiary-*.png.
 */
const available = browserAvailable();
const renderer = createRenderer();
const sheetHtml = (slug: string) =>
  Object.values(NPC_PARTS)
    .map((template) => renderer.render(template, bestiaryNpc(slug)))
    .join("\n");

describe.runIf(available)("bestiary creatures on the NPC sheet in Chromium", () => {
  const browser = useBrowser();
  for (const slug of ["elder-dragon", "goblin"])
    for (const theme of THEMES)
      it(`${slug} (${theme})`, async () => {
        await expectCleanView(
          browser(),
          `bestiary-${slug}-${theme}`,
          {
            html: sheetHtml(slug),
            theme,
            ...NPC_SIZE,
            windowClass: `zilch sheet actor npc theme-${theme}`,
          },
          async (page) => {
            if (slug !== "elder-dragon") return;
            const button = page.getByRole("button", { name: "Fear save" });
            expect(await button.isVisible()).toBe(true);
            expect(await page.locator(".tag.fear").textContent()).toContain("Fell");
          },
        );
      });
});
