import { describe, expect, it } from "vitest";
import { GRIDLESS_TEST_SUIT, moveRates } from "../../src/rules/movement";

describe("MV-1 move", () => {
  it("EX-MV-1: ♠7 moves 7, runs 10, sprints 14, swims 1; Slowed moves 3, runs 4, swims 1", () => {
    expect(moveRates({ spades: 7 })).toEqual({ move: 7, run: 10, sprint: 14, swim: 1, climb: 1 });
    expect(moveRates({ spades: 7, slowed: true })).toMatchObject({ move: 3, run: 4, swim: 1 });
  });
  it("swim and climb are a quarter of the move, at least 1", () => {
    expect(moveRates({ spades: 12 }).swim).toBe(3);
    expect(moveRates({ spades: 0 }).climb).toBe(1);
    expect(moveRates({ spades: -3 }).move).toBe(0);
  });
  it("Anchored moves 0; Prone crawls 1", () => {
    expect(moveRates({ spades: 9, anchored: true })).toEqual({
      move: 0,
      run: 0,
      sprint: 0,
      swim: 0,
      climb: 0,
    });
    expect(moveRates({ spades: 9, prone: true }).move).toBe(1);
  });
  it("MV-2: gridless reach is settled by ♠, spell range by ♦", () => {
    expect(GRIDLESS_TEST_SUIT).toEqual({ move: "spades", spellRange: "diamonds" });
  });
});
