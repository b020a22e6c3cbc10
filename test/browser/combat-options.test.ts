import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import type { Viewer } from "../../src/applications/combat/turn-context";
import { GM, optionContext, PLAYER, type OptionScene } from "../support/tracker";

/**
 * The CD-18 option controls in the sidebar's width with the built CSS, in both themes: the bid and
 * lowering pickers, the Combine group, the round-table header and the shown Closing die. Nothing
 * overflows, every control is labelled, no serious axe violation, no console error.
 */
const available = browserAvailable();
const renderer = createRenderer();
const owner = (id: string): Viewer => ({ isGM: false, owns: (x) => x === id });
const SCENES: {
  name: string;
  scene: OptionScene;
  viewer: Viewer;
  picks?: object;
  extra?: object;
  selector: string;
}[] = [
  {
    name: "bidding-player",
    scene: "bidding",
    viewer: PLAYER,
    picks: { bid: { c0: 4 } },
    selector: ".option-pick.bid",
  },
  { name: "lowering-player", scene: "lowering", viewer: owner("c1"), selector: ".option-pick.lower" },
  { name: "lowering-gm", scene: "lowering", viewer: GM, selector: ".option-pick.lower" },
  { name: "combine-gm", scene: "combine", viewer: GM, selector: ".option-pick.combine" },
  { name: "table-gm", scene: "table", viewer: GM, selector: ".table-line" },
  {
    name: "show-closing-player",
    scene: "closing",
    viewer: PLAYER,
    extra: { showClosing: true },
    selector: ".closing-die",
  },
];

describe.runIf(available)("combat tracker options in Chromium", () => {
  const browser = useBrowser();

  for (const s of SCENES) {
    for (const theme of THEMES) {
      it(`${s.name} / ${theme}: 12 combatants, the option's controls visible, no overflow, axe clean`, async () => {
        const zilch = optionContext(12, s.scene, s.viewer, s.picks ?? {}, s.extra ?? {});
        const html = renderer.render("combat/tracker.hbs", { zilch });
        const options = { html, theme, width: 300, height: 900, windowClass: "sidebar" };
        await expectCleanView(browser(), `combat-options-${s.name}-${theme}`, options, async (page) => {
          expect(await page.locator(".combatant").count()).toBe(12);
          expect(await page.locator(s.selector).first().isVisible()).toBe(true);
          // Each option die is a button big enough to hit, and says what it does.
          const dice = await page.locator(".option-pick button").evaluateAll((bs) =>
            bs.map((b) => ({
              w: b.getBoundingClientRect().width,
              h: b.getBoundingClientRect().height,
              label: b.getAttribute("aria-label") ?? b.textContent?.trim() ?? "",
            })),
          );
          for (const d of dice) {
            expect(d.w).toBeGreaterThanOrEqual(20);
            expect(d.h).toBeGreaterThanOrEqual(20);
            expect(d.label).not.toBe("");
          }
        });
      });
    }
  }
});
