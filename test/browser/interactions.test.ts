import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, show, useBrowser } from "./harness";
import { createRenderer } from "../templates/harness";
import {
  CHARACTER_PARTS,
  CHARACTER_SIZE,
  ROLL_DIALOG_PARTS,
  ROLL_DIALOG_SIZE,
} from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import type { CharacterInput } from "../../src/applications/sheets/character/character-input";
import { rollChoiceFromForm, type RollChoice } from "../../src/applications/dialogs/roll-dialog-context";
import { combatContext, type LocalPicks } from "../../src/applications/combat/turn-context";
import { requestFor } from "../../src/applications/combat/button-requests";
import { isTrackerAction } from "../../src/applications/combat/actions";
import type { CombatRequest } from "../../src/rules/round/authority";
import { GM, trackerState } from "../support/tracker";
import { attackCardContext } from "../../src/dice/attack-card";
import { advanceAttack, type AttackAction, type AttackState } from "../../src/rules/attack/index";
import { attackScenes, ATTACKER_VIEW } from "../templates/attack-fixtures";
import * as fx from "../templates/fixtures";

/**
 * Chromium interaction tests: a click or a change in the real rendered markup, handled
 * by the system's own code in Node, and the view rendered again from its templates. The page models only
 * what Foundry's ApplicationV2 documents (FOUNDRY-FACTS §7): a click on `[data-action]` runs the action
 * named there with the clicked element (whose data attributes it reads); `data-action="tab"` with
 * `data-group`/`data-tab` switches the tab by its `active` class; a form field's change submits the form.
 * Each test fails if the markup stops carrying what the handler reads, or the handler stops reading it.
 */
const available = browserAvailable();
const renderer = createRenderer();

/** The page side: ApplicationV2's click and change handling, sending actions to Node (`zilchAction`). */
const HOST = `
  const content = () => document.querySelector(".window-content");
  const formObject = (form) => {
    const out = {};
    for (const el of form.elements) {
      if (!el.name || el.disabled) continue;
      out[el.name] = el.type === "checkbox" ? el.checked : el.type === "number" ? el.valueAsNumber : el.dataset.dtype === "Number" ? Number(el.value) : el.value;
    }
    return out;
  };
  document.addEventListener("click", async (event) => {
    const target = event.target.closest("[data-action]");
    if (!target) return;
    event.preventDefault();
    const { action, group, tab } = target.dataset;
    if (action === "tab") {
      for (const el of document.querySelectorAll('[data-group="' + group + '"][data-tab]'))
        el.classList.toggle("active", el.dataset.tab === tab);
      return;
    }
    const form = target.closest("form");
    const card = target.closest(".attack-card");
    const fields = {};
    for (const el of card ? card.querySelectorAll("[data-field]") : [])
      fields[el.dataset.field] = el.type === "checkbox" ? el.checked : el.type === "number" ? el.valueAsNumber : el.value;
    const values = form ? formObject(form) : card ? fields : null;
    const html = await window.zilchAction(action, { ...target.dataset }, values);
    if (typeof html === "string") content().innerHTML = html;
  });
  document.addEventListener("change", async (event) => {
    const el = event.target;
    if (!el.name) return;
    // A text input marked data-dtype="Number" is submitted as a number (the delta inputs, as dnd5e's).
    const value = el.type === "checkbox" ? el.checked : el.type === "number" ? el.valueAsNumber : el.dataset.dtype === "Number" ? Number(el.value) : el.value;
    const html = await window.zilchChange(el.name, value);
    if (typeof html === "string") content().innerHTML = html;
  });
`;

type ActionHandler = (
  action: string,
  data: Record<string, string>,
  form: Record<string, unknown> | null,
) => string | null;

async function host(
  page: Page,
  onAction: ActionHandler,
  onChange: (name: string, value: unknown) => string | null = () => null,
): Promise<void> {
  await page.exposeFunction("zilchAction", onAction);
  await page.exposeFunction("zilchChange", onChange);
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null;

/** Sets `value` at the dotted `path` of `target`, as a form submission's expanded data does. */
function setPath(target: object, path: string, value: unknown): void {
  const keys = path.split(".");
  let node: unknown = target;
  for (const key of keys.slice(0, -1)) node = isRecord(node) ? node[key] : undefined;
  if (!isRecord(node)) throw new Error(`the sheet's data has no ${path}`);
  node[keys.at(-1)!] = value;
}

const renderParts = (parts: Record<string, string>, context: object) =>
  Object.values(parts)
    .map((template) => renderer.render(template, context))
    .join("\n");

describe.runIf(available)("interactions in Chromium", () => {
  const browser = useBrowser();

  it("switching a sheet tab shows that tab and hides the one before", async () => {
    const html = renderParts(
      CHARACTER_PARTS,
      characterContext({ ...fx.fullCharacterInput(), activeTab: "suits" }),
    );
    const { page, consoleErrors } = await show(browser(), {
      html,
      theme: "light",
      ...CHARACTER_SIZE,
      windowClass: "zilch sheet actor character",
      script: HOST,
    });
    await host(page, () => null);
    const visible = (tab: string) => page.locator(`section.tab[data-tab="${tab}"]`).isVisible();
    expect(await visible("suits")).toBe(true);
    expect(await visible("skills")).toBe(false);
    await page.locator('[data-action="tab"][data-tab="skills"]').click();
    expect(await visible("skills")).toBe(true);
    expect(await visible("suits")).toBe(false);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("changing hit points on the sheet stores them where the sheet reads them back", async () => {
    const input: CharacterInput = { ...fx.fullCharacterInput(), activeTab: "suits" };
    const system = structuredClone(input.system);
    const render = () => renderParts(CHARACTER_PARTS, characterContext({ ...input, system }));
    const { page, consoleErrors } = await show(browser(), {
      html: render(),
      theme: "dark",
      ...CHARACTER_SIZE,
      windowClass: "zilch sheet actor character",
      script: HOST,
    });
    const changes: [string, unknown][] = [];
    await host(
      page,
      () => null,
      (name, value) => {
        changes.push([name, value]);
        if (!name.startsWith("system.")) return null;
        setPath(system, name.slice("system.".length), value);
        return render();
      },
    );
    const hp = page.locator('input[name="system.hp.value"]');
    const before = Number(await hp.inputValue());
    const after = before - 2;
    await hp.fill(String(after));
    await hp.press("Tab");
    await expect.poll(() => changes.length).toBe(1);
    expect(changes[0]).toEqual(["system.hp.value", after]);
    // Rendered again from the changed data: the field shows the new value.
    await expect
      .poll(async () => Number(await page.locator('input[name="system.hp.value"]').inputValue()))
      .toBe(after);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("clicking Roll in the roll dialog reads the choices made in the form", async () => {
    const html = `<form class="zilch roll-dialog-window">${Object.values(ROLL_DIALOG_PARTS)
      .map((template) => renderer.render(template, fx.rollDialog()))
      .join("")}</form>`;
    const { page, consoleErrors } = await show(browser(), {
      html,
      theme: "light",
      ...ROLL_DIALOG_SIZE,
      windowClass: "zilch dialog",
      script: HOST,
    });
    let rolled: RollChoice | null = null;
    await host(page, (action, _data, form) => {
      if (action === "roll" && form) rolled = rollChoiceFromForm(form);
      return null;
    });
    await page.selectOption('select[name="card"]', "spades");
    await page.selectOption('select[name="difficulty"]', "easy");
    await page.fill('input[name="modifier"]', "-3");
    await page.uncheck('input[name="save"]');
    await page.selectOption('select[name="opponent"]', "npc1");
    await page.selectOption('select[name="rollMode"]', { label: "Only me" });
    await page.locator('[data-action="roll"]').click();
    await expect.poll(() => rolled).not.toBeNull();
    const choice = rolled as RollChoice | null;
    expect(choice?.request).toMatchObject({
      card: "spades",
      difficulty: "easy",
      modifier: -3,
      save: false,
      skill: true,
    });
    expect(choice?.opponent).toBe("npc1");
    expect(choice?.skillId).toBe("skill0");
    expect(choice?.rollMode).toBe("self");
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("picking a countdown die marks it, and Pass then passes that die", async () => {
    const { state, inputs } = trackerState(12, "countdown", "revealed");
    const picks: { die: Record<string, number> } = { die: {} };
    const render = () =>
      renderer.render("combat/tracker.hbs", {
        zilch: combatContext(state, inputs, GM, picks satisfies LocalPicks),
      });
    const { page, consoleErrors } = await show(browser(), {
      html: render(),
      theme: "dark",
      width: 300,
      height: 900,
      windowClass: "",
      script: HOST,
    });
    const requests: CombatRequest[] = [];
    await host(page, (action, data) => {
      if (action === "zilchPickDie") {
        picks.die[data.combatantId ?? ""] = Number(data.die);
        return render();
      }
      const request = isTrackerAction(action) ? requestFor(action, "combat", data, null) : null;
      if (request) requests.push(request);
      return null;
    });
    const pickButtons = page.locator('[data-action="zilchPickDie"]');
    const values = await pickButtons.evaluateAll((buttons) =>
      buttons.map((b) => Number(b.getAttribute("data-die"))),
    );
    // The called row offers its hand; pick a die other than the highest (picked by default, if any).
    const lower = values.find((v) => v > 1 && v < Math.max(...values));
    expect(lower, `a die below the highest in ${values.join(",")}`).toBeDefined();
    await page.locator(`[data-action="zilchPickDie"][data-die="${lower}"]`).click();
    await expect
      .poll(() =>
        page.locator(`[data-action="zilchPickDie"][data-die="${lower}"]`).getAttribute("aria-pressed"),
      )
      .toBe("true");
    await page.locator('button[data-action="zilchPass"]').click();
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]).toMatchObject({ kind: "countdownChoice", choice: { kind: "pass", die: lower } });
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("committing chips on the attack card records them and moves the card on", async () => {
    let state: AttackState = attackScenes().attackerWindow;
    const render = () => renderer.render("chat/attack-card.hbs", attackCardContext(state, ATTACKER_VIEW));
    const { page, consoleErrors } = await show(browser(), {
      html: render(),
      theme: "light",
      width: 300,
      height: 700,
      windowClass: "sidebar chat",
      script: HOST,
    });
    const refused: string[] = [];
    await host(page, (_action, data, fields) => {
      // The card's click sends its kind with the chips and Boon fields it shows (attack-flow.ts choicesOf).
      if (data.kind !== "commitAttacker") return null;
      const action: AttackAction = {
        kind: "commitAttacker",
        chips: Number(fields?.chips ?? 0),
        boon: fields?.boon === true,
      };
      const next = advanceAttack(state, action);
      if (!next.ok) {
        refused.push(next.code);
        return null;
      }
      state = next.state;
      return render();
    });
    const chips = page.locator('.attack-card input[data-field="chips"]');
    const max = Number(await chips.getAttribute("max"));
    expect(max).toBeGreaterThan(0);
    await chips.fill(String(max));
    await page.locator('.attack-card button[data-kind="commitAttacker"]').click();
    await expect.poll(() => state.step).not.toBe("attacker");
    expect(refused).toEqual([]);
    // The card, rendered again, says how many chips were committed and no longer offers the commit.
    await expect.poll(() => page.locator(".attack-card").textContent()).toContain(`commits ${max} chips`);
    expect(await page.locator('.attack-card button[data-kind="commitAttacker"]').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
