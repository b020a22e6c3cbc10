import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { GM, PLAYER, trackerState } from "../support/tracker";
import { combatContext } from "../../src/applications/combat/turn-context";
import type { RoundState } from "../../src/rules/round/state";

/**
 * CD-8: "Give up pool" on the called row (beside Accumulate) and on an owner's idle row, with the
 * built CSS in the sidebar's width: visible, a labelled type=button with its tooltip, nothing
 * overflowing, in both themes, for the GM and for the player who owns c0.
 */
const available = browserAvailable();
const renderer = createRenderer();

/** The countdown scene with a call waiting; the called participant, c0 and c1 each save a 3 toward the sword (4). */
function withPools(): ReturnType<typeof trackerState> {
  const scene = trackerState(12, "countdown", "revealed");
  const cd = scene.state.countdown!;
  const saving = new Set([cd.current, "c0", "c1"]);
  const pool = { action: "attack:sword", speed: 4, dice: [3] };
  const participants = cd.participants.map((p) => (saving.has(p.id) ? { ...p, pool } : p));
  const state: RoundState = { ...scene.state, countdown: { ...cd, participants } };
  return { ...scene, state };
}

describe.runIf(available)("CD-8: the tracker's Give up pool button in Chromium", () => {
  const browser = useBrowser();

  for (const theme of THEMES) {
    for (const [who, viewer, count] of [
      ["gm", GM, 3],
      ["player", PLAYER, 1],
    ] as const) {
      it(`${who} / ${theme}: each pool its viewer answers for offers the button, labelled, nothing overflows`, async () => {
        const { state, inputs } = withPools();
        const html = renderer.render("combat/tracker.hbs", { zilch: combatContext(state, inputs, viewer) });
        const name = `combat-tracker-pool-${who}-${theme}`;
        const options = { html, theme, width: 300, height: 900, windowClass: "sidebar" };
        await expectCleanView(browser(), name, options, async (page) => {
          const buttons = page.locator('[data-action="zilchAbandonPool"]');
          expect(await buttons.count()).toBe(count);
          const seen = await buttons.evaluateAll((bs) =>
            bs.map((b) => ({
              type: b.getAttribute("type"),
              text: b.textContent?.trim() ?? "",
              title: b.getAttribute("title") ?? "",
              visible: b.getBoundingClientRect().width > 0,
            })),
          );
          for (const b of seen) {
            expect(b).toMatchObject({ type: "button", visible: true });
            expect(b.text).toContain("Give up pool");
            expect(b.text).toContain("drop 3 of 4");
            expect(b.title).toContain("saved dice are lost");
          }
        });
      });
    }
  }
});
