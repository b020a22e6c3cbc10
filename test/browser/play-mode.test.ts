import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, screenshot, show, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import {
  CHARACTER_PARTS,
  CHARACTER_SIZE,
  type CharacterTab,
} from "../../src/applications/sheets/shared/constants";
import {
  characterContext,
  type CharacterInput,
} from "../../src/applications/sheets/character/character-context";
import { characterInput } from "../../src/applications/sheets/actor/actor-data";
import * as fx from "../templates/fixtures";
import {
  applyVitalEntry,
  bindVitalInputs,
  VITAL_INPUT_SELECTOR,
} from "../../src/applications/sheets/controls/vital-input";

/**
 * In Chromium with the built CSS: the play-mode character sheet a player lives in,
 * light and dark, clean (layout, axe, console), and the interactions the page can host without
 * Foundry (native disclosure widgets, focus, the filter).
 */
const available = browserAvailable();
const renderer = createRenderer();
const window = { ...CHARACTER_SIZE, windowClass: "zilch sheet actor character" };
/** The sheet's delta inputs' change handler in the page (self-contained: ./vital-input.ts). */
const VITAL_SCRIPT = `
  const VITAL_INPUT_SELECTOR = ${JSON.stringify(VITAL_INPUT_SELECTOR)};
  const applyVitalEntry = ${applyVitalEntry.toString()};
  const bindVitalInputs = ${bindVitalInputs.toString()};
  window.zilchBindVitals = () => bindVitalInputs(document.querySelector(".window-content"), () => {});
`;

const sheetHtml = (input: CharacterInput, tab: CharacterTab) =>
  Object.values(CHARACTER_PARTS)
    .map((template) => renderer.render(template, characterContext({ ...input, activeTab: tab })))
    .join("\n");

/** A held fighter: Pinned for 2 rounds (implying Grappled, Helpless...) and Prone to its next turn's end. */
export function conditionedInput(): CharacterInput {
  const actor = fx.prepared({
    name: "Held Brom",
    type: "character",
    system: {
      classes: ["fighter"],
      hp: { value: 3, temp: 2 },
      appliedConditions: [
        { condition: "pinned", source: "wolf", duration: "rounds", count: 2 },
        { condition: "prone", source: "", duration: "endOfNextTurn", count: 1 },
      ],
    },
    statuses: ["pinned", "prone"],
  });
  return characterInput(actor, { id: "held", editable: true, editMode: false });
}

describe.skipIf(!available)("play-mode character sheet (browser)", () => {
  const browser = useBrowser();

  for (const theme of THEMES)
    it(`conditions show as conditions with their durations (${theme})`, async () => {
      await expectCleanView(
        browser(),
        `play-conditions-${theme}`,
        { ...window, theme, html: sheetHtml(conditionedInput(), "suits") },
        async (page) => {
          expect(await page.locator(".condition-chip").count()).toBe(9);
          expect(await page.locator(".condition-chip", { hasText: "Rounds left: 2" }).count()).toBe(1);
        },
      );
    });

  for (const theme of THEMES)
    it(`a blank character's sheet says what to do first, in play and in edit mode (${theme})`, async () => {
      await expectCleanView(
        browser(),
        `first-use-play-${theme}`,
        { ...window, theme, html: sheetHtml(fx.emptyCharacterInput(), "suits") },
        async (page) => {
          expect(await page.locator(".first-steps .start-building").isVisible()).toBe(true);
          expect(await page.locator(".first-step").count()).toBe(6);
          // Each step's name is a visible button; race, Talents and equipment open their compendiums.
          expect(await page.locator(".first-step .step-go").count()).toBe(6);
          expect(await page.locator(".step-pack").count()).toBe(6);
          expect(await page.locator("button.step-ready").isVisible()).toBe(true);
        },
      );
      await expectCleanView(
        browser(),
        `first-use-hidden-${theme}`,
        { ...window, theme, html: sheetHtml({ ...fx.emptyCharacterInput(), guideHidden: true }, "suits") },
        async (page) => {
          expect(await page.locator(".first-steps-list").count()).toBe(0);
          expect(await page.locator(".first-steps-hidden .guide-show").isVisible()).toBe(true);
        },
      );
      const human = {
        name: "Human",
        type: "race",
        system: { key: "human", choiceBonus: 1, chosenSuit: null },
      };
      const dropped = characterInput(
        fx.prepared({
          name: "Ada",
          type: "character",
          system: { suits: fx.EX_GEN_1, started: false },
          items: [human],
        }),
        { id: "ada", editable: true, editMode: true },
      );
      await expectCleanView(
        browser(),
        `race-choice-${theme}`,
        { ...window, theme, html: sheetHtml(dropped, "suits") },
        async (page) => {
          // RA-2: the four suits, right in the header after the drop, each a visible button.
          const suits = page.locator(".race-choice .race-suit");
          expect(await suits.count()).toBe(4);
          for (let i = 0; i < 4; i++) expect(await suits.nth(i).isVisible()).toBe(true);
        },
      );
      await expectCleanView(
        browser(),
        `first-use-edit-${theme}`,
        { ...window, theme, html: sheetHtml(fx.chargenCharacterInput("pointBuy", { base: 5 }), "suits") },
        async (page) => {
          // One message for the eight cards below the base, not eight.
          expect(await page.locator(".chargen-problems > li").count()).toBe(1);
          expect(await page.locator(".first-steps .start-building").count()).toBe(0);
        },
      );
    });

  it("the condition picker opens on a click and its buttons are visible, labelled and focusable", async () => {
    const { page, consoleErrors } = await show(browser(), {
      ...window,
      theme: "light",
      html: sheetHtml(conditionedInput(), "suits"),
    });
    const add = page.locator(".condition-add").first();
    expect(await add.isVisible()).toBe(false);
    await page.locator(".condition-picker > summary").click();
    expect(await add.isVisible()).toBe(true);
    expect((await add.textContent())?.trim()).toBe("Anchored");
    await add.focus();
    expect(await add.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("a card's name is a keyboard-reachable button named by the card, and reads as a name", async () => {
    const { page } = await show(browser(), {
      ...window,
      theme: "light",
      html: sheetHtml(fx.fullCharacterInput(), "suits"),
    });
    const label = page.getByRole("button", { name: "Strength", exact: true });
    await label.focus();
    expect(await label.evaluate((el) => el === document.activeElement && el.dataset.card)).toBe("strength");
    // No button chrome: the same background as the card it sits on.
    const [own, card] = await label.evaluate((el) => [
      getComputedStyle(el).backgroundColor,
      getComputedStyle(el.closest(".card")!).backgroundColor,
    ]);
    expect(own === "rgba(0, 0, 0, 0)" || own === card).toBe(true);
    await page.close();
  });

  for (const theme of THEMES)
    it(`an equipment row shows its numbers and opens to its description on a click (${theme})`, async () => {
      await expectCleanView(
        browser(),
        `play-equipment-${theme}`,
        { ...window, theme, html: sheetHtml(fx.armedInput(), "equipment") },
        async (page) => {
          const text = page.locator(".item-description");
          expect(await text.isVisible()).toBe(false);
          await page.locator(".item-details > summary").click();
          expect(await text.isVisible()).toBe(true);
          expect((await text.textContent())?.trim()).toBe("Yew, taller than its archer.");
          await screenshot(page, `play-equipment-open-${theme}`);
        },
      );
    });

  it("HP, temporary HP and Boons are live inputs in play mode and keep their bounds", async () => {
    const { page } = await show(browser(), {
      ...window,
      theme: "dark",
      html: sheetHtml(conditionedInput(), "suits"),
      script: VITAL_SCRIPT,
    });
    await page.evaluate("window.zilchBindVitals()");
    for (const name of ["system.hp.value", "system.hp.temp", "system.boons"]) {
      const input = page.locator(`input[name="${name}"]`);
      expect(await input.isEnabled(), name).toBe(true);
      const max = await input.getAttribute("data-max");
      await input.fill("99");
      await input.press("Tab");
      // The sheet's own change handler clamps to the bound the schema or the derived maximum sets.
      expect(await input.inputValue(), name).toBe(max);
    }
    await page.close();
  });
});
