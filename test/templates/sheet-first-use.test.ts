import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import * as fx from "./fixtures";
import { CHARACTER_PARTS } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { characterInput } from "../../src/applications/sheets/actor/actor-data";
import { chargenContext, groupedProblems } from "../../src/applications/sheets/character/chargen-context";
import { firstSteps, opensInEditMode } from "../../src/applications/sheets/character/first-steps";

/**
 * First use: a new character's sheet says what to do first (press Edit; it opens
 * in edit mode), leads through the steps to a ready character, and point buy says each problem once.
 */
const renderer = createRenderer();
const classed = (el: ReturnType<typeof allElements>[number], name: string) =>
  (attr(el, "class") ?? "").split(/\s+/).includes(name);

describe("first-use guide", () => {
  it("a blank character opens in edit mode; a built one does not", () => {
    expect(opensInEditMode(fx.emptyCharacterInput())).toBe(true);
    expect(opensInEditMode(fx.fullCharacterInput())).toBe(false);
    expect(opensInEditMode({ ...fx.emptyCharacterInput(), editable: false })).toBe(false);
  });

  it("in play mode a blank character's sheet says to press Edit, with a button that does", () => {
    const html = renderer.render(CHARACTER_PARTS.suits, fx.emptyCharacter());
    expect(html).toContain("This character is not finished yet. Press Edit");
    const start = allElements(html).find((el) => classed(el, "start-building"))!;
    expect(attr(start, "data-action")).toBe("toggleMode");
    const steps = allElements(html).filter((el) => classed(el, "first-step"));
    expect(steps.map((el) => attr(el, "class")?.split(" ")[1])).toEqual([
      "step-cards",
      "step-race",
      "step-classes",
      "step-talents",
      "step-equipment",
      "step-ready",
    ]);
    // The first open step is the current one; none is done yet.
    expect(steps.filter((el) => attr(el, "aria-current") === "step").map((el) => attr(el, "class"))).toEqual([
      "first-step step-cards next",
    ]);
    expect(html).toContain("0 of 6 done");
  });

  it("in edit mode the guide stays, without the prompt, above the card-generation panel", () => {
    const input = fx.chargenCharacterInput("pointBuy");
    const html = renderer.render(CHARACTER_PARTS.suits, characterContext(input));
    expect(html).not.toContain("Press Edit");
    expect(html.indexOf("first-steps")).toBeLessThan(html.indexOf("chargen-panel"));
  });

  it("ticks each step as the data fills in, and leaves once all are done", () => {
    const ready = (system: Record<string, unknown>, items: { name: string; type: string; system?: Record<string, unknown> }[]) =>
      characterInput(fx.prepared({ name: "Ada", type: "character", system, items }), {
        id: "ada",
        editable: true,
        editMode: false,
      });
    const cards = { suits: fx.EX_GEN_1 };
    const race = { name: "Dwarf", type: "race", system: { key: "dwarf" } };
    const sword = { name: "Sword", type: "weapon", system: { slot: "hands" } };
    const halfway = ready({ ...cards, classes: ["fighter"], started: false }, [race]);
    expect(firstSteps(halfway).map((s) => [s.id, s.done])).toEqual([
      ["cards", true],
      ["race", true],
      ["classes", true],
      ["talents", false],
      ["equipment", false],
      ["ready", false],
    ]);
    const next = characterContext(halfway).firstSteps!;
    expect([next.done, next.next]).toEqual([3, "talents"]);
    const max = halfway.system.talents.allowance;
    const skills = Array.from({ length: max }, (_, i) => ({ name: `Skill ${i}`, type: "skill", system: { key: "notice" } }));
    const notStarted = ready({ ...cards, classes: ["fighter"], started: false }, [race, sword, ...skills]);
    expect(firstSteps(notStarted).filter((s) => !s.done).map((s) => s.id)).toEqual(["ready"]);
    const done = ready({ ...cards, classes: ["fighter"], started: true }, [race, sword, ...skills]);
    expect(firstSteps(done).every((s) => s.done)).toBe(true);
    expect(characterContext(done).firstSteps).toBeNull();
    expect(renderer.render(CHARACTER_PARTS.suits, characterContext(done))).not.toContain("first-steps");
  });

  it("a model warning keeps its step open (a Human whose bonus suit is not chosen)", () => {
    const human = { name: "Human", type: "race", system: { key: "human", choiceBonus: 1, chosenSuit: null } };
    const input = characterInput(
      fx.prepared({ name: "Two", type: "character", system: { suits: fx.EX_GEN_1 }, items: [human] }),
      { id: "two", editable: true, editMode: true },
    );
    expect(input.system.warnings).toContain("raceSuitNotChosen");
    expect(firstSteps(input).find((s) => s.id === "race")!.done).toBe(false);
  });

  it("RA-2: a Human just dropped offers its bonus suit in the header, one button per suit, no window", () => {
    const human = { name: "Human", type: "race", system: { key: "human", choiceBonus: 1, chosenSuit: null } };
    const input = characterInput(
      fx.prepared({ name: "Two", type: "character", system: { suits: fx.EX_GEN_1 }, items: [human] }),
      { id: "two", editable: true, editMode: false },
    );
    const html = renderer.render(CHARACTER_PARTS.header, characterContext(input));
    const buttons = allElements(html).filter((el) => attr(el, "data-action") === "chooseRaceSuit");
    expect(buttons.map((el) => [attr(el, "data-suit"), attr(el, "aria-pressed"), attr(el, "type")])).toEqual([
      ["clubs", "false", "button"],
      ["spades", "false", "button"],
      ["diamonds", "false", "button"],
      ["hearts", "false", "button"],
    ]);
    expect(html).toContain("Human: your +1 goes to");
    // The buttons sit inside the race item's row, which is how the action finds the item.
    const fieldset = allElements(html).find((el) => classed(el, "race-choice"))!;
    expect(attr(fieldset, "data-item-id")).toBe(input.items.find((i) => i.type === "race")!.id);
    const chosen = characterInput(
      fx.prepared({
        name: "Two",
        type: "character",
        system: { suits: fx.EX_GEN_1 },
        items: [{ ...human, system: { ...human.system, chosenSuit: "hearts" } }],
      }),
      { id: "two", editable: true, editMode: true },
    );
    const edit = renderer.render(CHARACTER_PARTS.header, characterContext(chosen));
    const pressed = allElements(edit).filter((el) => attr(el, "aria-pressed") === "true" && classed(el, "race-suit"));
    expect(pressed.map((el) => attr(el, "data-suit"))).toEqual(["hearts"]);
    // The race can be opened from the header in edit mode.
    expect(allElements(edit).some((el) => classed(el, "race-open") && attr(el, "data-action") === "editItem")).toBe(true);
  });

  it("each step's name is a button to where it is done; race, Talents and equipment open their compendiums", () => {
    const html = renderer.render(CHARACTER_PARTS.suits, fx.emptyCharacter());
    const goes = allElements(html).filter((el) => attr(el, "data-action") === "goToStep");
    expect(goes.map((el) => [attr(el, "data-step"), attr(el, "type")])).toEqual(
      ["cards", "race", "classes", "talents", "equipment", "ready"].map((step) => [step, "button"]),
    );
    const packs = allElements(html).filter((el) => attr(el, "data-action") === "openStepPack");
    expect(packs.map((el) => attr(el, "data-pack"))).toEqual(["races", "skills", "knacks", "weapons", "armor", "gear"]);
    expect(html).toContain(">Races</button>");
    // The last step is the one button that starts play: full HP and chips.
    const ready = allElements(html).filter((el) => el.tagName === "button" && classed(el, "step-ready"));
    expect(ready.map((el) => attr(el, "data-action"))).toEqual(["applyStartingState"]);
    expect(html).toContain("Ready to play");
  });

  it("the guide can be hidden: one quiet line with the count and a Show button instead of the steps", () => {
    const shown = renderer.render(CHARACTER_PARTS.suits, fx.emptyCharacter());
    expect(allElements(shown).filter((el) => attr(el, "data-action") === "hideGuide")).toHaveLength(1);
    const hidden = renderer.render(CHARACTER_PARTS.suits, characterContext({ ...fx.emptyCharacterInput(), guideHidden: true }));
    expect(hidden).not.toContain("first-steps-list");
    expect(hidden).not.toContain("goToStep");
    expect(allElements(hidden).filter((el) => attr(el, "data-action") === "showGuide")).toHaveLength(1);
    expect(hidden).toContain("Getting started: 0 of 6 done");
  });

  it("a viewer who cannot edit the character gets no guide", () => {
    const input = { ...fx.emptyCharacterInput(), editable: false };
    expect(renderer.render(CHARACTER_PARTS.suits, characterContext(input))).not.toContain("first-steps");
  });
});

describe("point-buy problems, one message each", () => {
  it("a fresh character below a base of 5 gets one message naming the eight cards", () => {
    const ctx = fx.chargenCharacter("pointBuy", { base: 5 });
    expect(ctx.chargen!.problems).toHaveLength(1);
    expect(ctx.chargen!.problems[0]!.cards).toHaveLength(8);
    const html = renderer.render(CHARACTER_PARTS.suits, ctx);
    const lines = allElements(html).filter((el) => classed(el, "warning") && el.tagName === "li");
    expect(lines).toHaveLength(1);
    expect(html).toContain("Below the base of 5: <span class=\"problem-cards\">Clubs 4, Spades 4, Diamonds 4, Hearts 4, Strength 4,");
  });

  it("over budget, above K and below the base are three messages, whatever the number of cards", () => {
    const cards = {
      primary: { clubs: 14, spades: 4, diamonds: 4, hearts: 4 },
      secondary: { clubs: 13, spades: 13, diamonds: 4, hearts: 4 },
    };
    const noRace = { clubs: 0, spades: 0, diamonds: 0, hearts: 0 };
    const ctx = chargenContext({ method: "pointBuy", base: 5, cards, race: noRace });
    expect(ctx.warnings.length).toBeGreaterThan(3);
    expect(ctx.problems.map((p) => [p.key, p.cards.length])).toEqual([
      ["ZILCH.Chargen.Problems.overBudget", 0],
      ["ZILCH.Chargen.Problems.aboveMax", 1],
      ["ZILCH.Chargen.Problems.belowBase", 5],
      // GEN-3 after race: the same ♣14 is also above the creation maximum, a problem of its own.
      ["ZILCH.Chargen.Problems.aboveCreationMax", 1],
    ]);
  });

  it("groups by kind and limit, keeping the order found", () => {
    expect(
      groupedProblems([
        { key: "ZILCH.Chargen.Problem.belowMin", card: "ZILCH.Card.hearts", value: 1, limit: 2 },
        { key: "ZILCH.Chargen.Problem.aboveCreationMax", card: "ZILCH.Card.clubs", value: 14, limit: 13 },
        { key: "ZILCH.Chargen.Problem.belowMin", card: "ZILCH.Card.charisma", value: 0, limit: 2 },
      ]).map((p) => [p.key, p.cards.map((c) => c.value)]),
    ).toEqual([
      ["ZILCH.Chargen.Problems.belowMin", [1, 0]],
      ["ZILCH.Chargen.Problems.aboveCreationMax", [14]],
    ]);
  });
});
