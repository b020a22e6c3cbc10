import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, show, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { CORE_ROW_ACTIONS } from "../../src/applications/combat/core-row";
import { GM, PLAYER, trackerContext, trackerState, type TrackerScene } from "../support/tracker";
import { combatContext } from "../../src/applications/combat/turn-context";
import type { Stance } from "../../src/rules/vocabulary";

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
            // Foundry-like density: a row without a panel or a stance picker is one compact line, besides
            // the extra lines of a long name, which wraps rather than being cut.
            const idle = await page.locator(".combatant:not(.expanded)").evaluateAll((rows) =>
              rows
                .filter((r) => !r.querySelector(".declare, .extras"))
                .map((r) => {
                  const name = r.querySelector(".name");
                  const line = name ? parseFloat(getComputedStyle(name).lineHeight) : 0;
                  const wrapped = name ? name.getBoundingClientRect().height - line : 0;
                  return r.getBoundingClientRect().height - Math.max(0, wrapped);
                }),
            );
            expect(idle.length).toBeGreaterThan(0);
            expect(Math.max(...idle)).toBeLessThanOrEqual(50);
            // Foundry's own row controls: hide and defeated for the GM, pan for a player.
            const core = scene === "declaring" ? ["panToCombatant"] : ["toggleHidden", "toggleDefeated"];
            for (const action of core) {
              const found = page.locator(`.combatant [data-action="${action}"]`);
              expect(await found.count()).toBe(12);
              const labels = await found.evaluateAll((bs) =>
                bs.map((b) => b.getAttribute("aria-label") ?? ""),
              );
              expect(labels.every((l) => l.length > 0)).toBe(true);
            }
            // No name is cut by the controls beside it: each shows its whole text.
            const cut = await page
              .locator(".combatant .name")
              .evaluateAll((names) =>
                names.filter((n) => n.scrollWidth > n.clientWidth).map((n) => n.textContent),
              );
            expect(cut).toEqual([]);
          });
        });
      }
    }
  }

  // ST-1: what a viewer knows while the stances are secret: the player's own declaration named and
  // pressed; the GM's kept ballot named on each row and the one button declaring for the NPCs.
  for (const theme of THEMES) {
    for (const [who, viewer] of [
      ["player", PLAYER],
      ["gm", GM],
    ] as const) {
      it(`spades / declaring / ${who} / ${theme}: known stances and the NPC declaration`, async () => {
        const stances: Record<string, Stance> =
          who === "gm" ? { c0: "bold", c2: "bold", c4: "guarded", c6: "reckless" } : { c0: "bold" };
        const ctx = trackerContext(12, "spades", "declaring", viewer, { stances });
        const npcDeclare =
          who === "gm"
            ? {
                action: "zilchDeclareNpcStances",
                count: 4,
                stance: "",
                options: ["", "reckless", "bold", "cautious", "guarded"].map((value) => ({
                  value,
                  label: value ? `ZILCH.Combat.Stance.${value}` : "ZILCH.Combat.NpcUsualStance",
                  selected: value === "",
                })),
              }
            : null;
        const html = renderer.render("combat/tracker.hbs", { zilch: { ...ctx, npcDeclare } });
        const name = `combat-tracker-spades-declaring-known-${who}-${theme}`;
        const options = { html, theme, width: 300, height: 900, windowClass: "sidebar" };
        await expectCleanView(browser(), name, options, async (page) => {
          expect(await page.locator('[data-combatant-id="c0"] .stance-known').textContent()).toBe(
            "Declared: Bold (secret)",
          );
          const npc = page.locator('[data-action="zilchDeclareNpcStances"]');
          expect(await npc.count()).toBe(who === "gm" ? 1 : 0);
          if (who === "gm") expect(await npc.isVisible()).toBe(true);
          if (who === "player")
            expect(await page.locator('.declare button[aria-pressed="true"]').allTextContents()).toEqual([
              "Bold",
            ]);
        });
      });
    }
  }

  // The first and last Spades rows lacked an arrow, which moved their order box, and long names
  // ran to three lines. Every row keeps both arrows (one disabled at an end), and a name keeps to its cell.
  for (const theme of THEMES) {
    it(`spades / ${theme}: order boxes line up, and long names keep to two lines in their own cell`, async () => {
      const { state, inputs } = trackerState(12, "spades", "revealed");
      const rows = inputs.map((t, i) =>
        i === 2
          ? { ...t, name: "Cyrille the Long-Named Wanderer of the Northern Marches, Third of Her House" }
          : i === 7
            ? { ...t, name: "Unbrokenlongnamewithoutanyspacesatallforthetracker" }
            : t,
      );
      const html = renderer.render("combat/tracker.hbs", { zilch: combatContext(state, rows, GM, {}) });
      const options = { html, theme, width: 300, height: 900, windowClass: "sidebar" };
      await expectCleanView(browser(), `combat-tracker-alignment-${theme}`, options, async (page) => {
        const measured = await page.locator(".combatant").evaluateAll((lis) =>
          lis.map((li) => {
            const box = (sel: string) => li.querySelector(sel)!.getBoundingClientRect();
            const name = li.querySelector<HTMLElement>(".name")!;
            return {
              place: box(".place"),
              name: name.getBoundingClientRect(),
              controls: box(".row-controls"),
              row: li.getBoundingClientRect(),
              line: parseFloat(getComputedStyle(name).lineHeight),
              overflowX: name.scrollWidth > name.clientWidth,
              title: name.title,
            };
          }),
        );
        expect(measured).toHaveLength(12);
        const [first] = measured;
        for (const m of measured) {
          // The order box at the same place on every row.
          expect(Math.abs(m.place.left - first!.place.left)).toBeLessThan(0.5);
          expect(Math.abs(m.place.right - first!.place.right)).toBeLessThan(0.5);
          // The name inside its row, left of the controls, at most two lines, nothing cut sideways.
          expect(m.name.right).toBeLessThanOrEqual(m.controls.left + 0.5);
          expect(m.name.left).toBeGreaterThanOrEqual(m.row.left);
          expect(m.name.height).toBeLessThanOrEqual(2 * m.line + 1);
          expect(m.overflowX).toBe(false);
        }
        // The long names are clamped, not lost: the tooltip carries the whole name.
        const long = measured.find((m) => m.title.includes("Third of Her House"))!;
        expect(long.name.height).toBeGreaterThan(1.5 * long.line);
      });
    });
  }

  it("the GM's Hide, Defeated and order arrows fold away until the pointer or the keyboard is in the row", async () => {
    const html = renderer.render("combat/tracker.hbs", {
      zilch: trackerContext(12, "spades", "revealed", GM),
    });
    const { page } = await show(browser(), {
      html,
      theme: "light",
      width: 300,
      height: 900,
      windowClass: "sidebar",
    });
    const row = page.locator(".combatant").nth(3);
    const width = (action: string) =>
      row.locator(`[data-action="${action}"]`).evaluate((b) => b.getBoundingClientRect().width);
    const nameWidth = () => row.locator(".name").evaluate((n) => n.getBoundingClientRect().width);
    const folded = await nameWidth();
    for (const action of ["toggleHidden", "toggleDefeated", "zilchMoveUp", "zilchMoveDown"])
      expect(await width(action), action).toBeLessThan(1);
    await row.hover();
    for (const action of ["toggleHidden", "toggleDefeated", "zilchMoveUp", "zilchMoveDown"])
      expect(await width(action), action).toBeGreaterThan(10);
    // Folded, the name has the room the four buttons took.
    expect(folded - (await nameWidth())).toBeGreaterThan(40);
    await page.mouse.move(0, 899);
    // Tab reaches a folded control, and the row shows it.
    await row.locator('[data-action="toggleHidden"]').focus();
    expect(await width("toggleHidden")).toBeGreaterThan(10);
    await page.close();
  });

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
    // Foundry's own row controls (core-row.ts) come first on each row; the Zilch controls keep their order.
    const core = new Set<string>(CORE_ROW_ACTIONS);
    for (let i = 0; i < 40 && focused.length < 8; i++) {
      await page.keyboard.press("Tab");
      const action = await page.evaluate(
        () => (document.activeElement as HTMLElement | null)?.dataset.action ?? "",
      );
      if (!core.has(action)) focused.push(action);
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
