import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, show, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import {
  CHARACTER_PARTS,
  CHARACTER_SIZE,
  NPC_PARTS,
  NPC_SIZE,
} from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { characterInput } from "../../src/applications/sheets/actor/actor-data";
import * as fx from "../templates/fixtures";

/**
 * In Chromium with the built CSS: the Combat tab's list of attacks and their costs,
 * and the NPC stat block's attack rows with theirs, light and dark, clean (layout, axe, console).
 * Screenshots: test-results/combat-tab-*.png, npc-attacks-*.png.
 */
const available = browserAvailable();
const renderer = createRenderer();

function armedFighter() {
  const weapon = (name: string, slot: string, system: Record<string, unknown>) => ({
    name,
    type: "weapon",
    system: { slot, ...system },
  });
  const items = [
    weapon("Greatsword of the Northern Marches", "hands", { category: "great", hands: 2 }),
    weapon("Dagger", "handy", {
      category: "tiny",
      modes: { melee: true, thrown: true, launcher: false },
      rangeClass: "thrown",
    }),
    {
      name: "Firebolt",
      type: "spell",
      system: { isAttack: true, runeCount: 2, chipCost: 2, damage: 3, maxRange: "near" },
    },
  ];
  const system = {
    classes: ["fighter", "wizard"],
    suits: { clubs: { primary: 9, secondary: 4 }, diamonds: { primary: 8, secondary: 3 } },
  };
  return characterInput(fx.prepared({ name: "Vera", type: "character", system, items }), {
    id: "vera",
    editable: true,
    editMode: false,
    activeTab: "combat",
  });
}

describe.skipIf(!available)("attacks and their costs (browser)", () => {
  const browser = useBrowser();

  for (const theme of THEMES)
    it(`the Combat tab lists each attack with its to-hit total and price (${theme})`, async () => {
      const ctx = characterContext(armedFighter());
      const html = Object.values(CHARACTER_PARTS)
        .map((t) => renderer.render(t, ctx))
        .join("\n");
      await expectCleanView(
        browser(),
        `combat-tab-${theme}`,
        { ...CHARACTER_SIZE, theme, html, windowClass: "zilch sheet actor character" },
        async (page) => {
          const rows = page.locator(".combat-attacks .attack-row");
          expect(await rows.count()).toBe(3);
          const first = rows.first();
          expect(await first.locator(".attack-cost").isVisible()).toBe(true);
          expect(
            await first
              .getByRole("button", { name: "Attack with Greatsword of the Northern Marches" })
              .isVisible(),
          ).toBe(true);
          // The price sits under the name, never beside the button (no overlap, found by the layout check).
          const [cost, button] = await Promise.all([
            first.locator(".attack-cost").boundingBox(),
            first.locator("button").boundingBox(),
          ]);
          expect(cost!.x + cost!.width).toBeLessThanOrEqual(button!.x + 1);
        },
      );
    });

  for (const theme of THEMES)
    it(`the NPC stat block's attack rows show their to-hit totals and prices (${theme})`, async () => {
      const ctx = fx.npc(true);
      const html = Object.values(NPC_PARTS)
        .map((t) => renderer.render(t, ctx))
        .join("\n");
      await expectCleanView(
        browser(),
        `npc-attacks-${theme}`,
        { ...NPC_SIZE, theme, html, windowClass: `zilch sheet actor npc theme-${theme}` },
        async (page) => {
          // Its two stat-block rows and the weapon it holds (the great tusk).
          expect(await page.locator(".attack .attack-cost").count()).toBe(3);
          expect(await page.locator(".held-attack .attack-cost").count()).toBe(1);
          expect(await page.locator(".condition-chip").count()).toBeGreaterThan(0);
        },
      );
    });

  it("an opened equipment row's description takes the row's text column, from its start", async () => {
    const html = renderer.render(
      CHARACTER_PARTS.equipment,
      characterContext({ ...fx.armedInput(), activeTab: "equipment" }),
    );
    const { page, consoleErrors } = await show(browser(), {
      ...CHARACTER_SIZE,
      theme: "light",
      html,
      windowClass: "zilch sheet actor character",
    });
    await page.locator(".item-details > summary").click();
    const [text, column] = await Promise.all([
      page.locator(".item-description").boundingBox(),
      page.locator(".item-details").first().locator("xpath=..").boundingBox(),
    ]);
    expect(text!.x).toBeCloseTo(column!.x, 0);
    expect(text!.width).toBeCloseTo(column!.width, 0);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
