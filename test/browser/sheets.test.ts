import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, show, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import {
  CHARACTER_PARTS,
  CHARACTER_SIZE,
  CHARACTER_TABS,
  ITEM_PARTS,
  ITEM_SIZE,
  ITEM_TYPES,
  NPC_PARTS,
  NPC_SIZE,
  RALLY_SPLIT_TEMPLATE,
  ROLL_DIALOG_SIZE,
  ROLL_DIALOG_PARTS,
  type CharacterTab,
} from "../../src/applications/sheets/shared/constants";
import { CONTEST_CARD_TEMPLATE, SAVE_CARD_TEMPLATE, TEST_CARD_TEMPLATE } from "../../src/dice/chat-cards";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { rallySplitContext } from "../../src/applications/sheets/play/recovery";
import * as fx from "../templates/fixtures";

/**
 * The sheets, the roll dialog and the chat cards in headless Chromium with the built CSS, at their
 * default window size, in the light and dark themes: nothing overflows or overlaps, every control is
 * visible and labelled, no serious axe violation, no console error. Screenshots go to test-results/.
 */
const available = browserAvailable();
const renderer = createRenderer();

const renderParts = (parts: Record<string, string>, context: object) =>
  Object.values(parts)
    .map((template) => renderer.render(template, context))
    .join("\n");

/** The character sheet as Foundry assembles it: every part, one tab active. */
export function characterHtml(full: boolean, tab: CharacterTab = "suits", editMode = false): string {
  const input = full ? fx.fullCharacterInput(editMode) : fx.emptyCharacterInput();
  return renderParts(CHARACTER_PARTS, characterContext({ ...input, activeTab: tab }));
}

/** The combat tab once the Rally is spent and both Rests are taken (REC-1, REC-2). */
function recoverySpentHtml(): string {
  const input = fx.fullCharacterInput();
  input.system.recovery = { rallyUsed: true, restsToday: 2 };
  return renderParts(CHARACTER_PARTS, characterContext({ ...input, activeTab: "combat" }));
}

/** REC-1, EX-REC-3: a Fighter/Rogue at ♣ 1/5 and ♠ 0/4 splitting a critical success's 3 chips. */
const rallySplitHtml = () =>
  `<form>${renderer.render(
    RALLY_SPLIT_TEMPLATE,
    rallySplitContext("rally", "CS", {
      classes: ["fighter", "rogue"],
      chips: { clubs: 1, spades: 0, diamonds: 0, hearts: 0 },
      capacity: { clubs: 5, spades: 4, diamonds: 0, hearts: 6 },
    }),
  )}</form>`;

/** GEN-1 to GEN-3: the edit-mode Suits tab with the Card generation panel. */
const quickDrawn = {
  primary: { clubs: 6, spades: 6, diamonds: 6, hearts: 7 },
  secondary: { clubs: 6, spades: 6, diamonds: 6, hearts: 7 },
};
const chargenHtml = (
  method: Parameters<typeof fx.chargenCharacterInput>[0],
  options: Parameters<typeof fx.chargenCharacterInput>[1],
) =>
  renderParts(
    CHARACTER_PARTS,
    characterContext({ ...fx.chargenCharacterInput(method, options), activeTab: "suits" }),
  );
const suitsOf = (cards: typeof quickDrawn) =>
  Object.fromEntries(
    (["clubs", "spades", "diamonds", "hearts"] as const).map((s) => [
      s,
      { primary: cards.primary[s], secondary: cards.secondary[s] },
    ]),
  );

/** The fullest roll dialog: a character with skills, chips and a Boon, and someone to contest. */
const rollDialogHtml = `<form class="zilch roll-dialog-window">${Object.values(ROLL_DIALOG_PARTS)
  .map((template) => renderer.render(template, fx.rollDialog()))
  .join("")}</form>`;

interface View {
  name: string;
  html: string;
  size: { width: number; height: number };
  windowClass: string;
}

/** Tall enough for the longest item form (a weapon's, with an extra effect) without scrolling. */
const ITEM_FULL_SIZE = { width: ITEM_SIZE.width, height: 1300 };
const BOW = {
  category: "heavy",
  hands: 2,
  modes: { melee: false, thrown: false, launcher: true },
  rangeClass: "long",
  reload: "slow",
  riders: [],
};
const ENTANGLE = {
  isAttack: false,
  condition: "entangled",
  duration: "rounds",
  rounds: 2,
  healing: 0,
  riders: [],
};

const views: View[] = [
  {
    name: "character-empty",
    html: characterHtml(false),
    size: CHARACTER_SIZE,
    windowClass: "zilch sheet actor character",
  },
  // A new character's lists say where their items come from instead of showing nothing.
  ...(["skills", "equipment", "injuries", "combat"] as const).map((tab) => ({
    name: `character-empty-${tab}`,
    html: characterHtml(false, tab),
    size: CHARACTER_SIZE,
    windowClass: "zilch sheet actor character",
  })),
  ...CHARACTER_TABS.map((tab) => ({
    name: `character-full-${tab}`,
    html: characterHtml(true, tab),
    size: CHARACTER_SIZE,
    windowClass: "zilch sheet actor character",
  })),
  {
    name: "character-full-combat-recovery-spent",
    html: recoverySpentHtml(),
    size: CHARACTER_SIZE,
    windowClass: "zilch sheet actor character",
  },
  {
    name: "character-full-edit",
    html: characterHtml(true, "suits", true),
    size: CHARACTER_SIZE,
    windowClass: "zilch sheet actor character",
  },
  {
    name: "character-full-biography-edit",
    html: characterHtml(true, "biography", true),
    size: CHARACTER_SIZE,
    windowClass: "zilch sheet actor character",
  },
  // EX-GEN-1 as a Half-orc with a base of 5: the cost table, three cards below the base and the GEN-3 bound.
  {
    name: "character-chargen-pointbuy",
    html: chargenHtml("pointBuy", {
      base: 5,
      suits: fx.EX_GEN_1,
      race: { clubs: 1, spades: 0, diamonds: -1, hearts: 0 },
    }),
    size: CHARACTER_SIZE,
    windowClass: "zilch sheet actor character",
  },
  {
    name: "character-chargen-quickdraw",
    html: chargenHtml("quickDraw", { suits: suitsOf(quickDrawn), redrawOf: quickDrawn }),
    size: CHARACTER_SIZE,
    windowClass: "zilch sheet actor character",
  },
  {
    name: "character-chargen-pointbuy-new",
    html: chargenHtml("pointBuy", { base: 5 }),
    size: CHARACTER_SIZE,
    windowClass: "zilch sheet actor character",
  },
  {
    name: "character-chargen-reckless-new",
    html: chargenHtml("reckless", {}),
    size: CHARACTER_SIZE,
    windowClass: "zilch sheet actor character",
  },
  {
    name: "npc-empty",
    html: renderParts(NPC_PARTS, fx.npc(false)),
    size: NPC_SIZE,
    windowClass: "zilch sheet actor npc",
  },
  {
    name: "npc-full",
    html: renderParts(NPC_PARTS, fx.npc(true)),
    size: NPC_SIZE,
    windowClass: "zilch sheet actor npc",
  },
  {
    name: "npc-full-edit",
    html: renderParts(NPC_PARTS, fx.npc(true, true)),
    size: NPC_SIZE,
    windowClass: "zilch sheet actor npc",
  },
  ...ITEM_TYPES.map((type) => ({
    name: `item-${type}`,
    html: renderParts(ITEM_PARTS, fx.itemSheet(type, true)),
    size: ITEM_SIZE,
    windowClass: "zilch sheet item",
  })),
  // Each type's whole edit form at once (a window tall enough to show it all), and two forms whose
  // fields change with what the item is: a bow (range and reloading, no reach) and a spell that is
  // not an attack (healing and a condition instead of damage).
  ...ITEM_TYPES.map((type) => ({
    name: `item-${type}-form`,
    html: renderParts(ITEM_PARTS, fx.itemSheet(type, true)),
    size: ITEM_FULL_SIZE,
    windowClass: "zilch sheet item",
  })),
  {
    name: "item-weapon-bow-form",
    html: renderParts(ITEM_PARTS, fx.itemSheet("weapon", true, {}, BOW)),
    size: ITEM_FULL_SIZE,
    windowClass: "zilch sheet item",
  },
  {
    name: "item-spell-entangle-form",
    html: renderParts(ITEM_PARTS, fx.itemSheet("spell", true, {}, ENTANGLE)),
    size: ITEM_FULL_SIZE,
    windowClass: "zilch sheet item",
  },
  {
    name: "item-weapon-bow-read",
    html: renderParts(ITEM_PARTS, fx.itemSheet("weapon", true, { editMode: false }, BOW)),
    size: ITEM_SIZE,
    windowClass: "zilch sheet item",
  },
  {
    name: "item-spell-entangle-read",
    html: renderParts(ITEM_PARTS, fx.itemSheet("spell", true, { editMode: false }, ENTANGLE)),
    size: ITEM_SIZE,
    windowClass: "zilch sheet item",
  },
  // The read view an owner sees before pressing Edit (an observer's lacks only the button).
  ...ITEM_TYPES.map((type) => ({
    name: `item-${type}-read`,
    html: renderParts(ITEM_PARTS, fx.itemSheet(type, true, { editMode: false })),
    size: ITEM_SIZE,
    windowClass: "zilch sheet item",
  })),
  {
    name: "roll-dialog",
    html: rollDialogHtml,
    size: ROLL_DIALOG_SIZE,
    windowClass: "zilch dialog",
  },
  {
    name: "roll-dialog-plain",
    html: `<form class="zilch roll-dialog-window">${Object.values(ROLL_DIALOG_PARTS)
      .map((template) => renderer.render(template, fx.rollDialogPlain()))
      .join("")}</form>`,
    size: ROLL_DIALOG_SIZE,
    windowClass: "zilch dialog",
  },
  {
    name: "rally-split-dialog",
    html: rallySplitHtml(),
    size: { width: ROLL_DIALOG_SIZE.width, height: 260 },
    windowClass: "zilch dialog",
  },
  {
    name: "chat-test",
    html: renderer.render(TEST_CARD_TEMPLATE, fx.testCard()),
    size: { width: 300, height: 200 },
    windowClass: "",
  },
  {
    name: "chat-save",
    html: renderer.render(SAVE_CARD_TEMPLATE, fx.saveCard()),
    size: { width: 300, height: 200 },
    windowClass: "",
  },
  {
    name: "chat-contest",
    html: renderer.render(CONTEST_CARD_TEMPLATE, fx.contestCard()),
    size: { width: 300, height: 300 },
    windowClass: "",
  },
];

describe.runIf(available)("sheets, dialog and chat cards in Chromium", () => {
  const browser = useBrowser();

  for (const view of views) {
    for (const theme of THEMES) {
      it(`${view.name} (${theme})`, async () => {
        await expectCleanView(browser(), `${view.name}-${theme}`, {
          html: view.html,
          theme,
          ...view.size,
          windowClass: `${view.windowClass} theme-${theme}`,
        });
      });
    }
  }

  it("the roll dialog's default height fits its fullest content, with no empty space below", async () => {
    const { page } = await show(browser(), {
      html: rollDialogHtml,
      theme: "light",
      width: ROLL_DIALOG_SIZE.width,
      height: 1200,
      windowClass: "zilch dialog",
    });
    // The height the window needs: its header, the form, the content's padding and the window's border
    // (a window's position height is the whole frame, header included).
    const natural = await page.locator(".window-content").evaluate((content) => {
      const style = getComputedStyle(content);
      const form = content.firstElementChild!.getBoundingClientRect().height;
      const header = document.querySelector(".window-header")?.getBoundingClientRect().height ?? 0;
      return Math.ceil(header + form + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + 2);
    });
    expect(natural).toBeLessThanOrEqual(ROLL_DIALOG_SIZE.height);
    expect(ROLL_DIALOG_SIZE.height - natural).toBeLessThan(24);
    await page.close();
  });

  it("the roll dialog without injuries keeps every label in the first column (a hidden group takes no cell)", async () => {
    const { page } = await show(browser(), {
      html: rollDialogHtml,
      theme: "light",
      ...ROLL_DIALOG_SIZE,
      windowClass: "zilch dialog",
    });
    expect(await page.locator("[data-injuries]").isHidden()).toBe(true);
    const lefts = await page
      .locator(".roll-dialog > .roll-fields > label")
      .evaluateAll((labels) => labels.map((label) => Math.round(label.getBoundingClientRect().left)));
    expect(lefts.length).toBeGreaterThanOrEqual(5);
    expect(new Set(lefts).size, `label lefts ${lefts.join(", ")}`).toBe(1);
    await page.close();
  });

  it("the roll dialog's tick boxes line up in one column, each label on one line", async () => {
    const { page } = await show(browser(), {
      html: rollDialogHtml,
      theme: "light",
      ...ROLL_DIALOG_SIZE,
      windowClass: "zilch dialog",
    });
    const boxes = await page.locator(".roll-options .check:not([hidden])").evaluateAll((labels) =>
      labels.map((label) => {
        const box = label.querySelector("input")!.getBoundingClientRect();
        const lineHeight = parseFloat(getComputedStyle(label).lineHeight) || 20;
        return {
          left: Math.round(box.left),
          oneLine: label.getBoundingClientRect().height < lineHeight * 1.5,
        };
      }),
    );
    expect(boxes).toHaveLength(4);
    expect(new Set(boxes.map((b) => b.left)).size).toBe(1);
    expect(boxes.every((b) => b.oneLine)).toBe(true);
    await page.close();
  });

  it("the NPC edit form's fields start on one line per column, and the Attack buttons keep to the right", async () => {
    const npcWindow = {
      theme: "light" as const,
      width: NPC_SIZE.width,
      height: 1400,
      windowClass: "zilch sheet actor npc",
    };
    const edit = await show(browser(), { ...npcWindow, html: renderParts(NPC_PARTS, fx.npc(true, true)) });
    const starts = await edit.page
      .locator(".npc-form .npc-field")
      .evaluateAll((fields) =>
        fields.map((field) =>
          Math.round(field.querySelector(".field-control")!.getBoundingClientRect().left),
        ),
      );
    // Two columns of fields (vitals, chips, senses and languages share the first column's start).
    expect(starts.length).toBeGreaterThan(8);
    expect(new Set(starts).size).toBe(2);
    await edit.page.close();
    const play = await show(browser(), { ...npcWindow, html: renderParts(NPC_PARTS, fx.npc(true)) });
    const rights = await play.page.evaluate(() => {
      const right = (el: Element) => Math.round(el.getBoundingClientRect().right);
      return {
        attacks: [...document.querySelectorAll('.attack [data-action="attackNatural"]')].map(right),
        rows: [...document.querySelectorAll(".attack")].map(right),
      };
    });
    expect(rights.attacks).toHaveLength(2);
    expect(new Set([...rights.attacks, ...rights.rows]).size).toBe(1);
    await play.page.close();
  });

  it("a chip is a pressed or unpressed button reachable by keyboard", async () => {
    const { page } = await show(browser(), {
      html: characterHtml(true),
      theme: "light",
      ...CHARACTER_SIZE,
      windowClass: "zilch sheet actor character",
    });
    const chip = page.locator('.suit-clubs [data-action="toggleChip"]').first();
    await chip.focus();
    expect(await chip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await chip.getAttribute("aria-pressed")).toBe("true");
    await page.close();
  });
});
