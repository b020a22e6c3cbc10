import { describe, expect, it } from "vitest";
import {
  SPELL_DEFAULTS,
  castProblems,
  castSpeed,
  handFreeOrFocus,
  payForCast,
  spellDamageBase,
  type CastInput,
} from "../../src/rules/magic";

const wizard: CastInput = {
  classes: ["wizard"],
  chips: 5,
  spell: { chipCost: 3, maxRange: "near" },
  handFreeOrFocus: true,
  canMoveAndSpeak: true,
};

describe("MAG-2, MAG-3, MAG-5 cast legality", () => {
  it("MAG-2, EQ-1: two hands; a free hand or any held focus will do", () => {
    const sword = { hands: 1, focus: false };
    expect(handFreeOrFocus([])).toBe(true);
    expect(handFreeOrFocus([sword])).toBe(true);
    expect(handFreeOrFocus([sword, sword])).toBe(false);
    expect(handFreeOrFocus([{ hands: 2, focus: false }])).toBe(false);
    expect(handFreeOrFocus([sword, { hands: 1, focus: true }])).toBe(true);
    expect(handFreeOrFocus([{ hands: 2, focus: true }])).toBe(true);
  });
  it("EX-MAG-1: a Wizard with 5 chips casts a 3-chip spell and keeps 2", () => {
    expect(castProblems(wizard)).toEqual([]);
    expect(payForCast(5, 3)).toBe(2);
  });
  it("EX-MAG-1: base 2 + dF(−1) = 1 energy damage", () => {
    expect(spellDamageBase(SPELL_DEFAULTS.damage, -1, 0)).toBe(1);
  });
  it("refuses too few chips unless the GM overrides", () => {
    expect(castProblems({ ...wizard, chips: 2 })).toEqual(["notEnoughChips"]);
    expect(castProblems({ ...wizard, chips: 2, gmOverride: true })).toEqual([]);
    expect(payForCast(2, 3)).toBe(0);
  });
  it("needs a Spellcaster, a hand or focus, movement and speech, not Helpless or gagged", () => {
    expect(
      castProblems({
        ...wizard,
        classes: ["fighter"],
        handFreeOrFocus: false,
        canMoveAndSpeak: false,
        helpless: true,
        gagged: true,
      }),
    ).toEqual(["notSpellcaster", "noHand", "cannotMoveOrSpeak", "helpless", "gagged"]);
  });
  it("an NPC (no classes, NPC-2) is not refused for its class, only for its chips", () => {
    expect(castProblems({ ...wizard, classes: null })).toEqual([]);
    expect(castProblems({ ...wizard, classes: null, chips: 0 })).toEqual(["notEnoughChips"]);
  });
  it("is illegal beyond the spell's range, with no penalty within it", () => {
    expect(castProblems({ ...wizard, distance: "far" })).toEqual(["outOfRange"]);
    expect(castProblems({ ...wizard, distance: "near" })).toEqual([]);
  });
  it("refuses a broken cost", () => {
    expect(castProblems({ ...wizard, spell: { chipCost: -1, maxRange: "near" } })).toEqual(["invalidCost"]);
  });
});

describe("MAG-7 spell speed and defaults", () => {
  it("speed is 3 + runes, 1–3 runes", () => {
    expect(castSpeed(1)).toBe(4);
    expect(castSpeed(3)).toBe(6);
    expect(() => castSpeed(4)).toThrow(RangeError);
    expect(() => castSpeed(0)).toThrow(RangeError);
    expect(SPELL_DEFAULTS).toMatchObject({ damage: 2, runeCount: 1 });
  });
});
