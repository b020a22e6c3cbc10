import { describe, expect, it } from "vitest";
import { createRenderer } from "./harness";
import { ROLL_DIALOG_PARTS } from "../../src/applications/sheets/shared/constants";
import { liveRollView, rollDialogContext } from "../../src/applications/dialogs/roll-dialog-context";
import {
  DEFAULT_REQUEST,
  requestFromForm,
  requestInjuryModifiers,
  summarizeRequest,
  testKindOfSkill,
  type RollFacts,
} from "../../src/rules/roll-request";
import { createInjury } from "../../src/rules/injury/grievous-injury";
import type { InjuryRecord } from "../../src/rules/injury/lasting-modifiers";
import { createWound } from "../../src/rules/wounds";

const fracture: InjuryRecord = {
  source: "inj1",
  effect: "fracture",
  location: "leftArm",
  lasting: createInjury("leftArm", { effect: "fracture", modifier: 0 }).lasting,
};
const chestWound: InjuryRecord = { source: "inj2", effect: "deepChestWound", location: "chest", lasting: createWound("chest", false).lasting };

const facts: RollFacts = {
  cards: { clubs: 9, spades: 8, diamonds: 6, hearts: 6, strength: 7, cunning: 7, knowledge: 7, charisma: 6 },
  skillBonus: 0,
  chips: {},
  boons: 0,
  pips: null,
  injuries: [fracture, chestWound],
};

describe("injury modifiers in the roll dialog (INJ-8, T-2)", () => {
  it("applies every applicable injury modifier, pre-ticked", () => {
    const view = liveRollView({ ...DEFAULT_REQUEST, card: "clubs" }, facts);
    expect(view.injuryModifiers.map((m) => [m.source, m.value, m.applied])).toEqual([
      ["inj1", -5, true],
      ["inj2", -2, true],
    ]);
    expect(view.summary.target).toBe(9 - 7);
  });

  it("only the modifiers for the chosen card are offered", () => {
    const view = liveRollView({ ...DEFAULT_REQUEST, card: "spades" }, facts);
    expect(view.injuryModifiers.map((m) => m.source)).toEqual(["inj2"]);
    expect(view.summary.target).toBe(6);
  });

  it("unticking a box takes its modifier off the target and the chance", () => {
    const all = summarizeRequest({ ...DEFAULT_REQUEST, card: "clubs" }, facts);
    const form = { card: "clubs", injuriesOffered: "inj1,inj2", "injury-inj2": "on" };
    const request = requestFromForm(form);
    expect(request.injuriesOff).toEqual(["inj1"]);
    const unticked = liveRollView(request, facts);
    expect(unticked.summary.target).toBe(7);
    expect(unticked.summary.chance).toBeGreaterThan(all.chance);
    expect(unticked.injuryModifiers.find((m) => m.source === "inj1")?.applied).toBe(false);
  });

  it("a form without injury fields applies them all", () => {
    expect(requestFromForm({ card: "clubs" }).injuriesOff).toEqual([]);
  });

  it("the dialog renders each injury as a named, ticked checkbox", () => {
    const context = rollDialogContext({ id: "roll", request: { ...DEFAULT_REQUEST, card: "clubs" }, facts, skills: [] });
    expect(context.injuriesOffered).toBe("inj1,inj2");
    const html = Object.values(ROLL_DIALOG_PARTS).map((t) => createRenderer().render(t, context)).join("");
    expect(html).toMatch(/<input type="checkbox" name="injury-inj1" checked[^>]*> Fracture \(Left arm\) \u22125/);
    expect(html).toMatch(/name="injury-inj2" checked[^>]*> Deep chest wound \(Chest\) \u22122/);
    expect(html).toContain('name="injuriesOffered" value="inj1,inj2"');
    expect(html).toContain("Target 2");
  });

  it("the injury group is hidden when nothing applies", () => {
    const context = rollDialogContext({ id: "roll", request: DEFAULT_REQUEST, facts: { ...facts, injuries: [] }, skills: [] });
    const html = Object.values(ROLL_DIALOG_PARTS).map((t) => createRenderer().render(t, context)).join("");
    expect(html).toMatch(/data-injuries hidden/);
  });
});

describe("INJ-8 movement and stamina tests come from the skill used", () => {
  it("Athletics is a movement and stamina test, Acrobatics a movement test, others neither", () => {
    expect(testKindOfSkill("athletics")).toEqual({ movement: true, stamina: true });
    expect(testKindOfSkill("acrobatics")).toEqual({ movement: true });
    expect(testKindOfSkill("stealth")).toBeUndefined();
    expect(testKindOfSkill(undefined)).toBeUndefined();
  });

  it("a leg fracture's −5 reaches a Strength test with Athletics, and no plain Strength test", () => {
    const leg: InjuryRecord = {
      source: "inj3",
      effect: "fracture",
      location: "leftLeg",
      lasting: createInjury("leftLeg", { effect: "fracture", modifier: 0 }).lasting,
    };
    const request = { ...DEFAULT_REQUEST, card: "strength" as const };
    const withSkill = requestInjuryModifiers(request, { injuries: [leg], testKind: testKindOfSkill("athletics") });
    expect(withSkill.map((m) => [m.source, m.value])).toEqual([["inj3", -5]]);
    expect(requestInjuryModifiers(request, { injuries: [leg] })).toEqual([]);
  });
});
