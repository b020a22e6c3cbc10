/**
 * Data layer: homebrew skills and knacks. A skill with no listed key is a homebrew
 * skill (SK-4) and may name the card its tests use; a knack with no key is a homebrew knack with its
 * own class, chip suit, cost and timing (KN-1). Bad input is refused with the field named.
 */
import { describe, expect, it } from "vitest";
import { ITEM_MODELS } from "./models-setup";
import { skillCardOf } from "../../src/applications/sheets/play/skill-card";

function loose<M extends abstract new (...args: never[]) => unknown>(
  Model: M,
): new (source: unknown) => InstanceType<M> {
  return Model as unknown as new (source: unknown) => InstanceType<M>;
}
const Skill = loose(ITEM_MODELS.skill);
const Knack = loose(ITEM_MODELS.knack);

describe("homebrew skills (SK-4)", () => {
  it("stores the card a homebrew skill names, and pre-selects it in the roll dialog", () => {
    const skill = new Skill({ key: null, scope: "Orcs", card: "knowledge" });
    expect(skill.toObject()).toMatchObject({ key: null, scope: "Orcs", card: "knowledge" });
    expect(skillCardOf(skill)).toBe("knowledge");
  });

  it("a listed skill keeps the book's card unless it names one", () => {
    expect(skillCardOf(new Skill({ key: "stealth" }))).toBe("cunning");
    expect(skillCardOf(new Skill({ key: "stealth", card: "charisma" }))).toBe("charisma");
    expect(skillCardOf(new Skill({ key: null }))).toBe("clubs");
  });

  it("a new skill names no card, and a card outside the eight is refused", () => {
    expect(new Skill({}).toObject()).toMatchObject({ card: null });
    expect(() => new Skill({ card: "wisdom" })).toThrow(/card/);
  });
});

describe("homebrew knacks (KN-1)", () => {
  it("a knack with no key keeps its own class, chip suit, cost and timing", () => {
    const knack = new Knack({
      key: null,
      class: "rogue",
      chipSuit: "spades",
      chipCost: 2,
      trigger: "minor",
    });
    expect(knack.toObject()).toMatchObject({
      key: null,
      class: "rogue",
      chipSuit: "spades",
      chipCost: 2,
      trigger: "minor",
    });
  });

  it("bounds its cost and refuses a trigger the rules do not have", () => {
    expect(new Knack({ chipCost: 99 }).toObject()).toMatchObject({ chipCost: 10 });
    expect(() => new Knack({ trigger: "whenever" })).toThrow(/trigger/);
  });
});
