import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, THEMES, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import {
  CHARACTER_PARTS,
  CHARACTER_SIZE,
  NPC_PARTS,
  NPC_SIZE,
} from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { npcContext } from "../../src/applications/sheets/npc/npc-context";
import { characterInput, npcInput } from "../../src/applications/sheets/actor/actor-data";
import { makeActor } from "../data/models-setup";
import { PORTRAIT } from "../templates/fixtures";

/**
 * §23 in Chromium with the built CSS, light and dark: a character's header and a Foe's stat block
 * with Grit and Wounds on (EX-GW-1's ♥7: Grit 5 d6, Wounds 2 / 4, adrenaline 2). Nothing overflows,
 * every input is labelled, no serious axe violation. Screenshots go to test-results/.
 */
const available = browserAvailable();
const renderer = createRenderer();
const g = globalThis as unknown as { game: Record<string, unknown> };

function gritHtml(): { character: string; foe: string } {
  const saved = g.game.settings;
  g.game.settings = { settings: new Map([["zilch.gritWounds", {}]]), get: () => true };
  try {
    const pc = makeActor({
      name: "Kell Ashgrove",
      type: "character",
      system: {
        suits: { hearts: { primary: 7, secondary: 7 } },
        grit: { value: 5, wounds: 2, adrenaline: 2, unbandaged: 2 },
      },
    });
    const foe = makeActor({
      name: "Warlord",
      type: "npc",
      system: { tier: "foe", suits: { hearts: { value: 9 } }, grit: { value: 3, wounds: 4, adrenaline: 4 } },
    });
    const pcContext = characterContext({
      ...characterInput(pc as never, { id: "grit-pc", editable: true, editMode: false }),
      img: PORTRAIT,
      activeTab: "suits",
    });
    const foeContext = npcContext({
      ...npcInput(foe as never, { id: "grit-foe", editable: true, editMode: false }),
      img: PORTRAIT,
    });
    if (!pcContext.grit || !foeContext.grit) throw new Error("the grit fixtures must be in grit mode");
    return {
      character: Object.values(CHARACTER_PARTS)
        .map((t) => renderer.render(t, pcContext))
        .join("\n"),
      foe: Object.values(NPC_PARTS)
        .map((t) => renderer.render(t, foeContext))
        .join("\n"),
    };
  } finally {
    g.game.settings = saved;
  }
}

describe.runIf(available)("Grit and Wounds on the sheets in Chromium", () => {
  const browser = useBrowser();
  const html = gritHtml();

  const views = [
    {
      name: "character-grit",
      html: html.character,
      size: CHARACTER_SIZE,
      windowClass: "zilch sheet actor character",
    },
    { name: "npc-foe-grit", html: html.foe, size: NPC_SIZE, windowClass: "zilch sheet actor npc" },
  ];
  for (const view of views) {
    for (const theme of THEMES) {
      it(`${view.name} (${theme})`, async () => {
        const options = {
          html: view.html,
          theme,
          ...view.size,
          windowClass: `${view.windowClass} theme-${theme}`,
        };
        await expectCleanView(browser(), `${view.name}-${theme}`, options, async (page) => {
          const grit = page.locator('input[name="system.grit.value"]');
          expect(await grit.isVisible()).toBe(true);
          expect(await grit.inputValue()).toBe(view.name === "character-grit" ? "5" : "3");
          expect(await page.locator('input[name="system.hp.value"]').count()).toBe(0);
          if (view.name === "character-grit") {
            // GW-9: two unbandaged Wounds: the −2 beside Wounds and the owner's Bandage button.
            expect(await page.locator('[data-action="bandageWounds"]').isVisible()).toBe(true);
            expect(await page.locator(".grit-penalty").isVisible()).toBe(true);
          }
        });
      });
    }
  }
});
