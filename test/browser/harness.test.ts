import { describe, expect, it } from "vitest";
import {
  browserAvailable,
  expectCleanView,
  layoutProblems,
  seriousAxeViolations,
  show,
  THEMES,
  useBrowser,
} from "./harness";
import { createRenderer } from "../templates/harness";
import { TEST_CARD_TEMPLATE, testCardContext } from "../../src/dice/chat-cards";

/**
 * The browser layer's own cases: a rendered chat card with the built CSS in both themes, and the
 * harness failing on a console error, an overflow and an axe violation.
 */
const available = browserAvailable();

describe.runIf(available)("browser harness", () => {
  const browser = useBrowser();

  const card = createRenderer().render(
    TEST_CARD_TEMPLATE,
    testCardContext({ actorName: "Brom", card: "strength", dice: { d12: 12, d8: 3 }, target: 9 }),
  );

  for (const theme of THEMES) {
    it(`shows the test chat card in the ${theme} theme with no problem`, async () => {
      const options = { html: card, theme, width: 300, height: 220 };
      await expectCleanView(browser(), `chat-test-card-${theme}`, options, async (page) => {
        // The DoS colour comes from the theme's tokens, so it differs between themes.
        const colour = await page.$eval(".dos", (el) => getComputedStyle(el).color);
        const token = await page.$eval(".dos", (el) =>
          getComputedStyle(el).getPropertyValue("--zilch-dos-cf").trim(),
        );
        expect(token).toBe(theme === "light" ? "#a31515" : "#ff8a8a");
        expect(colour).toBe(theme === "light" ? "rgb(163, 21, 21)" : "rgb(255, 138, 138)");
      });
    });
  }

  it("reports a console error", async () => {
    const { page, consoleErrors } = await show(browser(), {
      html: "<p>x</p>",
      theme: "light",
      width: 200,
      height: 100,
      script: "console.error('boom')",
    });
    expect(consoleErrors).toEqual(["boom"]);
    await page.close();
  });

  it("reports an overflow and an unlabelled control", async () => {
    const { page } = await show(browser(), {
      html: '<div style="width:100px"><div style="width:400px;height:10px"></div></div><button type="button"></button>',
      theme: "light",
      width: 200,
      height: 100,
    });
    const kinds = (await layoutProblems(page)).map((p) => p.kind);
    expect(kinds).toContain("outside");
    expect(kinds).toContain("unlabelled-control");
    await page.close();
  });

  it("reports a serious accessibility violation", async () => {
    const { page } = await show(browser(), {
      html: '<img src="data:," />',
      theme: "dark",
      width: 200,
      height: 100,
    });
    expect((await seriousAxeViolations(page)).join()).toMatch(/image-alt/);
    await page.close();
  });
});
