import { describe, expect, it } from "vitest";
import { makeActor } from "./models-setup";
import { TRACKABLE_ATTRIBUTES, tokenAttributeChange } from "../../src/data/actor/token-bars";

/**
 * Token bars and the token HUD: a character offers HP and each class suit's chips as bars (the
 * model prepares the chips as value and capacity) and Grit, Wounds and adrenaline as single values;
 * an NPC's stored chip pairs are bars as they stand. A HUD edit of a routed attribute becomes the
 * stored field's change, clamped to its bounds; HP and an NPC's chips stay core's to write.
 */
const fighter = () =>
  makeActor({
    name: "Ana",
    type: "character",
    system: {
      classes: ["fighter"],
      suits: { clubs: { primary: 10, secondary: 8 } },
      chips: { clubs: 3, spades: 0, diamonds: 0 },
      grit: { value: 4, wounds: 1, adrenaline: 1 },
    },
  });

describe("the token bars each actor type offers", () => {
  it("character: HP and the three class suits' chips as bars; Grit, Wounds and adrenaline as values", () => {
    expect(TRACKABLE_ATTRIBUTES.character).toEqual({
      bar: ["hp", "classChips.clubs", "classChips.spades", "classChips.diamonds"],
      value: ["grit.value", "grit.wounds", "grit.adrenaline"],
    });
    expect(TRACKABLE_ATTRIBUTES.npc.bar).toEqual(["hp", "chips.clubs", "chips.spades", "chips.diamonds"]);
  });

  it("CH-1, CH-2: a character's chip bar is its chips out of the suit's capacity, as prepared", () => {
    const ana = fighter();
    const system = ana.system as unknown as {
      classChips: Record<string, { value: number; max: number }>;
      suits: Record<string, { capacity: number }>;
    };
    expect(system.classChips.clubs).toEqual({ value: 3, max: system.suits.clubs!.capacity });
    expect(system.classChips.clubs!.max).toBeGreaterThan(0);
    expect(system.classChips.spades).toEqual({ value: 0, max: 0 });
  });

  it("every bar path holds {value, max} and every value path a number on the prepared models", () => {
    const npc = makeActor({ name: "Orc", type: "npc", system: {} });
    for (const [actor, lists] of [
      [fighter(), TRACKABLE_ATTRIBUTES.character],
      [npc, TRACKABLE_ATTRIBUTES.npc],
    ] as const) {
      const at = (path: string) =>
        path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], actor.system);
      for (const path of lists.bar)
        expect(at(path), path).toMatchObject({ value: expect.any(Number), max: expect.any(Number) });
      for (const path of lists.value) expect(typeof at(path), path).toBe("number");
    }
  });
});

describe("a token HUD edit of a routed attribute", () => {
  it("a chip bar's delta or value goes to system.chips, clamped to 0 and the capacity", () => {
    const system = fighter().system as never;
    const cap = (fighter().system as unknown as { suits: { clubs: { capacity: number } } }).suits.clubs
      .capacity;
    expect(tokenAttributeChange(system, "classChips.clubs", -2, true)).toEqual({ "system.chips.clubs": 1 });
    expect(tokenAttributeChange(system, "classChips.clubs", -9, true)).toEqual({ "system.chips.clubs": 0 });
    expect(tokenAttributeChange(system, "classChips.clubs", 99, false)).toEqual({
      "system.chips.clubs": cap,
    });
  });

  it("Grit, Wounds and adrenaline go to system.grit within the schema's bounds", () => {
    const system = fighter().system as never;
    expect(tokenAttributeChange(system, "grit.value", 3, true)).toEqual({ "system.grit.value": 7 });
    expect(tokenAttributeChange(system, "grit.value", -10, true)).toEqual({ "system.grit.value": 0 });
    expect(tokenAttributeChange(system, "grit.wounds", 50, false)).toEqual({ "system.grit.wounds": 30 });
    expect(tokenAttributeChange(system, "grit.adrenaline", 2, true)).toEqual({ "system.grit.adrenaline": 3 });
  });

  it("HP, an NPC's chips, other paths and a non-number are left to core", () => {
    const system = fighter().system as never;
    expect(tokenAttributeChange(system, "hp", -3, true)).toBeNull();
    expect(tokenAttributeChange(system, "chips.clubs", 1, true)).toBeNull();
    expect(tokenAttributeChange(system, "grit.unbandaged", 1, true)).toBeNull();
    expect(tokenAttributeChange(system, "classChips.clubs", Number.NaN, true)).toBeNull();
  });
});
