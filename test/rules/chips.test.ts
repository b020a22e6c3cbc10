import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  CHIP_WINDOWS,
  chipCapacity,
  chipSpendProblem,
  clampChips,
  mayHoldChips,
  spendChips,
  splitRally,
} from "../../src/rules/chips";
import { eff, perSuit } from "../../src/rules/suits";
import { CLASSES, SUITS } from "../../src/rules/vocabulary";

describe("CH-1, CH-2 capacity", () => {
  it("EX-CH-1: a Fighter/Wizard with ♣10 and ♦7 has 5 and 3", () => {
    const cap = chipCapacity({
      classes: ["fighter", "wizard"],
      eff: { clubs: 10, spades: 6, diamonds: 7, hearts: 6 },
    });
    expect(cap).toEqual({ clubs: 5, spades: 0, diamonds: 3, hearts: 6 });
  });
  it("EX-KN-1: a Fighter with ♥5 and Toughness has 7 HP", () => {
    expect(chipCapacity({ classes: ["fighter"], eff: perSuit(5), toughness: true }).hearts).toBe(7);
  });
  it("chips sit only on class suits and ♥", () => {
    expect(mayHoldChips("hearts", [])).toBe(true);
    expect(mayHoldChips("spades", ["rogue"])).toBe(true);
    expect(mayHoldChips("clubs", ["rogue"])).toBe(false);
  });
  it("property: capacity is never negative and never exceeds the card (+2 Toughness on ♥)", () => {
    fc.assert(
      fc.property(
        fc.subarray([...CLASSES]),
        fc.record({
          clubs: fc.integer({ min: -5, max: 30 }),
          spades: fc.integer({ min: -5, max: 30 }),
          diamonds: fc.integer({ min: -5, max: 30 }),
          hearts: fc.integer({ min: -5, max: 30 }),
        }),
        fc.boolean(),
        (classes, cards, toughness) => {
          const cap = chipCapacity({ classes, eff: cards, toughness });
          for (const s of SUITS) {
            expect(cap[s]).toBeGreaterThanOrEqual(0);
            expect(cap[s]).toBeLessThanOrEqual(Math.max(0, cards[s]) + (s === "hearts" && toughness ? 2 : 0));
          }
        },
      ),
    );
  });
});

describe("CH-2 excess removal", () => {
  it("EX-CH-2: 2 ♠ drain drops chips to 6; recovering drain does not refill them", () => {
    const cards = { primary: { clubs: 5, spades: 8, diamonds: 5, hearts: 6 } };
    const capOf = (drain: number) =>
      chipCapacity({
        classes: ["rogue"],
        eff: perSuit((s) => eff({ ...cards, drain: { spades: drain } }, s)),
      });
    let chips = { clubs: 0, spades: 8, diamonds: 0, hearts: 0 };
    chips = clampChips(chips, capOf(2));
    expect(chips.spades).toBe(6);
    expect(capOf(1).spades).toBe(7);
    chips = clampChips(chips, capOf(1));
    expect(chips.spades).toBe(6);
  });
});

describe("CH-3 to CH-7 spending", () => {
  it("EX-CH-3: Fighter chips on the attack, Rogue chips on the defence", () => {
    expect(
      chipSpendProblem({
        classes: ["fighter"],
        suit: "clubs",
        amount: 2,
        available: 3,
        use: { kind: "attack" },
      }),
    ).toBeNull();
    expect(
      chipSpendProblem({
        classes: ["rogue"],
        suit: "spades",
        amount: 2,
        available: 2,
        use: { kind: "defence" },
      }),
    ).toBeNull();
    // All 4 chips are spent, whatever the outcome (CH-7).
    const fighter = spendChips({ clubs: 3, spades: 0, diamonds: 0, hearts: 0 }, "clubs", 2);
    const rogue = spendChips({ clubs: 0, spades: 2, diamonds: 0, hearts: 0 }, "spades", 2);
    expect(fighter.clubs + rogue.spades).toBe(1);
    expect(rogue.spades).toBe(0);
  });
  it("saves take chips of their own suit only", () => {
    const base = { classes: ["fighter", "rogue"] as const, amount: 1, available: 3 };
    expect(chipSpendProblem({ ...base, suit: "clubs", use: { kind: "save", suit: "clubs" } })).toBeNull();
    expect(chipSpendProblem({ ...base, suit: "clubs", use: { kind: "save", suit: "spades" } })).toBe(
      "wrongUse",
    );
    expect(chipSpendProblem({ ...base, suit: "spades", use: { kind: "save", suit: "spades" } })).toBeNull();
    expect(chipSpendProblem({ ...base, suit: "spades", use: { kind: "attack" } })).toBe("wrongUse");
    expect(chipSpendProblem({ ...base, suit: "clubs", use: { kind: "cast" } })).toBe("wrongUse");
  });
  it("refuses Heart chips, non-class suits, fractions and too many", () => {
    expect(
      chipSpendProblem({
        classes: ["wizard"],
        suit: "hearts",
        amount: 1,
        available: 5,
        use: { kind: "cast" },
      }),
    ).toBe("heartsNeverSpent");
    expect(
      chipSpendProblem({
        classes: ["wizard"],
        suit: "clubs",
        amount: 1,
        available: 5,
        use: { kind: "attack" },
      }),
    ).toBe("notClassSuit");
    expect(
      chipSpendProblem({
        classes: ["wizard"],
        suit: "diamonds",
        amount: 1.5,
        available: 5,
        use: { kind: "cast" },
      }),
    ).toBe("notWholeNumber");
    expect(
      chipSpendProblem({
        classes: ["wizard"],
        suit: "diamonds",
        amount: 6,
        available: 5,
        use: { kind: "cast" },
      }),
    ).toBe("notEnoughChips");
    expect(
      chipSpendProblem({
        classes: ["wizard"],
        suit: "diamonds",
        amount: 3,
        available: 5,
        use: { kind: "cast" },
      }),
    ).toBeNull();
    expect(() => spendChips(perSuit(1), "clubs", 2)).toThrow(RangeError);
  });
  it("CH-7 windows", () => {
    expect(CHIP_WINDOWS).toEqual({
      save: "rollDialog",
      attack: "attackerWindow",
      defence: "defenderWindow",
      cast: "beforeResolution",
      // KN-1: a knack's chips are paid when it is used.
      knack: "onUse",
    });
  });
});

describe("EX-REC-3 Rally split", () => {
  const chips = { clubs: 1, spades: 0, diamonds: 0, hearts: 0 };
  const cap = { clubs: 5, spades: 4, diamonds: 0, hearts: 6 };
  it("a Fighter/Rogue splits 2 chips as chosen", () => {
    expect(splitRally(2, chips, cap, ["fighter", "rogue"], { clubs: 1, spades: 1 }).chips).toMatchObject({
      clubs: 2,
      spades: 1,
    });
  });
  it("without a choice fills class suits in order, capped", () => {
    expect(splitRally(3, { ...chips, clubs: 4 }, cap, ["fighter", "rogue"])).toEqual({
      chips: { clubs: 5, spades: 2, diamonds: 0, hearts: 0 },
      unused: 0,
    });
    expect(splitRally(3, { ...chips, clubs: 5 }, { ...cap, spades: 1 }, ["fighter", "rogue"]).unused).toBe(2);
  });
  it("refuses a choice beyond the total, a suit's room or the class suits", () => {
    expect(() => splitRally(1, chips, cap, ["fighter", "rogue"], { clubs: 1, spades: 1 })).toThrow(
      RangeError,
    );
    expect(() => splitRally(3, chips, cap, ["fighter", "rogue"], { clubs: 5 })).toThrow(RangeError);
    expect(() => splitRally(1, chips, cap, ["fighter"], { diamonds: 1 })).toThrow(RangeError);
    expect(() => splitRally(-1, chips, cap, ["fighter"])).toThrow(RangeError);
    expect(splitRally(2, chips, cap, ["fighter"], { clubs: 1 }).unused).toBe(1);
  });
});
