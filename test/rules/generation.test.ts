import { describe, expect, it } from "vitest";
import {
  cardSetFromList,
  cardSetToList,
  cautiousRoll,
  pointBuy,
  pointBuyCost,
  quickDraw,
  raceBoundsProblems,
  recklessRoll,
  startingState,
} from "../../src/rules/generation";
import { raceModifiers } from "../../src/rules/races";

describe("GEN-2 point-buy cost", () => {
  it("EX-GEN-1: costs from base 4", () => {
    expect(pointBuyCost(4, 10)).toBe(6);
    expect(pointBuyCost(4, 12)).toBe(10);
    expect(pointBuyCost(4, 13)).toBe(12);
    expect(pointBuyCost(4, 4)).toBe(0);
    expect(pointBuyCost(6, 11)).toBe(6);
  });
  it("EX-GEN-1: the ♣13 build costs 24 and is valid", () => {
    const cards = cardSetFromList([13, 6, 4, 6, 10, 6, 4, 4]);
    expect(pointBuy(cards)).toMatchObject({ cost: 24, valid: true, overBudget: false });
  });
  it("EX-GEN-1: a Half-orc with ♣13 reaches 14 and fails GEN-3", () => {
    const cards = cardSetFromList([13, 6, 4, 6, 10, 6, 4, 4]);
    expect(raceBoundsProblems(cards, raceModifiers("halfOrc"))).toEqual([
      { suit: "clubs", card: "primary", value: 14 },
    ]);
    expect(raceBoundsProblems(cards, raceModifiers("dwarf"))).toEqual([]);
  });
  it("GEN-3: a card pushed below 2 by race fails too", () => {
    const cards = cardSetFromList([2, 4, 4, 4, 4, 4, 4, 4]);
    expect(raceBoundsProblems(cards, raceModifiers("halfling"))).toEqual([
      { suit: "clubs", card: "primary", value: 1 },
    ]);
  });
  it("refuses bases above 10 and values below the base", () => {
    expect(() => pointBuyCost(11, 12)).toThrow(RangeError);
    expect(() => pointBuyCost(4, 3)).toThrow(RangeError);
  });
  it("flags over budget, above 13 and below base", () => {
    expect(pointBuy(cardSetFromList([13, 13, 4, 4, 10, 5, 4, 4]))).toMatchObject({
      cost: 31,
      valid: false,
      overBudget: true,
    });
    const high = pointBuy(cardSetFromList([14, 4, 4, 4, 4, 4, 4, 4]));
    expect(high.valid).toBe(false);
    expect(high.aboveMax).toEqual([{ suit: "clubs", card: "primary", value: 14 }]);
    const low = pointBuy(cardSetFromList([3, 4, 4, 4, 4, 4, 4, 4]));
    expect(low).toMatchObject({ cost: 0, valid: false });
    expect(low.belowBase).toHaveLength(1);
    expect(pointBuy(cardSetFromList([10, 5, 5, 5, 5, 5, 5, 5]), 5)).toMatchObject({ cost: 5, valid: true });
    expect(pointBuy(cardSetFromList([13, 10, 4, 4, 4, 4, 4, 4]), 4, 20)).toMatchObject({
      cost: 18,
      valid: true,
    });
  });
  it("orders the eight cards primaries first and round-trips", () => {
    const cards = cardSetFromList([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(cards.primary).toEqual({ clubs: 1, spades: 2, diamonds: 3, hearts: 4 });
    expect(cards.secondary).toEqual({ clubs: 5, spades: 6, diamonds: 7, hearts: 8 });
    expect(cardSetToList(cards)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(() => cardSetFromList([1, 2])).toThrow(RangeError);
  });
});

describe("GEN-1 methods", () => {
  it("cautious roll: d6+4 each, or the high-power variants", () => {
    expect(cautiousRoll([1, 2, 3, 4, 5, 6, 1, 6])).toEqual([5, 6, 7, 8, 9, 10, 5, 10]);
    expect(cautiousRoll([1, 1, 1, 1, 1, 1, 1, 6], "highPower")).toEqual([7, 7, 7, 7, 7, 7, 7, 12]);
    expect(cautiousRoll([8, 1, 1, 1, 1, 1, 1, 1], "highPowerD8")[0]).toBe(12);
    expect(() => cautiousRoll([7, 1, 1, 1, 1, 1, 1, 1])).toThrow(RangeError);
    expect(() => cautiousRoll([1, 1, 1])).toThrow(RangeError);
  });
  it("reckless roll: each card the sum of two d6", () => {
    const cards = recklessRoll([1, 1, 6, 6, 2, 3, 4, 4, 5, 1, 3, 3, 2, 2, 6, 5]);
    expect(cardSetToList(cards)).toEqual([2, 12, 5, 8, 6, 6, 4, 11]);
    expect(() => recklessRoll([1, 1])).toThrow(RangeError);
  });
  it("quick draw: secondaries copy primaries; redraw on a total ≤ 25 (≤ 30 high power)", () => {
    const low = quickDraw({ clubs: 5, spades: 6, diamonds: 7, hearts: 7 });
    expect(low.mayRedraw).toBe(true);
    expect(low.cards.secondary).toEqual(low.cards.primary);
    expect(quickDraw({ clubs: 5, spades: 6, diamonds: 7, hearts: 8 }).mayRedraw).toBe(false);
    expect(quickDraw({ clubs: 11, spades: 6, diamonds: 7, hearts: 6 }, "highPower").mayRedraw).toBe(true);
    expect(() => quickDraw({ clubs: 11, spades: 6, diamonds: 7, hearts: 6 })).toThrow(RangeError);
  });
});

describe("GEN-4 starting state", () => {
  it("full HP and chips, no drain or taint", () => {
    const s = startingState({ clubs: 5, spades: 0, diamonds: 3, hearts: 7 }, 2);
    expect(s.hp).toEqual({ value: 7, temp: 0, max: 7 });
    expect(s.chips).toEqual({ clubs: 5, spades: 0, diamonds: 3, hearts: 0 });
    expect(s.drain).toEqual({ clubs: 0, spades: 0, diamonds: 0, hearts: 0 });
    expect(s.taint.hearts).toBe(0);
    expect(s.boons).toBe(2);
    expect(startingState({ clubs: 1, spades: 0, diamonds: 0, hearts: 1 }).boons).toBe(0);
  });
});
