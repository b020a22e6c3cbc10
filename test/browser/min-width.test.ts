import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import {
  CHARACTER_PARTS,
  CHARACTER_SIZE,
  ITEM_PARTS,
  ITEM_SIZE,
  NPC_PARTS,
  NPC_SIZE,
  SHEET_MIN_WIDTH,
} from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import * as fx from "../templates/fixtures";

/**
 * Each sheet has a minimum width: resized narrower, its window stays at that width, and at that width
 * nothing overflows or overlaps (the suit grid, the tab names, the header), light and dark.
 * Screenshots: test-results/min-width-*.png.
 */
const available = browserAvailable();
const renderer = createRenderer();
const render = (parts: Record<string, string>, context: object) =>
  Object.values(parts)
    .map((template) => renderer.render(template, context))
    .join("\n");

const sheets = [
  {
    kind: "character" as const,
    html: () => render(CHARACTER_PARTS, characterContext({ ...fx.fullCharacterInput(), activeTab: "suits" })),
    height: CHARACTER_SIZE.height,
  },
  { kind: "npc" as const, html: () => render(NPC_PARTS, fx.npc(true)), height: NPC_SIZE.height },
  {
    kind: "item" as const,
    html: () => render(ITEM_PARTS, fx.itemSheet("weapon", true)),
    height: ITEM_SIZE.height,
  },
];
const windowClass = (kind: string) => (kind === "item" ? "zilch sheet item" : `zilch sheet actor ${kind}`);

describe.runIf(available)("sheets keep a minimum width", () => {
  const browser = useBrowser();
  for (const sheet of sheets)
    for (const theme of THEMES)
      it(`the ${sheet.kind} sheet resized to 320 px stays ${SHEET_MIN_WIDTH[sheet.kind]} px wide and lays out cleanly (${theme})`, async () => {
        const min = SHEET_MIN_WIDTH[sheet.kind];
        await expectCleanView(
          browser(),
          `min-width-${sheet.kind}-${theme}`,
          {
            html: sheet.html(),
            theme,
            width: 320,
            viewportWidth: min + 16,
            height: sheet.height,
            windowClass: `${windowClass(sheet.kind)} theme-${theme}`,
          },
          async (page) => {
            const box = await page.locator(".window.application").boundingBox();
            expect(Math.round(box!.width)).toBe(min);
          },
        );
      });
});
