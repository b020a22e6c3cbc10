import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import * as fx from "./fixtures";
import { CHARACTER_PARTS } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { characterInput } from "../../src/applications/sheets/actor/actor-data";
import { conditionsView } from "../../src/applications/sheets/play/conditions-view";
import { defaultChoice } from "../../src/applications/dialogs/roll-dialog-context";
import { DEFAULT_REQUEST, requestTarget, summarizeRequest } from "../../src/rules/roll-request";

/**
 * Play mode: the vitals a player changes at the table (HP, temporary HP, Boons)
 * are live in play mode for whoever may edit the actor; conditions read as conditions, with what is
 * left of their durations and a way to switch them; level and armour trades are edited in edit mode.
 */
const renderer = createRenderer();
type El = ReturnType<typeof allElements>[number];
const byName = (html: string, name: string) => allElements(html).find((el) => attr(el, "name") === name);
const isDisabled = (el: El | undefined) => el !== undefined && attr(el, "disabled") !== undefined;

describe("vitals in play mode", () => {
  const names = ["system.hp.value", "system.hp.temp", "system.boons"];

  it("HP, temporary HP and Boons can be changed in play mode, bounded as the schema bounds them", () => {
    const html = renderer.render(CHARACTER_PARTS.header, fx.fullCharacter(false));
    for (const name of names) {
      const input = byName(html, name);
      expect(input, name).toBeDefined();
      expect(isDisabled(input), `${name} is live in play mode`).toBe(false);
      // A text input (it takes "+2" or "−3"), bounded by the sheet's change handler (vital-input.ts).
      expect([attr(input!, "type"), attr(input!, "data-dtype"), attr(input!, "data-vital")]).toEqual(["text", "Number", ""]);
      expect(attr(input!, "data-min")).toBe("0");
      expect(Number(attr(input!, "data-max"))).toBeLessThanOrEqual(40);
    }
    // The card values stay locked in play mode: only the vitals are play-mode fields.
    const suits = renderer.render(CHARACTER_PARTS.suits, fx.fullCharacter(false));
    expect(isDisabled(byName(suits, "system.suits.clubs.primary"))).toBe(true);
  });

  it("a viewer who may not edit the actor sees the vitals locked", () => {
    const input = { ...fx.fullCharacterInput(false), editable: false };
    const html = renderer.render(CHARACTER_PARTS.header, characterContext(input));
    for (const name of names) expect(isDisabled(byName(html, name)), name).toBe(true);
  });
});

describe("click a name to roll (Shift: without the dialog)", () => {
  const labels = (html: string, action: string) =>
    allElements(html).filter((el) => attr(el, "data-action") === action && (attr(el, "class") ?? "").includes("roll-label"));

  it("each of the eight cards' names rolls that card, with a tooltip saying Shift skips the dialog", () => {
    const html = renderer.render(CHARACTER_PARTS.suits, fx.fullCharacter(false));
    const cards = labels(html, "rollCard");
    expect(cards.map((el) => attr(el, "data-card"))).toEqual([
      "clubs", "strength", "spades", "cunning", "diamonds", "knowledge", "hearts", "charisma",
    ]);
    expect(cards.every((el) => el.tagName === "button" && attr(el, "type") === "button")).toBe(true);
    expect(attr(cards[0]!, "data-tooltip")).toBe(
      "Click to roll; Shift-click to roll at once, without the dialog (the other way round with Roll and attack at once in your settings).",
    );
  });

  it("each skill's name rolls that skill", () => {
    const input = fx.fullCharacterInput(false);
    const html = renderer.render(CHARACTER_PARTS.skills, characterContext(input));
    const skills = input.items.filter((i) => i.type === "skill").map((i) => i.id);
    expect(labels(html, "rollSkill").map((el) => attr(el, "data-item-id")).sort()).toEqual(skills.sort());
  });

  it("the shift-click roll is the dialog's untouched default: a plain test, no chips, no Boon, no opponent", () => {
    const request = { ...DEFAULT_REQUEST, card: "strength" as const, skill: true };
    const choice = defaultChoice(request, "skill0");
    expect(choice).toEqual({ request, skillId: "skill0", opponent: "", opponentCard: "strength", opponentModifier: 0 });
    expect([choice.request.chips, choice.request.boon, choice.request.injuriesOff]).toEqual([0, false, []]);
    const facts = { cards: { ...Object.fromEntries(["clubs", "spades", "diamonds", "hearts", "strength", "cunning", "knowledge", "charisma"].map((c) => [c, 9])) }, skillBonus: 5, chips: {}, boons: 0 } as Parameters<typeof requestTarget>[1];
    expect(summarizeRequest(choice.request, facts).problems).toEqual([]);
    expect(requestTarget(choice.request, facts)).toBe(requestTarget(request, facts));
  });
});

describe("equipment rows (EQ-2, EQ-3)", () => {
  it("a weapon's row shows its damage, reach and range; other items show none", () => {
    const html = renderer.render(CHARACTER_PARTS.equipment, characterContext(fx.armedInput()));
    const numbers = allElements(html).filter((el) => attr(el, "class") === "weapon-numbers");
    expect(numbers).toHaveLength(2);
    expect(html).toContain("Damage 3 · Reach 1 · Range: Long");
    expect(html).toMatch(/Damage 1 · Reach 1\s*<\/span>/);
  });

  it("a row with a description opens to it in place; a row without has nothing to open", () => {
    const html = renderer.render(CHARACTER_PARTS.equipment, characterContext(fx.armedInput()));
    const details = allElements(html).filter((el) => el.tagName === "details");
    expect(details).toHaveLength(1);
    expect(attr(details[0]!, "open")).toBeUndefined();
    expect(html).toContain("<p>Yew, taller than its archer.</p>");
  });
});

describe("level and armour trades (TL-4, TL-5)", () => {
  it("edit mode offers the level and, for a class with armour to trade, the trades up to its limit", () => {
    const html = renderer.render(CHARACTER_PARTS.header, fx.fullCharacter(true));
    const level = byName(html, "system.talents.level")!;
    expect([attr(level, "min"), attr(level, "max"), attr(level, "value")]).toEqual(["1", "20", "1"]);
    // Fighter: plate proficiency, three steps to trade (plate → heavy → light → thin).
    const trades = byName(html, "system.talents.armorTrades")!;
    expect([attr(trades, "min"), attr(trades, "max")]).toEqual(["0", "3"]);
    expect(byName(renderer.render(CHARACTER_PARTS.header, fx.fullCharacter(false)), "system.talents.level")).toBeUndefined();
  });

  it("a character whose classes give no armour to trade gets no trades input", () => {
    const input = characterInput(fx.prepared({ name: "Sage", type: "character", system: { classes: ["wizard"] } }), {
      id: "sage",
      editable: true,
      editMode: true,
    });
    const html = renderer.render(CHARACTER_PARTS.header, characterContext(input));
    expect(byName(html, "system.talents.level")).toBeDefined();
    expect(byName(html, "system.talents.armorTrades")).toBeUndefined();
  });
});

describe("conditions (CON-4, CON-5)", () => {
  const records = [
    { condition: "pinned", source: "wolf", duration: "rounds", count: 2 },
    { condition: "prone", source: "", duration: "endOfNextTurn", count: 1 },
    { condition: "prone", source: "", duration: "endOfNextTurn", count: 1 },
  ];
  const conditioned = (editable = true) =>
    characterInput(
      fx.prepared({
        name: "Held",
        type: "character",
        system: { appliedConditions: records },
        statuses: ["pinned", "prone"],
      }),
      { id: "held", editable, editMode: false },
    );

  it("lists applied and implied conditions with what is left of each duration, once per line", () => {
    const ctx = characterContext(conditioned());
    const shown = ctx.conditions.map((c) => [c.condition, c.removable, c.lasts.map((l) => [l.key, l.n])]);
    // Pinned implies Grappled and Helpless (CON-4); those go with it, so only Pinned and Prone switch off.
    expect(shown).toEqual([
      ["grappled", false, []],
      ["entangled", false, []],
      ["pinned", true, [["ZILCH.Sheet.ConditionLasts.rounds", 2]]],
      ["hampered", false, []],
      ["helpless", false, []],
      ["slowed", false, []],
      ["prone", true, [["ZILCH.Sheet.ConditionLasts.endOfNextTurn", 0]]],
      ["threatened", false, []],
      ["defenseless", false, []],
    ].sort((a, b) => order(a[0] as string) - order(b[0] as string)));
    expect(ctx.conditionChoices.map((c) => c.condition)).not.toContain("pinned");
    expect(ctx.conditionChoices.length + ctx.conditions.length).toBe(21);
  });

  it("renders each condition as a condition chip, with a remove button only where it can be removed", () => {
    const html = renderer.render(CHARACTER_PARTS.header, characterContext(conditioned()));
    const chips = allElements(html).filter((el) => (attr(el, "class") ?? "").includes("condition-chip"));
    expect(chips).toHaveLength(9);
    expect(html).toContain("Rounds left: 2");
    expect(html).toContain("Until the end of its next turn");
    const removes = allElements(html).filter((el) => (attr(el, "class") ?? "").includes("condition-remove"));
    expect(removes.map((el) => attr(el, "data-condition"))).toEqual(["pinned", "prone"]);
    expect(removes.every((el) => attr(el, "data-action") === "toggleCondition")).toBe(true);
    const adds = allElements(html).filter((el) => (attr(el, "class") ?? "").includes("condition-add"));
    expect(adds).toHaveLength(12);
    expect(adds.map((el) => attr(el, "data-condition"))).toContain("blind");
  });

  it("a viewer who may not edit the actor sees the conditions and no control", () => {
    const html = renderer.render(CHARACTER_PARTS.header, characterContext(conditioned(false)));
    expect(html).toContain("condition-chip");
    expect(allElements(html).filter((el) => attr(el, "data-action") === "toggleCondition")).toEqual([]);
    expect(html).not.toContain("condition-picker");
  });

  it("says nothing of an indefinite duration and names the rest in players' words", () => {
    const view = conditionsView({
      active: ["stunned", "shaken", "blind", "dead"],
      statuses: ["stunned", "shaken", "blind", "dead"],
      records: [
        { condition: "stunned", duration: "startOfNextTurn", count: 0 },
        { condition: "shaken", duration: "endOfEncounter", count: 0 },
        { condition: "blind", duration: "untilHealed", count: 0 },
        { condition: "dead", duration: "indefinite", count: 0 },
      ],
    });
    expect(view.conditions.map((c) => c.lasts.map((l) => l.key))).toEqual([
      ["ZILCH.Sheet.ConditionLasts.untilHealed"],
      ["ZILCH.Sheet.ConditionLasts.endOfEncounter"],
      ["ZILCH.Sheet.ConditionLasts.startOfNextTurn"],
      [],
    ]);
  });
});

const CONDITION_ORDER = conditionsView({ active: [], statuses: [], records: [] }).conditionChoices.map((c) => c.condition);
const order = (c: string) => CONDITION_ORDER.indexOf(c as (typeof CONDITION_ORDER)[number]);
