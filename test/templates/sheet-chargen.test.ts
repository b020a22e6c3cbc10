import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { modeStandIn } from "../stand-in/chat";
import { allElements, attr, createRenderer, rootElements } from "./harness";
import * as fx from "./fixtures";
import { CHARACTER_PARTS } from "../../src/applications/sheets/shared/constants";
import { CHARACTER_ACTIONS } from "./registered-actions";

/** GEN-1: roll the world's method, quick draw's redraw, and setting a new point-buy character to the base. */
const CHARGEN_ACTIONS = ["rollChargen", "redrawChargen", "startPointBuy", "applyStartingState"] as const;
import { chargenContext } from "../../src/applications/sheets/character/chargen-context";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import {
  cardsFromDice,
  cardsUpdate,
  CHARGEN_DICE,
  chargenFormula,
  chargenLines,
  isUnbuilt,
  type ChargenLine,
  quickDrawFromDice,
  redrawOffered,
  rollChargenDice,
  ROLLED_METHODS,
} from "../../src/dice/chargen";
import { writeChargen } from "../../src/dice/chargen-roll";
import { LINES_CARD_TEMPLATE, linesCardContext } from "../../src/dice/chat-lines";
import {
  CHARGEN_ACTION_HANDLERS,
  worldChargen,
  type ChargenSheetLike,
} from "../../src/applications/sheets/character/chargen-actions";
import { cardSetFromList, CHARGEN_METHODS } from "../../src/rules/generation";
import { perSuit } from "../../src/rules/suits";
import { scripted, seeded } from "../support/dice";
import { localize } from "../support/i18n";
import { makeActor } from "../data/models-setup";
import { coreModeSetting } from "../stand-in/profile";

/** The roller and the GM the roll mode whispers to. */
const PLAYER = { id: "player", isGM: false };
const GM = { id: "gm", isGM: true };

/**
 * Character generation on the sheet (GEN-1 to GEN-3): the panel's context from plain cards, the
 * cards each method's dice give, the single update that writes them, the chat card, and the Suits
 * part rendered with the panel for every method.
 */
const renderer = createRenderer();
const flat = (n: number) => cardSetFromList(Array(8).fill(n));
const noRace = perSuit(0);
const exGen1 = cardSetFromList([13, 6, 4, 6, 10, 6, 4, 4]);

describe("point-buy panel (GEN-1, GEN-2)", () => {
  it("EX-GEN-1: the build costs 24 of 30, card by card 12 6 2 2 0 0 2 0, with no problem", () => {
    const ctx = chargenContext({ method: "pointBuy", base: 4, cards: exGen1, race: noRace });
    expect(ctx.pointBuy).toMatchObject({ spent: 24, budget: 30, left: 6, base: 4, valid: true });
    const costs = ctx.pointBuy!.costs.flatMap((row) => [row.primary.cost, row.secondary.cost]);
    // clubs, strength, spades, cunning, diamonds, knowledge, hearts, charisma
    expect(costs).toEqual([12, 6, 2, 2, 0, 0, 2, 0]);
    expect(ctx.warnings).toEqual([]);
    expect(ctx.rolled).toBeNull();
  });

  it("EX-GEN-1: a Half-orc (+1 ♣) with ♣13 reaches 14 and fails GEN-3", () => {
    const ctx = chargenContext({ method: "pointBuy", base: 4, cards: exGen1, race: { ...noRace, clubs: 1 } });
    expect(ctx.warnings).toEqual([
      { key: "ZILCH.Chargen.Problem.aboveCreationMax", card: "ZILCH.Card.clubs", value: 14, limit: 13 },
    ]);
    expect(ctx.pointBuy!.valid).toBe(false);
  });

  it("warns of an over-budget build, a card above K and a card below the base", () => {
    // Base 5: cost(5,14) = 13, cost(5,13) = 11 twice: 35 points; five cards left at 4.
    const cards = cardSetFromList([14, 13, 13, 4, 4, 4, 4, 4]);
    const ctx = chargenContext({ method: "pointBuy", base: 5, cards, race: noRace });
    const keys = ctx.warnings.map((w) => w.key);
    expect(keys).toContain("ZILCH.Chargen.Problem.overBudget");
    expect(ctx.warnings.filter((w) => w.key === "ZILCH.Chargen.Problem.aboveMax")).toEqual([
      { key: "ZILCH.Chargen.Problem.aboveMax", card: "ZILCH.Card.clubs", value: 14, limit: 13 },
    ]);
    expect(ctx.warnings.filter((w) => w.key === "ZILCH.Chargen.Problem.belowBase")).toHaveLength(5);
    expect(ctx.pointBuy).toMatchObject({ spent: 35, left: 0, valid: false });
    // Costs add up to what pointBuy totals, so the panel never disagrees with its own header.
    const sum = ctx.pointBuy!.costs.reduce(
      (n, row) => n + (row.primary.cost ?? 0) + (row.secondary.cost ?? 0),
      0,
    );
    expect(sum).toBe(ctx.pointBuy!.spent);
  });

  it("GEN-3 applies to a card pushed below 2 by race too", () => {
    const ctx = chargenContext({
      method: "reckless",
      base: 4,
      cards: flat(2),
      race: { ...noRace, hearts: -1 },
    });
    expect(ctx.warnings.map((w) => [w.key, w.card, w.value])).toEqual([
      ["ZILCH.Chargen.Problem.belowMin", "ZILCH.Card.hearts", 1],
      ["ZILCH.Chargen.Problem.belowMin", "ZILCH.Card.charisma", 1],
    ]);
  });
});

describe("rolled methods (GEN-1)", () => {
  it("each method rolls its formula: 8d6, 16d6, one d6 per suit", () => {
    expect(ROLLED_METHODS.map(chargenFormula)).toEqual(["8d6", "16d6", "4d6"]);
    const die = scripted(Array(16).fill(3));
    rollChargenDice("reckless", die);
    expect(die.faces).toEqual(Array(16).fill(6));
  });

  it("cautious: each die + 4, primaries then secondaries in the order rolled", () => {
    const r = cardsFromDice("cautious", [1, 2, 3, 4, 5, 6, 1, 2]);
    expect(r.cards).toEqual({
      primary: { clubs: 5, spades: 6, diamonds: 7, hearts: 8 },
      secondary: { clubs: 9, spades: 10, diamonds: 5, hearts: 6 },
    });
    expect(r.mayRedraw).toBe(false);
  });

  it("reckless: two dice a card, in card order", () => {
    const r = cardsFromDice("reckless", [1, 1, 6, 6, 2, 3, 4, 5, 1, 2, 3, 3, 6, 1, 5, 5]);
    expect(r.cards.primary).toEqual({ clubs: 2, spades: 12, diamonds: 5, hearts: 9 });
    expect(r.cards.secondary).toEqual({ clubs: 3, spades: 6, diamonds: 7, hearts: 10 });
  });

  it("quick draw: a d6 picks one of the suit's 5–10 cards; the secondary equals the primary; ≤ 25 may redraw", () => {
    expect(quickDrawFromDice([1, 6, 2, 3])).toEqual({ clubs: 5, spades: 10, diamonds: 6, hearts: 7 });
    const low = cardsFromDice("quickDraw", [1, 6, 2, 3]); // 5 + 10 + 6 + 7 = 28
    expect(low.cards.secondary).toEqual(low.cards.primary);
    expect(low.mayRedraw).toBe(false);
  });

  it("quick draw's redraw threshold is exactly 25", () => {
    expect(cardsFromDice("quickDraw", [3, 3, 3, 4]).mayRedraw).toBe(false); // 7 + 7 + 7 + 8 = 29
    expect(cardsFromDice("quickDraw", [2, 2, 2, 3]).mayRedraw).toBe(true); // 6 + 6 + 6 + 7 = 25
    expect(cardsFromDice("quickDraw", [2, 2, 2, 4]).mayRedraw).toBe(false); // 26
  });

  it("every die a method rolls gives cards within the method's range", () => {
    const die = seeded(7);
    for (let i = 0; i < 200; i++) {
      for (const method of ROLLED_METHODS) {
        const values = [
          ...Object.values(rollChargenDice(method, die).cards.primary),
          ...Object.values(rollChargenDice(method, die).cards.secondary),
        ];
        const [min, max] = method === "reckless" ? [2, 12] : [5, 10];
        expect(values.every((v) => v >= min && v <= max)).toBe(true);
      }
    }
    expect(CHARGEN_DICE.quickDraw).toEqual({ count: 4, faces: 6 });
  });

  it("the cards are one update of all eight base-card paths", () => {
    const update = cardsUpdate(cardsFromDice("cautious", [1, 2, 3, 4, 5, 6, 1, 2]).cards);
    expect(update).toEqual({
      "system.suits.clubs.primary": 5,
      "system.suits.clubs.secondary": 9,
      "system.suits.spades.primary": 6,
      "system.suits.spades.secondary": 10,
      "system.suits.diamonds.primary": 7,
      "system.suits.diamonds.secondary": 5,
      "system.suits.hearts.primary": 8,
      "system.suits.hearts.secondary": 6,
    });
  });

  it("a roll writes the eight cards in one update of the actor, then the GEN-4 starting state", async () => {
    const actor = makeActor({ name: "New hero", type: "character" }) as unknown as {
      update(c: Record<string, unknown>): Promise<unknown>;
      applyStartingState(): Promise<void>;
      system: { suits: Record<string, { primary: number; secondary: number; eff: number }> };
    };
    const updates: Record<string, unknown>[] = [];
    const update = actor.update.bind(actor);
    actor.update = (changes) => {
      updates.push(changes);
      return update(changes);
    };
    await writeChargen(actor, cardsFromDice("reckless", [1, 1, 6, 6, 2, 3, 4, 5, 1, 2, 3, 3, 6, 1, 5, 5]));
    expect(updates).toHaveLength(2);
    expect(Object.keys(updates[0]!)).toHaveLength(8);
    expect(actor.system.suits.spades).toMatchObject({ primary: 12, secondary: 6 });
    expect(actor.system.suits.clubs).toMatchObject({ primary: 2, secondary: 3 });
    // The model prepared again from the new cards.
    expect(actor.system.suits.spades.eff).toBe(12);
  });

  it("asks before rolling over built cards, not over a fresh character", () => {
    expect(isUnbuilt(flat(4))).toBe(true);
    expect(isUnbuilt(exGen1)).toBe(false);
    expect(chargenContext({ method: "cautious", base: 4, cards: flat(4), race: noRace }).rolled).toEqual({
      formula: "8d6",
      confirm: false,
      redraw: false,
    });
    expect(chargenContext({ method: "cautious", base: 4, cards: exGen1, race: noRace }).rolled?.confirm).toBe(
      true,
    );
  });

  it("offers quick draw's redraw only while the cards are still the draw", () => {
    const draw = cardsFromDice("quickDraw", [2, 2, 2, 3]).cards;
    expect(redrawOffered(draw, draw)).toBe(true);
    expect(redrawOffered(null, draw)).toBe(false);
    const edited = { primary: { ...draw.primary, clubs: 9 }, secondary: draw.secondary };
    expect(redrawOffered(draw, edited)).toBe(false);
    expect(
      chargenContext({ method: "quickDraw", base: 4, cards: draw, race: noRace, redrawOf: draw }).rolled
        ?.redraw,
    ).toBe(true);
    expect(
      chargenContext({ method: "quickDraw", base: 4, cards: edited, race: noRace, redrawOf: draw }).rolled
        ?.redraw,
    ).toBe(false);
    // Only quick draw redraws.
    expect(
      chargenContext({ method: "cautious", base: 4, cards: draw, race: noRace, redrawOf: draw }).rolled
        ?.redraw,
    ).toBe(false);
  });
});

describe("chargen chat card", () => {
  const format = (key: string, data: Record<string, string>) => localize(key, data);
  /** The card as Foundry renders it: the lines' context through templates/chat/lines-card.hbs. */
  const chargenHtml = (
    lines: readonly ChargenLine[],
    l: (key: string) => string,
    f: (key: string, data: Record<string, string>) => string,
  ) => renderer.render(LINES_CARD_TEMPLATE, linesCardContext("chargen", lines, l, f));
  it("lists the method, the dice in order and the eight cards", () => {
    const html = chargenHtml(
      chargenLines(cardsFromDice("cautious", [1, 2, 3, 4, 5, 6, 1, 2])),
      (k) => localize(k),
      format,
    );
    expect(html).toContain("Cautious roll");
    expect(html).toContain("1, 2, 3, 4, 5, 6, 1, 2");
    expect(html).toContain("Clubs 5, Strength 9");
    expect(html).toContain("order rolled");
    expect(rootElements(html).elements).toHaveLength(1);
  });

  it("says when quick draw may redraw, and marks a redraw", () => {
    const result = cardsFromDice("quickDraw", [2, 2, 2, 3]);
    const lines = chargenLines(result, true);
    expect(lines[0]!.key).toBe("ZILCH.Chargen.Chat.Redrawn");
    expect(lines.at(-1)).toEqual({ key: "ZILCH.Chargen.Chat.MayRedraw", data: { total: 25 } });
  });

  it("escapes what it formats", () => {
    const html = chargenHtml(
      [{ key: "ZILCH.Chargen.Chat.Dice", data: { dice: "<b>1</b>" } }],
      (k) => k,
      format,
    );
    expect(html).not.toContain("<b>");
  });
});

describe("Suits tab with the Card generation panel", () => {
  const check = (html: string) => {
    const { elements, strayText } = rootElements(html);
    expect(strayText).toEqual([]);
    expect(elements).toHaveLength(1);
    for (const el of allElements(html)) {
      const action = attr(el, "data-action");
      if (action !== undefined) expect(CHARACTER_ACTIONS).toContain(action);
      if (el.tagName === "button") expect(attr(el, "type")).toBe("button");
    }
    return allElements(html);
  };
  // The panel's own buttons (the guide above it repeats "Ready to play" as its last step).
  const actionsIn = (html: string) =>
    allElements(html)
      .filter((el) => attr(el, "class") !== "step-ready")
      .map((el) => attr(el, "data-action"))
      .filter((a) => (CHARGEN_ACTIONS as readonly (string | undefined)[]).includes(a));

  for (const method of CHARGEN_METHODS) {
    it(`${method}: renders in edit mode with every action registered`, () => {
      const html = renderer.render(CHARACTER_PARTS.suits, fx.chargenCharacter(method));
      check(html);
      expect(html).toContain(localize(`ZILCH.Chargen.Method.${method}`));
      expect(actionsIn(html)).toEqual(
        method === "pointBuy" ? ["applyStartingState"] : ["rollChargen", "applyStartingState"],
      );
    });
  }

  it("both chargen actions are character-sheet actions", () => {
    for (const action of CHARGEN_ACTIONS) expect(CHARACTER_ACTIONS).toContain(action);
  });

  it("EX-GEN-1: shows 24 / 30 points and each card's cost", () => {
    const html = renderer.render(
      CHARACTER_PARTS.suits,
      fx.chargenCharacter("pointBuy", { suits: fx.EX_GEN_1 }),
    );
    expect(html).toContain("24 / 30 points (base 4)");
    const cells = [...html.matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1]!.trim());
    expect(cells).toEqual(["12", "6", "2", "2", "0", "0", "2", "0"]);
    expect(allElements(html).some((el) => attr(el, "class")?.includes("chargen-problems"))).toBe(false);
  });

  it("EX-GEN-1 as a Half-orc: the GEN-3 warning names the card and its value", () => {
    const html = renderer.render(
      CHARACTER_PARTS.suits,
      fx.chargenCharacter("pointBuy", {
        suits: fx.EX_GEN_1,
        race: { clubs: 1, spades: 0, diamonds: -1, hearts: 0 },
      }),
    );
    expect(html).toContain("After race, no card may start above 13: <span class=\"problem-cards\">Clubs 14</span>");
  });

  it("a fresh character at 4 with a base of 5 offers to start every card at 5; a built one does not", () => {
    const fresh = renderer.render(CHARACTER_PARTS.suits, fx.chargenCharacter("pointBuy", { base: 5 }));
    expect(actionsIn(fresh)).toEqual(["startPointBuy", "applyStartingState"]);
    expect(fresh).toContain("Set all eight cards to 5");
    expect(
      actionsIn(renderer.render(CHARACTER_PARTS.suits, fx.chargenCharacter("pointBuy", { base: 4 }))),
    ).toEqual(["applyStartingState"]);
    expect(
      actionsIn(
        renderer.render(
          CHARACTER_PARTS.suits,
          fx.chargenCharacter("pointBuy", { base: 5, suits: fx.EX_GEN_1 }),
        ),
      ),
    ).toEqual(["applyStartingState"]);
  });

  it("a fresh character at 4 with a base of 5 shows the eight cards below the base", () => {
    const ctx = fx.chargenCharacter("pointBuy", { base: 5 });
    expect(ctx.chargen?.warnings.filter((w) => w.key === "ZILCH.Chargen.Problem.belowBase")).toHaveLength(8);
  });

  it("quick draw's redraw button appears with the draw still on the cards", () => {
    const draw = cardsFromDice("quickDraw", [2, 2, 2, 3]).cards;
    const suits = Object.fromEntries(
      (["clubs", "spades", "diamonds", "hearts"] as const).map((s) => [
        s,
        { primary: draw.primary[s], secondary: draw.secondary[s] },
      ]),
    );
    const html = renderer.render(
      CHARACTER_PARTS.suits,
      fx.chargenCharacter("quickDraw", { suits, redrawOf: draw }),
    );
    check(html);
    expect(actionsIn(html)).toEqual(["rollChargen", "redrawChargen", "applyStartingState"]);
    expect(html).toContain(localize("ZILCH.Chargen.Overwrites"));
  });

  it("no panel in play mode, for someone who cannot edit, nor without the world's method", () => {
    const input = fx.chargenCharacterInput("cautious");
    expect(characterContext(input).chargen).not.toBeNull();
    expect(characterContext({ ...input, editMode: false }).chargen).toBeNull();
    expect(characterContext({ ...input, editable: false }).chargen).toBeNull();
    expect(characterContext({ ...input, chargen: null }).chargen).toBeNull();
    const play = renderer.render(CHARACTER_PARTS.suits, characterContext({ ...input, editMode: false }));
    expect(play).not.toContain("chargen-panel");
  });
});

/**
 * The thin Foundry part, run on a stand-in actor: Foundry's Roll, ChatMessage, settings, i18n and
 * DialogV2.confirm replaced by recorders that hand out scripted dice.
 */
describe("the sheet's Roll and Redraw buttons", () => {
  const g = globalThis as unknown as Record<string, unknown> & {
    game: Record<string, unknown>;
    foundry: Record<string, unknown>;
  };
  let saved: Record<string, unknown>;
  let dice: number[];
  let world: Record<string, string>;
  let posts: { content: string; rolls: { formula: string }[] }[];
  let confirms: number;
  let confirmAnswer: boolean;

  class ScriptedRoll {
    dice: { results: { result: number }[] }[] = [];
    constructor(readonly formula: string) {}
    async evaluate() {
      const count = Number(this.formula.split("d")[0]);
      this.dice = [{ results: dice.splice(0, count).map((result) => ({ result })) }];
      return this;
    }
  }

  beforeEach(() => {
    saved = { settings: g.game.settings, i18n: g.game.i18n, Roll: g.Roll, ChatMessage: g.ChatMessage };
    world = { chargenMethod: "quickDraw", pointBuyBase: "4" };
    posts = [];
    confirms = 0;
    confirmAnswer = false;
    g.game.settings = {
      settings: new Map([
        ["zilch.chargenMethod", {}],
        ["zilch.pointBuyBase", {}],
      ]),
      get: (ns: string, key: string) => (ns === "core" ? coreModeSetting(key, () => undefined) : world[key]),
    };
    g.game.i18n = {
      localize: (k: string) => localize(k),
      format: (k: string, d: Record<string, string>) => localize(k, d),
    };
    g.Roll = ScriptedRoll;
    g.ChatMessage = {
      create: async (data: (typeof posts)[number]) => void posts.push(data),
      getSpeaker: () => ({}),
      ...modeStandIn(PLAYER, [PLAYER, GM]),
    };
    g.foundry.applications = {
      // v13 renderTemplate(path, context): the real template, rendered by the template harness.
      handlebars: {
        renderTemplate: async (path: string, context: object) => renderer.render(path, context),
      },
      api: {
        DialogV2: {
          confirm: async () => {
            confirms++;
            return confirmAnswer;
          },
        },
      },
    };
  });
  afterEach(() => {
    g.game.settings = saved.settings;
    g.game.i18n = saved.i18n;
    g.Roll = saved.Roll;
    g.ChatMessage = saved.ChatMessage;
    delete g.foundry.applications;
  });

  /** A new character's sheet, counting the actor's updates and the sheet's renders. */
  function newSheet() {
    const actor = makeActor({
      name: "New hero",
      type: "character",
    }) as unknown as ChargenSheetLike["actor"] & {
      system: { suits: Record<string, { primary: number; secondary: number }> };
    };
    const updates: unknown[] = [];
    const update = actor.update.bind(actor);
    actor.update = ((changes: never) => {
      updates.push(changes);
      return update(changes);
    }) as never;
    const sheet = {
      actor,
      isEditable: true,
      chargenRedraw: null,
      renders: 0,
      render() {
        this.renders++;
      },
    };
    return { actor, sheet, updates };
  }
  const cardsOf = (actor: { system: { suits: Record<string, { primary: number; secondary: number }> } }) =>
    (["clubs", "spades", "diamonds", "hearts"] as const).flatMap((s) => [
      actor.system.suits[s]!.primary,
      actor.system.suits[s]!.secondary,
    ]);

  it("reads the world's method and point-buy base", () => {
    world = { chargenMethod: "reckless", pointBuyBase: "6" };
    expect(worldChargen()).toEqual({ method: "reckless", base: 6 });
  });

  it("quick draw: one Roll, one card update (then the starting state), one chat card with the roll; a total of 25 offers the redraw, once", async () => {
    const { actor, sheet, updates } = newSheet();
    dice = [2, 2, 2, 3, 6, 6, 6, 6];
    await CHARGEN_ACTION_HANDLERS.rollChargen.call(sheet);
    expect(updates).toHaveLength(2);
    expect(confirms).toBe(0); // a new character: nothing to lose
    expect(cardsOf(actor)).toEqual([6, 6, 6, 6, 6, 6, 7, 7]);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.rolls.map((r) => r.formula)).toEqual(["4d6"]);
    expect(posts[0]!.content).toContain("Quick draw");
    expect(sheet.chargenRedraw).not.toBeNull();

    await CHARGEN_ACTION_HANDLERS.redrawChargen.call(sheet);
    expect(updates).toHaveLength(4);
    expect(confirms).toBe(0);
    expect(cardsOf(actor)).toEqual(Array(8).fill(10));
    expect(posts[1]!.content).toContain("Cards redrawn");
    expect(sheet.chargenRedraw).toBeNull();

    await CHARGEN_ACTION_HANDLERS.redrawChargen.call(sheet);
    expect(updates).toHaveLength(4);
  });

  it("rolling over built cards asks first; declining changes nothing", async () => {
    const { actor, sheet, updates } = newSheet();
    world.chargenMethod = "cautious";
    await actor.update({ "system.suits.clubs.primary": 9 } as never);
    updates.length = 0;
    dice = [1, 2, 3, 4, 5, 6, 1, 2];
    await CHARGEN_ACTION_HANDLERS.rollChargen.call(sheet);
    expect(confirms).toBe(1);
    expect(updates).toHaveLength(0);
    expect(posts).toHaveLength(0);
    confirmAnswer = true;
    await CHARGEN_ACTION_HANDLERS.rollChargen.call(sheet);
    expect(updates).toHaveLength(2);
    expect(cardsOf(actor)).toEqual([5, 9, 6, 10, 7, 5, 8, 6]);
    expect(posts[0]!.rolls.map((r) => r.formula)).toEqual(["8d6"]);
  });

  it("point buy: Start at base writes all eight cards at the world's base in one update, only on a new character", async () => {
    const { actor, sheet, updates } = newSheet();
    world = { chargenMethod: "pointBuy", pointBuyBase: "6" };
    await CHARGEN_ACTION_HANDLERS.startPointBuy.call(sheet);
    expect(updates).toHaveLength(2); // the cards, then GEN-4's starting state
    expect(cardsOf(actor)).toEqual(Array(8).fill(6));
    await actor.update({ "system.suits.clubs.primary": 9 } as never);
    world.pointBuyBase = "5";
    await CHARGEN_ACTION_HANDLERS.startPointBuy.call(sheet);
    expect(updates).toHaveLength(3);
    expect(cardsOf(actor)[0]).toBe(9);
  });

  it("GEN-4: a Fighter rolled cautiously starts with HP at ♥ 8 and 5 ♣ chips, not the blank sheet's 4 HP and no chips", async () => {
    const { actor, sheet } = newSheet();
    world.chargenMethod = "cautious";
    await actor.update({ "system.classes": ["fighter"] } as never);
    const before = actor.system as unknown as { hp: { value: number }; chips: { clubs: number } };
    expect([before.hp.value, before.chips.clubs]).toEqual([4, 0]);
    dice = [1, 2, 3, 4, 5, 6, 1, 2]; // ♣5 ♠6 ♦7 ♥8
    await CHARGEN_ACTION_HANDLERS.rollChargen.call(sheet);
    const after = actor.system as unknown as {
      hp: { value: number; max: number };
      chips: { clubs: number; spades: number; diamonds: number };
    };
    expect(after.hp).toMatchObject({ value: 8, max: 8 });
    expect(after.chips).toEqual({ clubs: 5, spades: 0, diamonds: 0 });
  });

  it("GEN-4: after buying cards and choosing classes, Ready to play fills HP and chips and clears drain", async () => {
    const { actor, sheet } = newSheet();
    world = { chargenMethod: "pointBuy", pointBuyBase: "4" };
    // EX-GEN-1's build, as a Fighter/Wizard (CL-3: each class-suit card counts as half, CH-2).
    await actor.update({
      "system.classes": ["fighter", "wizard"],
      "system.suits.clubs.primary": 13,
      "system.suits.clubs.secondary": 10,
      "system.suits.spades.primary": 6,
      "system.suits.spades.secondary": 6,
      "system.suits.hearts.primary": 6,
      "system.suits.diamonds.primary": 9,
      "system.suits.hearts.drain": 2,
    } as never);
    await CHARGEN_ACTION_HANDLERS.applyStartingState.call(sheet);
    const sys = actor.system as unknown as {
      hp: { value: number; max: number };
      chips: { clubs: number; spades: number; diamonds: number };
      suits: Record<string, { drain: number }>;
    };
    expect(sys.suits.hearts!.drain).toBe(0);
    expect(sys.hp).toMatchObject({ value: 6, max: 6 });
    expect(sys.chips).toEqual({ clubs: 6, spades: 0, diamonds: 4 });
    // A sheet the user cannot edit changes nothing.
    await actor.update({ "system.hp.value": 2 } as never);
    await CHARGEN_ACTION_HANDLERS.applyStartingState.call({ ...sheet, isEditable: false });
    expect(sys.hp.value).toBe(2);
  });

  it("point buy has nothing to roll, and a sheet the user cannot edit rolls nothing", async () => {
    const { sheet, updates } = newSheet();
    world.chargenMethod = "pointBuy";
    await CHARGEN_ACTION_HANDLERS.rollChargen.call(sheet);
    world.chargenMethod = "reckless";
    await CHARGEN_ACTION_HANDLERS.rollChargen.call({ ...sheet, isEditable: false });
    expect(updates).toHaveLength(0);
    expect(posts).toHaveLength(0);
  });
});
