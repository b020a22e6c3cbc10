/**
 * In Chromium: the list filter box over the equipment tab hides rows as the user
 * types, says when nothing matches, and brings every row back when cleared; the sheet's own
 * bindListFilters and filterRows run in the page (self-contained functions, src/applications/sheets/
 * list-filter.ts), on the markup the real templates render.
 */
import { describe, expect, it } from "vitest";
import { browserAvailable, show, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { CHARACTER_PARTS, CHARACTER_SIZE } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import {
  bindListFilters,
  filterRows,
  LIST_FILTER_SELECTOR,
} from "../../src/applications/sheets/controls/list-filter";
import * as fx from "../templates/fixtures";

const available = browserAvailable();
const renderer = createRenderer();

/** The sheet's render hook in the page: the box's kept text restored, then filtering as you type. */
const SCRIPT = `
  const LIST_FILTER_SELECTOR = ${JSON.stringify(LIST_FILTER_SELECTOR)};
  const filterRows = ${filterRows.toString()};
  const bindListFilters = ${bindListFilters.toString()};
  window.zilchFilters = new Map();
  window.zilchRender = () => bindListFilters(document.querySelector(".window-content"), window.zilchFilters);
`;

describe.runIf(available)("list filters in Chromium", () => {
  const browser = useBrowser();

  it("typing hides the rows that do not match; nothing matching says so; clearing brings them back", async () => {
    const context = characterContext({ ...fx.fullCharacterInput(), activeTab: "equipment" });
    const html = Object.values(CHARACTER_PARTS)
      .map((template) => renderer.render(template, context))
      .join("\n");
    const { page, consoleErrors } = await show(browser(), {
      html,
      theme: "dark",
      ...CHARACTER_SIZE,
      windowClass: "zilch sheet actor character",
      script: SCRIPT,
    });
    await page.evaluate("window.zilchRender()");
    const tab = page.locator('section.tab[data-tab="equipment"]');
    const rows = tab.locator("li.item");
    const visibleRows = async () =>
      await rows.evaluateAll((els) => els.filter((e) => e instanceof HTMLElement && !e.hidden).length);
    const total = await rows.count();
    expect(total).toBeGreaterThan(1);
    const box = tab.getByRole("searchbox", { name: "Filter this list by name" });
    const first = (await tab.locator("li.item .item-name").first().textContent())!.trim();
    await box.fill(first.slice(0, 3).toUpperCase());
    expect(await visibleRows()).toBeGreaterThan(0);
    expect(await visibleRows()).toBeLessThan(total);
    expect(await tab.locator(".list-filter-empty").isVisible()).toBe(false);
    await box.fill("zzz no such thing");
    expect(await visibleRows()).toBe(0);
    expect(await tab.locator(".list-filter-empty").isVisible()).toBe(true);
    // A re-render replaces the markup; the sheet's kept text filters the new rows again.
    await page.evaluate(`document.querySelector(".window-content").innerHTML = ${JSON.stringify(html)}`);
    await page.evaluate("window.zilchRender()");
    expect(await tab.getByRole("searchbox").inputValue()).toBe("zzz no such thing");
    expect(await visibleRows()).toBe(0);
    await tab.getByRole("searchbox").fill("");
    expect(await visibleRows()).toBe(total);
    expect(await tab.locator(".list-filter-empty").isVisible()).toBe(false);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
