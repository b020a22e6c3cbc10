import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, show, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { GM, PLAYER, trackerContext, type TrackerScene } from "../combat/tracker-fixtures";

/**
 * The tracker with 12 combatants in each mode and phase, in the sidebar's width, with the built CSS:
 * nothing overflows, every control is visible and labelled, no serious axe violation, no console error.
 */
const available = browserAvailable();
const renderer = createRenderer();
const SCENES: TrackerScene[] = ["declaring", "revealed", "closing"];

describe.runIf(available)("combat tracker in Chromium", () => {
  const browser = useBrowser();

  for (const mode of ["spades", "countdown"] as const) {
    for (const scene of SCENES) {
      for (const theme of THEMES) {
        it(`${mode} / ${scene} / ${theme}: 12 combatants, no overflow, controls labelled`, async () => {
          const html = renderer.render("combat/tracker.hbs", {
            zilch: trackerContext(12, mode, scene, scene === "declaring" ? PLAYER : GM),
          });
          const name = `combat-tracker-${mode}-${scene}-${theme}`;
          const options = { html, theme, width: 300, height: 900, windowClass: "sidebar" };
          await expectCleanView(browser(), name, options, async (page) => {
            expect(await page.locator(".combatant").count()).toBe(12);
            // Foundry-like density: a row without a panel or a stance picker is one compact line.
            const idle = await page
              .locator(".combatant:not(.expanded)")
              .evaluateAll((rows) =>
                rows
                  .filter((r) => !r.querySelector(".declare, .extras"))
                  .map((r) => r.getBoundingClientRect().height),
              );
            expect(idle.length).toBeGreaterThan(0);
            expect(Math.max(...idle)).toBeLessThanOrEqual(50);
          });
        });
      }
    }
  }

  it("the called row's dice and actions are reachable by keyboard in order, and a pressed die is announced", async () => {
    const html = renderer.render("combat/tracker.hbs", {
      zilch: trackerContext(12, "countdown", "revealed", GM),
    });
    const { page, consoleErrors } = await show(browser(), {
      html,
      theme: "light",
      width: 300,
      height: 900,
      windowClass: "sidebar",
    });
    const focused: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      focused.push(
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action ?? ""),
      );
    }
    expect(focused[0]).toBe("zilchNextRound");
    expect(focused.slice(1)).toEqual(
      expect.arrayContaining(["zilchPickDie", "zilchTogglePlusOne", "zilchAct"]),
    );
    expect(await page.locator('.dice-pick [aria-pressed="true"]').count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
