import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer, rootElements } from "./harness";
import {
  CHARACTER_PARTS,
  CORE_ACTIONS,
  ITEM_PARTS,
  ITEM_TYPES,
  NPC_PARTS,
  RALLY_SPLIT_TEMPLATE,
  ROLL_DIALOG_PARTS,
} from "../../src/applications/sheets/shared/constants";
import { rallySplitContext } from "../../src/applications/sheets/play/recovery";
import {
  CHAT_CARD_ACTIONS,
  TEST_CARD_TEMPLATE,
  SAVE_CARD_TEMPLATE,
  CONTEST_CARD_TEMPLATE,
  contestWithBoon,
  rolledContestContext,
  testCardContext,
  withBoon,
} from "../../src/dice/chat-cards";
import * as fx from "./fixtures";
import { CHARACTER_ACTIONS, ITEM_ACTIONS, NPC_ACTIONS, ROLL_DIALOG_ACTIONS } from "./registered-actions";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { characterInput } from "../../src/applications/sheets/actor/actor-data";
import { npcContext } from "../../src/applications/sheets/npc/npc-context";
import { LIMITED_PARTS, limitedView, partsForViewer } from "../../src/applications/sheets/actor/limited";

/**
 * Every sheet part, the roll dialog and the chat cards render through real Handlebars with an empty
 * and a full context: one root element per part, no unknown helper or i18n key, every `name=` a
 * schema path of the document it edits, every `data-action` one the application registers.
 */
const renderer = createRenderer();

/** The text a node shows (an `<i>` icon shows none without Font Awesome). */
type Node = ReturnType<typeof allElements>[number];
function textOf(el: Node): string {
  return el.childNodes.map((child) => ("value" in child && child.nodeName === "#text" ? child.value : "childNodes" in child ? textOf(child as Node) : "")).join("");
}

/** A rendered input name as a schema path (array indices become N); document-level names pass. */
const asSchemaPath = (name: string) => name.replace(/\.\d+(?=\.|$)/g, ".N");

function check(html: string, options: { actions: readonly string[]; paths?: Set<string>; extraNames?: string[] }) {
  const { elements, strayText } = rootElements(html);
  expect(strayText).toEqual([]);
  expect(elements).toHaveLength(1);
  const all = allElements(html);
  for (const el of all) {
    const action = attr(el, "data-action");
    if (action !== undefined) expect([...options.actions, ...CORE_ACTIONS], `data-action="${action}"`).toContain(action);
    const name = attr(el, "name");
    if (name !== undefined && options.paths) {
      if ((options.extraNames ?? ["name", "img"]).includes(name)) continue;
      expect(options.paths.has(asSchemaPath(name)), `name="${name}" is a schema path`).toBe(true);
    }
    // v13's editImage reads `data-edit` from the element the click lands on, so the pair sits on the
    // <img> itself; on a wrapping button the picker throws (FOUNDRY-FACTS §7, image picking).
    if (action === "editImage") {
      expect(el.tagName, "editImage sits on the <img>").toBe("img");
      expect(attr(el, "data-edit")).toBe("img");
    }
    // Controls are buttons, never bare links or divs.
    if (el.tagName === "button") expect(attr(el, "type")).toBe("button");
    // An icon-only button says what it does to a screen reader and, on hover, to everyone else.
    if (el.tagName === "button" && textOf(el).trim() === "") {
      const label = attr(el, "aria-label");
      expect(label, `icon button ${attr(el, "data-action")} has an aria-label`).toBeTruthy();
      // The tooltip says the same, but without a typed name: Foundry shows tooltips as HTML.
      const tooltip = attr(el, "data-tooltip");
      expect(tooltip, `icon button ${attr(el, "data-action")} has a tooltip`).toBeTruthy();
      expect(tooltip!.split(" ")[0], "the tooltip names the same action").toBe(label!.split(" ")[0]);
    }
  }
  return all;
}

describe("character sheet parts", () => {
  const paths = fx.schemaPaths(fx.characterSchema());
  const contexts = { empty: fx.emptyCharacter(), full: fx.fullCharacter(), "full, edit mode": fx.fullCharacter(true) };
  for (const [label, context] of Object.entries(contexts)) {
    for (const [part, template] of Object.entries(CHARACTER_PARTS)) {
      it(`${part} renders with the ${label} context`, () => {
        check(renderer.render(template, context), { actions: CHARACTER_ACTIONS, paths });
      });
    }
  }

  it("shows the four suits with both cards, a roll button each, and chip tracks within capacity", () => {
    const html = renderer.render(CHARACTER_PARTS.suits, fx.fullCharacter());
    const all = allElements(html);
    const rolls = all
      .filter((el) => attr(el, "data-action") === "rollCard" && attr(el, "class")?.includes("roll-button"))
      .map((el) => attr(el, "data-card"));
    expect(rolls).toEqual(["clubs", "strength", "spades", "cunning", "diamonds", "knowledge", "hearts", "charisma"]);
    const ctx = fx.fullCharacter();
    // Fighter/Rogue: capacity floor(eff/2) on ♣ and ♠ (CH-2, CL-3); none on ♦.
    const clubs = ctx.suits.find((s) => s.suit === "clubs")!;
    expect(clubs.primary.effective).toBe(11); // 12 − 1 drain (SU-4)
    expect(clubs.chips?.capacity).toBe(5);
    expect(ctx.suits.find((s) => s.suit === "diamonds")!.chips).toBeNull();
    const chips = all.filter((el) => attr(el, "data-action") === "toggleChip");
    const expected = ctx.suits.reduce((sum, s) => sum + (s.chips?.capacity ?? 0), 0);
    expect(chips).toHaveLength(expected);
    expect(chips.every((el) => ["true", "false"].includes(attr(el, "aria-pressed") ?? ""))).toBe(true);
  });

  it("locks value inputs in play mode and unlocks them in edit mode", () => {
    const inputs = (html: string) => allElements(html).filter((el) => el.tagName === "input");
    const play = inputs(renderer.render(CHARACTER_PARTS.suits, fx.fullCharacter(false)));
    const edit = inputs(renderer.render(CHARACTER_PARTS.suits, fx.fullCharacter(true)));
    expect(play.length).toBeGreaterThan(0);
    expect(play.every((el) => attr(el, "disabled") !== undefined)).toBe(true);
    expect(edit.every((el) => attr(el, "disabled") === undefined)).toBe(true);
  });

  it("lists the 5 injuries and the equipment warnings of the full character", () => {
    const html = renderer.render(CHARACTER_PARTS.injuries, fx.fullCharacter());
    expect(allElements(html).filter((el) => el.tagName === "tr" && attr(el, "data-item-id"))).toHaveLength(5);
    const equipment = renderer.render(CHARACTER_PARTS.equipment, fx.fullCharacter());
    // Longsword + small shield in hands (2 of 2); dagger, hand axe, sling, torch, salve egg and the
    // reinforced armour's slot make 6 handy items (EQ-1): over the 5. The count is the model's.
    expect(fx.fullCharacterInput().system.equipment.slots.over).toEqual(["handy"]);
    expect(equipment).toContain("More than five handy items.");
  });
});

describe("EQ-12: the load the table sets on the sheet", () => {
  it("the equipment tab has a Load select bound to system.encumbrance, offering the three loads", () => {
    const html = renderer.render(CHARACTER_PARTS.equipment, fx.fullCharacter());
    const select = allElements(html).find((el) => el.tagName === "select" && attr(el, "name") === "system.encumbrance");
    expect(select).toBeDefined();
    expect(html).toContain("Barely lifted (Hampered, Defenseless)");
    expect(html).toContain("Exceptional (Hampered)");
  });
});

describe("image picker", () => {
  const pickers = (html: string) => allElements(html).filter((el) => attr(el, "data-action") === "editImage");
  it("edit mode offers the portrait picker on the <img> of the character and NPC headers; play mode does not", () => {
    for (const [template, editing, playing] of [
      [CHARACTER_PARTS.header, fx.fullCharacter(true), fx.fullCharacter(false)],
      [NPC_PARTS.header, fx.npc(true, true), fx.npc(true, false)],
    ] as const) {
      const edit = pickers(renderer.render(template, editing));
      expect(edit).toHaveLength(1);
      expect(edit[0]!.tagName).toBe("img");
      expect(attr(edit[0]!, "data-edit")).toBe("img");
      expect(pickers(renderer.render(template, playing))).toHaveLength(0);
    }
  });
});

describe("limited view", () => {
  it("a viewer with Limited permission gets the limited part only; others get every part", () => {
    const parts = { header: { template: CHARACTER_PARTS.header }, suits: { template: CHARACTER_PARTS.suits } };
    expect(Object.keys(partsForViewer(parts, true))).toEqual(["limited"]);
    expect(partsForViewer(parts, false)).toBe(parts);
  });

  it("shows the portrait, name and description, and no number, input or control", () => {
    const input = fx.fullCharacterInput();
    const ctx = limitedView({ ...input, description: "<p>A dwarf in a red cloak.</p>" });
    const html = renderer.render(LIMITED_PARTS.limited.template, ctx);
    check(html, { actions: [] });
    expect(html).toContain(input.name);
    expect(html).toContain("A dwarf in a red cloak.");
    const all = allElements(html);
    expect(all.filter((el) => ["input", "button", "select", "textarea", "prose-mirror"].includes(el.tagName))).toEqual([]);
    expect(all.filter((el) => attr(el, "data-action") !== undefined)).toEqual([]);
    expect(html.replace(/<[^>]*>/g, "")).not.toMatch(/\d/);
    const empty = renderer.render(LIMITED_PARTS.limited.template, limitedView({ ...input, description: "" }));
    expect(empty).toContain("You know little of them yet.");
  });
});

describe("injuries tab (INJ-7, INJ-9, SW-8)", () => {
  it("says how each injury heals from the healing its model derived, and shows a cell's −5", () => {
    const html = renderer.render(CHARACTER_PARTS.injuries, fx.fullCharacter());
    const row = (name: string): string => {
      const found = html.split("<tr").find((chunk) => chunk.includes(`>${name}<`));
      if (!found) throw new Error(`no row for ${name}`);
      return found.replace(/\s+/g, " ");
    };
    expect(row("Broken arm")).toContain("Days left: 12");
    expect(row("Broken arm")).not.toContain("\u22125");
    expect(row("Lost an eye")).toContain("Days left: 28");
    expect(row("Lost an eye")).toContain(">\u22125<");
    expect(row("Gut wound")).toContain("Sleep at full HP, or magic");
    expect(row("Gut wound")).not.toContain("Days left");
    expect(row("Winded")).not.toContain("Days left");
  });
});

describe("empty states", () => {
  it("a new character's skills, knacks and equipment say where their items come from; a full one does not", () => {
    const skills = renderer.render(CHARACTER_PARTS.skills, fx.emptyCharacter());
    expect(skills).toContain("Drag one from the Skills compendium");
    expect(skills).toContain("Drag one from the Knacks compendium");
    const empty = renderer.render(CHARACTER_PARTS.equipment, fx.emptyCharacter());
    expect(empty.split("Nothing carried yet").length - 1).toBe(1);
    const full = renderer.render(CHARACTER_PARTS.equipment, fx.fullCharacter());
    expect(full).not.toContain("Nothing carried yet");
    expect(renderer.render(CHARACTER_PARTS.skills, fx.fullCharacter())).not.toContain("compendium");
  });
});

describe("one source of derived values", () => {
  it("MV-1, SW-7: the Readiness tiles show run and sprint, a crippled leg's no faster than its Move", () => {
    const legCrippled = {
      name: "Leg crippled",
      type: "injury",
      system: { kind: "specificWound", effect: "legCrippled", location: "rightLeg" },
    };
    const sheetOf = (items: (typeof legCrippled)[]) =>
      renderer.render(
        CHARACTER_PARTS.combat,
        characterContext({
          ...characterInput(fx.prepared({ name: "Ana", type: "character", system: { suits: { spades: { primary: 8, secondary: 8 } } }, items }), {
            id: "sheet-run",
            editable: true,
            editMode: false,
          }),
          activeTab: "combat",
        }),
      );
    expect(sheetOf([])).toContain("12 · 16");
    expect(sheetOf([legCrippled])).toContain("4 · 4");
  });

  it("the character context shows the numbers the data model prepared, not its own", () => {
    const input = fx.fullCharacterInput();
    const ctx = fx.fullCharacter();
    const sys = input.system;
    expect(ctx.hp.max).toBe(sys.hp.max);
    expect([ctx.dr, ctx.er]).toEqual([sys.dr, sys.er]);
    expect(ctx.suits.map((s) => [s.primary.effective, s.second.effective])).toEqual(
      (["clubs", "spades", "diamonds", "hearts"] as const).map((s) => [sys.suits[s].eff, sys.suits[s].eff2]),
    );
    expect([ctx.talents.max, ctx.talents.used]).toEqual([sys.talents.max, sys.talents.spent]);
    expect(ctx.readiness).toEqual({
      initiative: sys.initiative,
      pool: sys.countdownPool,
      move: sys.move.move,
      run: sys.move.run,
      sprint: sys.move.sprint,
    });
    // A changed prepared value (as an active effect would change it) reaches the sheet unchanged.
    sys.suits.clubs.eff = 17;
    sys.suits.clubs.capacity = 2;
    sys.hp.max = 12;
    sys.warnings = ["tooManyTalents"];
    const changed = characterContext(input);
    const clubs = changed.suits.find((s) => s.suit === "clubs")!;
    expect([clubs.primary.effective, clubs.chips?.capacity, changed.hp.max]).toEqual([17, 2, 12]);
    expect(changed.talents.warnings).toEqual(["ZILCH.Field.Warning.tooManyTalents"]);
  });

  it("the NPC context reads the prepared cards, HP maximum and armour DR", () => {
    const input = fx.npcInput(true);
    input.system.suits.hearts.eff = 9;
    input.system.hp.max = 11;
    input.system.armorDR = 4;
    const ctx = npcContext(input);
    expect(ctx.statLine).toBe("6\u2663 6\u2660 6\u2666 9\u2665 (11)");
    expect(ctx.armorDR).toBe(4);
    expect(ctx.conditions.map((c) => c.condition)).toContain("prone");
  });
});

describe("NPC sheet parts", () => {
  const paths = fx.schemaPaths(fx.npcSchema());
  for (const [label, context] of Object.entries({ empty: fx.npc(false), full: fx.npc(true), "full, edit mode": fx.npc(true, true) })) {
    for (const [part, template] of Object.entries(NPC_PARTS)) {
      it(`${part} renders with the ${label} context`, () => {
        check(renderer.render(template, context), { actions: NPC_ACTIONS, paths });
      });
    }
  }

  it("prints the NPC-1 stat line", () => {
    expect(fx.npc(true).statLine).toBe("6\u2663 6\u2660 6\u2666 6\u2665 (6)");
  });
});

/** States of an item in which the fields its form hides otherwise apply. */
const ITEM_STATES: Partial<Record<(typeof ITEM_TYPES)[number], Record<string, unknown>[]>> = {
  weapon: [{ modes: { melee: false, thrown: true, launcher: false } }],
  shield: [{ kind: "buckler" }],
  skill: [{ key: null }],
  injury: [{ ongoing: { active: true, rating: 1, suit: "hearts", modifier: 0, tag: "bleeding" } }],
  spell: [{ isAttack: false, condition: "entangled", duration: "rounds" }],
};

describe("item sheets", () => {
  for (const type of ITEM_TYPES) {
    const paths = fx.schemaPaths(fx.itemSchema(type));
    for (const full of [false, true]) {
      for (const [part, template] of Object.entries(ITEM_PARTS)) {
        it(`${type}: ${part} renders with the ${full ? "full" : "empty"} context`, () => {
          check(renderer.render(template, fx.itemSheet(type, full)), { actions: ITEM_ACTIONS, paths });
        });
      }
    }
    it(`${type}: every stored property has an input while it applies`, () => {
      // A type's form shows only the fields that apply to the item as it stands (item-forms.ts), so
      // every field must appear once the item is something it applies to.
      const html = [{}, ...(ITEM_STATES[type] ?? [])]
        .map((stored) => renderer.render(ITEM_PARTS.details, fx.itemSheet(type, true, {}, stored)))
        .join("") + renderer.render(ITEM_PARTS.description, fx.itemSheet(type, true));
      const names = new Set(allElements(html).map((el) => attr(el, "name")).filter(Boolean).map((n) => asSchemaPath(n!)));
      const expected = [...paths].filter((p) => !p.includes(".N") && !/\.(riders|uses|freeSkills)$/.test(p));
      for (const path of expected) expect(names.has(path), path).toBe(true);
    });
  }

  it("renders choices as selects and bounded numbers", () => {
    const html = renderer.render(ITEM_PARTS.details, fx.itemSheet("weapon", true));
    const all = allElements(html);
    const category = all.find((el) => attr(el, "name") === "system.category")!;
    expect(category.tagName).toBe("select");
    const hands = all.find((el) => attr(el, "name") === "system.hands")!;
    expect([attr(hands, "min"), attr(hands, "max")]).toEqual(["1", "2"]);
  });
});

describe("roll dialog and chat cards", () => {
  it("the roll dialog renders and shows target and chance", () => {
    const context = fx.rollDialog();
    for (const template of Object.values(ROLL_DIALOG_PARTS))
      check(renderer.render(template, context), { actions: ROLL_DIALOG_ACTIONS });
    const html = renderer.render(ROLL_DIALOG_PARTS.summary, context);
    // EX-T-5-like: ♣11 + skill 5 − 2 hard + 1 + 1 chip + 5 pips = 21 (T-2).
    expect(context.summary.target).toBe(21);
    expect(html).toContain("Target 21");
    expect(html).toContain("Chance of success 100%");
  });

  for (const [name, template, context] of [
    ["test", TEST_CARD_TEMPLATE, fx.testCard()],
    ["save", SAVE_CARD_TEMPLATE, fx.saveCard()],
    ["contest", CONTEST_CARD_TEMPLATE, fx.contestCard()],
  ] as const) {
    it(`the ${name} card renders with a full context`, () => {
      check(renderer.render(template, context), { actions: CHAT_CARD_ACTIONS });
    });
  }

  it("the test card shows both dice, the roll and the DoS in words", () => {
    const html = renderer.render(TEST_CARD_TEMPLATE, fx.testCard());
    expect(html).toContain("Test of Strength");
    expect(html).toContain("dos-CF");
    expect(html).toContain("Critical failure");
    expect(allElements(html).filter((el) => (attr(el, "class") ?? "").includes("die "))).toHaveLength(2);
  });

  it("TL-6: the test card offers a Boon until one is spent or the card is resolved", () => {
    const actions = (ctx: object) => allElements(renderer.render(TEST_CARD_TEMPLATE, ctx)).map((el) => attr(el, "data-action")).filter(Boolean);
    const rolled = { actorName: "Brom", card: "clubs" as const, dice: { d12: 9 }, target: 8 };
    expect(actions(testCardContext(rolled))).toEqual(["spendBoon", "resolveCard"]);
    const boosted = renderer.render(TEST_CARD_TEMPLATE, testCardContext(withBoon(rolled)));
    expect(boosted).toContain("Boon spent: +2 to the target.");
    expect(actions(testCardContext(withBoon(rolled)))).toEqual([]);
    expect(actions(testCardContext({ ...rolled, resolved: true }))).toEqual([]);
  });

  it("TL-6: the contest card offers each side's Boon, named for its roller, until spent or resolved", () => {
    const rolled = {
      a: { actorName: "Brom", card: "clubs" as const, dice: { d12: 9 }, target: 8 },
      b: { actorName: "Dire wolf", card: "clubs" as const, dice: { d12: 10 }, target: 6 },
    };
    const buttons = (ctx: object) =>
      allElements(renderer.render(CONTEST_CARD_TEMPLATE, ctx))
        .filter((el) => attr(el, "data-action") !== undefined)
        .map((el) => [attr(el, "data-action"), attr(el, "data-side") ?? "", attr(el, "aria-label") ?? ""]);
    expect(buttons(rolledContestContext(rolled))).toEqual([
      ["spendBoon", "a", "Spend Brom's Boon (+2)"],
      ["spendBoon", "b", "Spend Dire wolf's Boon (+2)"],
      ["resolveCard", "", ""],
    ]);
    const boosted = contestWithBoon(rolled, "a");
    const html = renderer.render(CONTEST_CARD_TEMPLATE, rolledContestContext(boosted));
    check(html, { actions: CHAT_CARD_ACTIONS });
    expect(html).toContain("Boon spent: +2 to the target.");
    expect(html).toContain("Brom wins");
    expect(buttons(rolledContestContext(boosted)).map(([action, side]) => `${action}${side}`)).toEqual(["spendBoonb", "resolveCard"]);
    const closed = renderer.render(CONTEST_CARD_TEMPLATE, rolledContestContext({ ...rolled, resolved: true }));
    expect(buttons(rolledContestContext({ ...rolled, resolved: true }))).toEqual([]);
    expect(closed).toContain("Resolved.");
  });

  it("the contest card names the winner and the points", () => {
    const html = renderer.render(CONTEST_CARD_TEMPLATE, fx.contestCard());
    expect(html).toContain("Brom Ironfoot wins");
    expect(html).toContain("by 5 points");
  });
});

describe("recovery on the sheets (REC-1 to REC-3, REC-6)", () => {
  const actionsOf = (html: string) => allElements(html).filter((el) => attr(el, "data-action") !== undefined);
  const button = (html: string, action: string) => actionsOf(html).find((el) => attr(el, "data-action") === action);

  it("the character's combat tab offers Rally, Rest and Sleep with the limits that apply", () => {
    const html = renderer.render(CHARACTER_PARTS.combat, fx.fullCharacter());
    for (const action of ["rally", "rest", "sleep"]) expect(attr(button(html, action)!, "disabled"), action).toBeUndefined();
    expect(html).toContain("Rally available this encounter");
    expect(html).toContain("Rests left today: 2 of 2");
  });

  it("a Rally used this encounter and two Rests taken today disable their buttons; Sleep stays", () => {
    const input = fx.fullCharacterInput();
    input.system.recovery = { rallyUsed: true, restsToday: 2 };
    const html = renderer.render(CHARACTER_PARTS.combat, characterContext(input));
    expect(attr(button(html, "rally")!, "disabled")).toBeDefined();
    expect(attr(button(html, "rest")!, "disabled")).toBeDefined();
    expect(attr(button(html, "sleep")!, "disabled")).toBeUndefined();
    expect(html).toContain("Rallied this encounter");
    expect(html).toContain("Rests left today: 0 of 2");
  });

  it("someone who cannot edit the actor sees the limits but no recovery buttons", () => {
    const input = fx.fullCharacterInput();
    input.editable = false;
    const html = renderer.render(CHARACTER_PARTS.combat, characterContext(input));
    expect(["rally", "rest", "sleep"].map((a) => button(html, a))).toEqual([undefined, undefined, undefined]);
    expect(html).toContain("Rests left today");
  });

  it("the NPC stat block offers Rest and Sleep but no Rally (no class suits, NPC-2)", () => {
    const html = renderer.render(NPC_PARTS.statblock, fx.npc(true));
    expect(button(html, "rally")).toBeUndefined();
    expect(button(html, "rest")).toBeDefined();
    expect(button(html, "sleep")).toBeDefined();
  });

  it("a healing item's row has a Use button with the quantity left; other gear has none", () => {
    const ctx = fx.fullCharacter();
    const html = renderer.render(CHARACTER_PARTS.equipment, ctx);
    const uses = actionsOf(html).filter((el) => attr(el, "data-action") === "useItem");
    expect(uses).toHaveLength(1);
    expect(attr(uses[0]!, "aria-label")).toBe("Use Salve egg (2 left)");
    expect(attr(uses[0]!, "disabled")).toBeUndefined();
    const egg = ctx.equipment.slots.flatMap((s) => s.items).find((i) => i.name === "Salve egg")!;
    expect(attr(uses[0]!, "data-item-id")).toBe(egg.id);
  });

  it("a healing item with none left shows a disabled Use button", () => {
    const input = fx.fullCharacterInput();
    const egg = input.items.find((i) => i.name === "Salve egg")!;
    egg.system = { ...egg.system, quantity: 0 };
    const html = renderer.render(CHARACTER_PARTS.equipment, characterContext(input));
    expect(attr(button(html, "useItem")!, "disabled")).toBeDefined();
  });

  it("the Rally split dialog renders one bounded input per class suit with room, pre-filled evenly", () => {
    // EX-REC-3: a Fighter/Rogue at ♣ 1/5 and ♠ 0/4; a CS regains 3.
    const state = { classes: ["fighter", "rogue"] as const, chips: { clubs: 1, spades: 0, diamonds: 0, hearts: 0 }, capacity: { clubs: 5, spades: 4, diamonds: 0, hearts: 4 } };
    const html = renderer.render(RALLY_SPLIT_TEMPLATE, rallySplitContext("rally", "CS", { ...state, classes: [...state.classes] }));
    check(html, { actions: [] });
    const inputs = allElements(html).filter((el) => el.tagName === "input");
    expect(inputs.map((el) => [attr(el, "name"), attr(el, "value"), attr(el, "min"), attr(el, "max")])).toEqual([
      ["clubs", "2", "0", "4"],
      ["spades", "1", "0", "4"],
    ]);
    expect(html).toContain("Critical success: 3 chips regained.");
  });
});

describe("NPC attacks (AT-1)", () => {
  it("a weapon item the NPC holds has the same Attack button as on a character", () => {
    const ctx = fx.npc(true);
    const html = renderer.render(NPC_PARTS.statblock, ctx);
    const tusk = ctx.items.find((i) => i.name === "Great tusk")!;
    const attack = allElements(html).find((el) => attr(el, "data-action") === "attackItem")!;
    expect(attr(attack, "data-item-id")).toBe(tusk.id);
    expect(html).not.toContain("drop a weapon item on it");
  });

  it("NPC-4: each stat-block attack row has an Attack button naming it by index, with or without weapon items", () => {
    const input = fx.npcInput(true);
    for (const items of [input.items, input.items.filter((i) => i.type !== "weapon")]) {
      const html = renderer.render(NPC_PARTS.statblock, npcContext({ ...input, items }));
      const natural = allElements(html).filter((el) => attr(el, "data-action") === "attackNatural");
      expect(natural.map((el) => [attr(el, "data-index"), attr(el, "aria-label")])).toEqual([
        ["0", "Attack with Bite"],
        ["1", "Attack with Claw"],
      ]);
      expect(html).not.toContain("drop a weapon item on it");
    }
  });

  it("the stat block's edit mode has no Attack buttons on its attack rows, and an NPC without attacks none", () => {
    const edit = renderer.render(NPC_PARTS.statblock, fx.npc(true, true));
    expect(allElements(edit).some((el) => attr(el, "data-action") === "attackNatural")).toBe(false);
    const empty = renderer.render(NPC_PARTS.statblock, fx.npc(false));
    expect(allElements(empty).some((el) => attr(el, "data-action") === "attackNatural")).toBe(false);
  });
});
