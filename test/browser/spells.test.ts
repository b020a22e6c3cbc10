import { readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { ITEM_PARTS, ITEM_SIZE } from "../../src/applications/sheets/shared/constants";
import { itemContext } from "../../src/applications/sheets/item/item-context";
import { spellCardContext, type SpellCastRecord } from "../../src/dice/spell-card";
import { FIELD_CLASSES, itemSchema } from "../templates/fixtures";

/**
 * Spells in headless Chromium with the built CSS, light and dark: a compendium
 * spell's item sheet as its source stores it, and the non-attack Cast card (MAG-6) as the GM sees it
 * waiting and as everyone sees it once applied. Screenshots go to test-results/.
 */
const available = browserAvailable();
const renderer = createRenderer();
const SPELLS = join(import.meta.dirname, "..", "..", "packs", "_source", "spells");
const packSpell = (file: string) =>
  yaml.load(readFileSync(join(SPELLS, file), "utf8")) as {
    name: string;
    img: string;
    system: Record<string, unknown>;
  };

const sheetHtml = (file: string) => {
  const spell = packSpell(file);
  const context = itemContext({
    id: "spell-sheet",
    uuid: "Item.spellsheet",
    name: spell.name,
    img: spell.img,
    type: "spell",
    system: structuredClone(spell.system),
    schema: itemSchema("spell"),
    classes: FIELD_CLASSES,
    editable: true,
    editMode: true,
  });
  return Object.values(ITEM_PARTS)
    .map((template) => renderer.render(template, context))
    .join("\n");
};

const mend = packSpell("mend-flesh.yml");
const record: SpellCastRecord = {
  casterName: "Mara",
  spellName: mend.name,
  paid: 3,
  left: 6,
  overridden: false,
  range: "engaged",
  targetUuid: "Actor.bren",
  targetName: "Brand",
  healing: 3,
  condition: null,
  duration: { kind: "rounds", rounds: 1 },
  wounds: [{ id: "w1", name: "Leg crippled" }],
  outcome: null,
};
const cardHtml = (r: SpellCastRecord, isGM: boolean) =>
  renderer.render(
    "chat/spell-card.hbs",
    spellCardContext(
      r,
      { isGM },
      { conditionName: "", woundThreshold: 3, description: String(mend.system.description) },
    ),
  );

describe.runIf(available)("spells in Chromium", () => {
  const browser = useBrowser();
  for (const theme of THEMES) {
    for (const file of ["firebolt.yml", "grasping-roots.yml"]) {
      it(`the ${file} sheet / ${theme}: no overflow, labelled controls, no serious axe violation`, async () => {
        const options = { html: sheetHtml(file), theme, ...ITEM_SIZE, windowClass: "zilch sheet item" };
        await expectCleanView(
          browser(),
          `spell-sheet-${file.replace(".yml", "")}-${theme}`,
          options,
          async (page) => {
            expect(await page.locator('[name="system.chipCost"]').count()).toBe(1);
            expect(await page.locator('[name="system.caster"]').count()).toBe(1);
          },
        );
      });
    }
    it(`the spell card waiting for the GM / ${theme}`, async () => {
      const options = {
        html: cardHtml(record, true),
        theme,
        width: 300,
        height: 620,
        windowClass: "sidebar chat",
      };
      await expectCleanView(browser(), `spell-card-waiting-${theme}`, options, async (page) => {
        // Apply, Close wound, and heal the selected tokens.
        expect(await page.locator(".spell-card button").count()).toBe(3);
      });
    });
    it(`the spell card once applied / ${theme}`, async () => {
      const done = { ...record, outcome: { kind: "healed", hp: 3, taint: 0 } } as const;
      const options = {
        html: cardHtml(done, false),
        theme,
        width: 300,
        height: 600,
        windowClass: "sidebar chat",
      };
      await expectCleanView(browser(), `spell-card-applied-${theme}`, options, async (page) => {
        expect(await page.locator(".spell-outcome").textContent()).toContain("Brand regains 3 HP");
        expect(await page.getByRole("button", { name: "Heal the selected tokens" }).count()).toBe(1);
      });
    });
  }
});
