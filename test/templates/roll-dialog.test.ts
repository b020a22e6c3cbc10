import { describe, expect, it } from "vitest";
import { createRenderer } from "./harness";
import { ROLL_DIALOG_PARTS } from "../../src/applications/sheets/shared/constants";
import {
  rollChoiceFromForm,
  rollDialogContext,
  rollSummaryContext,
} from "../../src/applications/dialogs/roll-dialog-context";
import { makeActor, type CharacterData } from "../data/models-setup";
import type { DocumentData } from "../stand-in/documents";
import { DEFAULT_REQUEST, summarizeRequest } from "../../src/rules/roll-request";

/**
 * The roll dialog's summary part is rebuilt from the form as it stands (the app
 * re-renders that part alone on change), and Roll resolves with the form read as the user's choice.
 */
const renderer = createRenderer();
const facts = {
  cards: { clubs: 11, spades: 8, diamonds: 6, hearts: 6, strength: 9, cunning: 7, knowledge: 7, charisma: 6 },
  skillBonus: 5,
  chips: { clubs: 3, spades: 4 },
  boons: 1,
  pips: null,
};

describe("roll dialog summary part", () => {
  it("follows the request: a harder difficulty lowers the target (T-2)", () => {
    const easy = rollSummaryContext({ ...DEFAULT_REQUEST, card: "clubs" }, facts);
    const hard = rollSummaryContext({ ...DEFAULT_REQUEST, card: "clubs", difficulty: "hard" }, facts);
    expect(hard.summary.target).toBeLessThan(easy.summary.target);
    expect(renderer.render(ROLL_DIALOG_PARTS.summary, hard)).toContain(`Target ${hard.summary.target}`);
  });

  it("CD-15: pending Effort and Pressure are added to the target and named in the summary; none, nothing shown", () => {
    const request = { ...DEFAULT_REQUEST, card: "clubs" as const };
    const plain = rollSummaryContext(request, facts);
    const effort = rollSummaryContext(request, { ...facts, ones: { effort: 2, pressure: 0 } });
    const both = rollSummaryContext(request, { ...facts, ones: { effort: 2, pressure: -2 } });
    expect(effort.summary.target).toBe(plain.summary.target + 2);
    expect(both.summary.target).toBe(plain.summary.target);
    const shown = renderer.render(ROLL_DIALOG_PARTS.summary, effort);
    expect(shown).toContain(`Target ${plain.summary.target + 2}`);
    expect(shown).toContain("Effort +2 (a 1 you spent): this roll uses it up");
    expect(shown).not.toContain("data-summary-pressure");
    expect(renderer.render(ROLL_DIALOG_PARTS.summary, both)).toContain("Pressure \u22122 (a 1 an enemy spent on you)");
    const none = renderer.render(ROLL_DIALOG_PARTS.summary, plain);
    expect(none).not.toContain("data-summary-effort");
    expect(none).not.toContain("data-summary-pressure");
  });

  it("counts only the chips the card allows (CH-7): a test commits none", () => {
    const request = { ...DEFAULT_REQUEST, card: "clubs" as const, chips: 3, save: false };
    expect(rollSummaryContext(request, facts).summary).toEqual(summarizeRequest({ ...request, chips: 0 }, facts));
  });
});

describe("roll dialog choice", () => {
  it("reads the form's values as the request, skill and contest", () => {
    const choice = rollChoiceFromForm({ card: "spades", difficulty: "hard", modifier: "2", skillId: "sk1", opponent: "Actor.abc", opponentCard: "cunning", opponentModifier: "-3" });
    expect(choice.request).toMatchObject({ card: "spades", difficulty: "hard", modifier: 2 });
    expect(choice).toMatchObject({ skillId: "sk1", opponent: "Actor.abc", opponentCard: "cunning", opponentModifier: -3 });
  });

  it("a blank skill and opponent are none, a bad modifier is 0", () => {
    const choice = rollChoiceFromForm({ card: "clubs", skillId: "", opponent: "", opponentModifier: "x" });
    expect(choice).toMatchObject({ skillId: undefined, opponent: "", opponentModifier: 0 });
  });
});

describe("EQ-13: swimming in armour or with a shield", () => {
  const gear: DocumentData[] = [
    { name: "Chainmail", type: "armor", system: { category: "heavy", slot: "armor" } },
    { name: "Large shield", type: "shield", system: { kind: "large", slot: "hands" } },
  ];
  const penalty = (items: DocumentData[]) =>
    (makeActor({ name: "Swimmer", type: "character", items }).creature as CharacterData).equipment.swimPenalty;

  it("EQ-13: chainmail (DR 2) and a Large shield (+2) take 8 off a swim the user ticks; no gear, no box", () => {
    expect(penalty(gear)).toBe(-8);
    expect(penalty(gear.slice(0, 1))).toBe(-4);
    expect(penalty([])).toBe(0);
    const swimmer = { ...facts, swimPenalty: penalty(gear) };
    const request = { ...DEFAULT_REQUEST, card: "strength" as const, skill: true };
    const html = renderer.render(ROLL_DIALOG_PARTS.fields, rollDialogContext({ id: "r", request, facts: swimmer, skills: [] }));
    expect(html).toMatch(/<input type="checkbox" name="swimming"[^>]*> Swimming in armour or with a shield \(\u22128\)/);
    const dry = rollChoiceFromForm({ card: "strength", skill: "on" }).request;
    const wet = rollChoiceFromForm({ card: "strength", skill: "on", swimming: "on" }).request;
    expect(summarizeRequest(dry, swimmer).target).toBe(9 + 5);
    expect(summarizeRequest(wet, swimmer).target).toBe(9 + 5 - 8);
    const bare = renderer.render(ROLL_DIALOG_PARTS.fields, rollDialogContext({ id: "r", request, facts: { ...facts, swimPenalty: 0 }, skills: [] }));
    expect(bare).not.toContain('name="swimming"');
  });
});

describe("RA-3: the race's bonus box", () => {
  const request = { ...DEFAULT_REQUEST, card: "cunning" as const, skill: true, raceBonus: true };
  const fields = (raceBonus: number) =>
    renderer.render(ROLL_DIALOG_PARTS.fields, rollDialogContext({ id: "r", request, facts: { ...facts, raceBonus }, skills: [] }));

  it("RA-3: shown ticked with its +2 where the test takes it, hidden where it does not; the form reads the tick", () => {
    expect(fields(2)).toMatch(/<label class="check" data-race-bonus><input type="checkbox" name="raceBonus" checked[^>]*> <span data-race-bonus-value>Race bonus \(\+2\)<\/span>/);
    expect(fields(0)).toMatch(/<label class="check" data-race-bonus hidden>/);
    expect(rollChoiceFromForm({ card: "cunning", skill: "on", raceBonus: "on" }).request.raceBonus).toBe(true);
    expect(rollChoiceFromForm({ card: "cunning", skill: "on" }).request.raceBonus).toBe(false);
  });
});

describe("RA-2, RA-3: the race's save box", () => {
  const elf = { ...facts, raceSave: { against: ["charm", "sleep"] as const, bonus: 2 } };
  const fields = (save: boolean, f: typeof facts = elf) =>
    renderer.render(ROLL_DIALOG_PARTS.fields, rollDialogContext({ id: "r", request: { ...DEFAULT_REQUEST, card: "diamonds", save }, facts: f, skills: [] }));

  it("an Elf's save offers 'Against charm or sleep (+2)', unticked; hidden on a plain test; none without a save bonus", () => {
    expect(fields(true)).toMatch(/<label class="check" data-race-save><input type="checkbox" name="raceSave" *> <span>Against charm or sleep \(\+2\)<\/span>/);
    expect(fields(false)).toMatch(/<label class="check" data-race-save hidden>/);
    expect(fields(true, facts)).not.toContain("data-race-save");
    expect(rollChoiceFromForm({ card: "diamonds", save: "on", raceSave: "on" }).request.raceSave).toBe(true);
  });
});

describe("the roll dialog's words and states", () => {
  const request = { ...DEFAULT_REQUEST, card: "diamonds" as const, save: false };
  const skills = [{ id: "sk1", label: "Athletics (+5)" }];
  const fields = (skillId: string | undefined, extra: object = {}) =>
    renderer.render(ROLL_DIALOG_PARTS.fields, rollDialogContext({ id: "r", request, facts, skills, skillId, ...extra }));

  it("SK-1: 'Apply skill' shows only with a skill chosen, with that skill's bonus", () => {
    expect(fields(undefined)).toMatch(/<label class="check" data-apply-skill hidden>/);
    expect(fields("sk1")).toMatch(/<label class="check" data-apply-skill><input type="checkbox" name="skill"[^>]*> <span data-apply-skill-value>Apply skill \(5\)<\/span>/);
  });

  it("a save is named in players' words: 'Saving throw (pass/fail only)'", () => {
    expect(fields(undefined)).toContain("Saving throw (pass/fail only)");
    expect(fields(undefined)).not.toContain("(binary)");
  });

  it("offers who sees the roll, the chat log's mode chosen; the form's choice is read back, a bogus one ignored", () => {
    const html = fields(undefined, { rollMode: "gm" });
    expect(html).toMatch(/<label for="r-roll-mode">Who sees the roll<\/label>/);
    expect(html).toMatch(/<option value="gm" selected>Me and the GM<\/option>/);
    for (const words of ["Everyone", "The GM only (hidden from me)", "Only me"]) expect(html).toContain(`>${words}</option>`);
    expect(rollChoiceFromForm({ card: "clubs", rollMode: "blind" }).rollMode).toBe("blind");
    expect(rollChoiceFromForm({ card: "clubs", rollMode: "blindroll" })).not.toHaveProperty("rollMode");
  });
});
