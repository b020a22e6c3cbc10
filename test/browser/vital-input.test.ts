/**
 * The vitals take a change as well as a value, as dnd5e's sheet does: in Chromium, on the header the
 * real templates render, the sheet's own change handler (src/applications/sheets/controls/vital-input.ts, run
 * in the page) turns "−3", "+2" and "=1" into the number the form submits, clamps it to the field's
 * bounds, and refuses anything else: the input shows the stored value again, nothing is submitted,
 * and the player is told. The page's form listener is a bubbling one on the document, as
 * ApplicationV2's submit-on-change is reached after the input's own listener.
 */
import { describe, expect, it } from "vitest";
import { browserAvailable, show, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import { CHARACTER_PARTS, CHARACTER_SIZE } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import {
  applyVitalEntry,
  bindVitalInputs,
  VITAL_INPUT_SELECTOR,
} from "../../src/applications/sheets/controls/vital-input";
import * as fx from "../templates/fixtures";

const available = browserAvailable();
const renderer = createRenderer();

const SCRIPT = `
  const VITAL_INPUT_SELECTOR = ${JSON.stringify(VITAL_INPUT_SELECTOR)};
  const applyVitalEntry = ${applyVitalEntry.toString()};
  const bindVitalInputs = ${bindVitalInputs.toString()};
  window.zilchSubmitted = [];
  window.zilchRefused = [];
  window.zilchBind = () => {
    bindVitalInputs(document.querySelector(".window-content"), (text) => window.zilchRefused.push(text));
    document.addEventListener("change", (event) => {
      const el = event.target;
      if (el.name) window.zilchSubmitted.push([el.name, el.dataset.dtype === "Number" ? Number(el.value) : el.value]);
    });
  };
`;

describe.runIf(available)("HP and the other vitals take a change in Chromium", () => {
  const browser = useBrowser();

  it("−3 and +2 change what is shown, =1 sets, a change past the maximum stops there, text is refused", async () => {
    // Brom: HP 5 of 9 (fixtures: ♥8 with a Dwarf's +1), temporary 1.
    const html = renderer.render(CHARACTER_PARTS.header, characterContext(fx.fullCharacterInput(false)));
    const { page, consoleErrors } = await show(browser(), {
      html,
      theme: "light",
      ...CHARACTER_SIZE,
      windowClass: "zilch sheet actor character",
      script: SCRIPT,
    });
    await page.evaluate("window.zilchBind()");
    const hp = page.locator('input[name="system.hp.value"]');
    expect(await hp.inputValue()).toBe("5");
    expect(await hp.getAttribute("data-max")).toBe("9");
    const enter = async (text: string) => {
      await hp.fill(text);
      await hp.press("Tab");
    };
    await enter("\u22123");
    expect(await hp.inputValue()).toBe("2");
    await enter("-3");
    expect(await hp.inputValue()).toBe("2");
    await enter("+2");
    expect(await hp.inputValue()).toBe("7");
    await enter("+20");
    expect(await hp.inputValue()).toBe("9");
    await enter("-20");
    expect(await hp.inputValue()).toBe("0");
    await enter("=1");
    expect(await hp.inputValue()).toBe("1");
    const submitted = await page.evaluate("window.zilchSubmitted");
    expect(submitted).toEqual([
      ["system.hp.value", 2],
      ["system.hp.value", 2],
      ["system.hp.value", 7],
      ["system.hp.value", 9],
      ["system.hp.value", 0],
      ["system.hp.value", 1],
    ]);
    await enter("lots");
    expect(await hp.inputValue()).toBe("5");
    expect(await page.evaluate("window.zilchSubmitted.length")).toBe(6);
    expect(await page.evaluate("window.zilchRefused")).toEqual(["lots"]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
