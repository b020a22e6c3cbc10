import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, show, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import {
  ATTACK_DIALOG_TEMPLATE,
  ATTACK_DIALOG_WIDTH,
  attackDialogContext,
} from "../../src/applications/combat/attack-dialog";

/**
 * AT-1: the attack declaration dialog at its width, with the built CSS, in both themes: its choices in
 * fieldsets with legends, each field on one label/control row, nothing overflowing, no serious axe
 * violation. Shown plain (a weapon's modes), with "More options" opened, and at its fullest (two
 * weapons and the GM's overrides).
 */
const available = browserAvailable();
const renderer = createRenderer();
const SIZE = { width: ATTACK_DIALOG_WIDTH, height: 640 };
const plain = () =>
  renderer.render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(["melee", "thrown", "special"], false, false));
const fullest = () =>
  renderer.render(
    ATTACK_DIALOG_TEMPLATE,
    attackDialogContext(["melee", "special"], true, true, [
      { id: "itmRight00000001", name: "Right short sword" },
    ]),
  );
/** Opens "More options" as a click on its summary would. */
const OPEN_MORE = `document.querySelector(".more-options").open = true;`;

const views = [
  { name: "plain", html: plain, script: undefined, height: SIZE.height },
  { name: "more-options", html: plain, script: OPEN_MORE, height: 820 },
  { name: "fullest", html: fullest, script: OPEN_MORE, height: 1100 },
] as const;

describe.runIf(available)("attack declaration dialog in Chromium", () => {
  const browser = useBrowser();

  for (const view of views)
    for (const theme of THEMES)
      it(`${view.name} / ${theme}: grouped, labelled, no overflow, no serious axe violation`, async () => {
        const options = {
          html: view.html(),
          theme,
          width: SIZE.width,
          height: view.height,
          windowClass: "dialog",
          frame: { title: "Attack with Greatsword" },
          script: view.script,
        };
        await expectCleanView(browser(), `attack-dialog-${view.name}-${theme}`, options, async (page) => {
          expect(await page.locator(".attack-dialog fieldset > legend").count()).toBeGreaterThanOrEqual(2);
          // Every label/control row puts its control in one column, whatever its label's length.
          const lefts = await page
            .locator(".attack-dialog .field:visible > :is(select, input)")
            .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
          expect(lefts.length).toBeGreaterThanOrEqual(3);
          expect(new Set(lefts).size, `control lefts ${lefts.join(", ")}`).toBe(1);
        });
      });

  it("closed, More options hides the rare choices; the common ones show without scrolling", async () => {
    const { page } = await show(browser(), {
      html: plain(),
      theme: "light",
      ...SIZE,
      windowClass: "dialog",
      frame: { title: "Attack with Greatsword" },
    });
    for (const name of ["knockout", "attackerMounted", "squareRight"])
      expect(await page.locator(`[name="${name}"]`).isVisible(), name).toBe(false);
    for (const name of ["mode", "aim", "cover", "visibility", "modifier", "calledShot"])
      expect(await page.locator(`[name="${name}"]`).isVisible(), name).toBe(true);
    const content = page.locator(".window-content");
    const overflow = await content.evaluate((el) => el.scrollHeight - el.clientHeight);
    expect(overflow, "the plain dialog scrolls").toBeLessThanOrEqual(0);
    await page.close();
  });

  it("SP-1: the Special Attack kind shows only while Special Attack is the chosen mode", async () => {
    const { page } = await show(browser(), {
      html: plain(),
      theme: "light",
      ...SIZE,
      windowClass: "dialog",
      frame: { title: "Attack with Greatsword" },
    });
    const kind = page.locator('[name="special"]');
    expect(await page.locator('[name="mode"]').inputValue()).toBe("melee");
    expect(await kind.isVisible(), "offered with Melee").toBe(false);
    await page.selectOption('[name="mode"]', "special");
    expect(await kind.isVisible(), "hidden with Special Attack").toBe(true);
    await page.selectOption('[name="mode"]', "thrown");
    expect(await kind.isVisible(), "offered with Thrown").toBe(false);
    await page.close();
  });
});
