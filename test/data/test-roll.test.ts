import { afterEach, beforeEach, describe, expect, it } from "vitest";
import "./models-setup";
import { scriptDice, StandInRoll } from "../stand-in/chat";
import { ZilchTestRoll } from "../../src/dice/zilch-test-roll";
import { registerDice } from "../../src/setup/dice";

/**
 * T-1 through the one Roll subclass every test, save, contest and wound check uses: a d12, and a d8
 * only after a 12; registered once in CONFIG.Dice.rolls so a message's rolls rebuild as this class.
 */
let dice: number[];
beforeEach(() => {
  dice = scriptDice();
});
afterEach(() => expect(dice).toEqual([]));

describe("ZilchTestRoll", () => {
  it("T-1: a d12 below 12 is the roll, with one Roll for the message", async () => {
    dice.push(7);
    const rolled = await ZilchTestRoll.rollTest();
    expect(rolled.dice).toEqual({ d12: 7 });
    expect(rolled.roll).toBe(7);
    expect(rolled.rolls.map((r) => [r.formula, r.isD8])).toEqual([["1d12", false]]);
    expect(rolled.rolls[0]).toBeInstanceOf(ZilchTestRoll);
  });

  it("T-1: a 12 calls for the d8, added to it, and both Rolls go to the message", async () => {
    dice.push(12, 8);
    const rolled = await ZilchTestRoll.rollTest();
    expect(rolled.dice).toEqual({ d12: 12, d8: 8 });
    expect(rolled.roll).toBe(20);
    expect(rolled.rolls.map((r) => [r.formula, r.isD8])).toEqual([
      ["1d12", false],
      ["1d8", true],
    ]);
  });

  it("is registered once in CONFIG.Dice.rolls, after Foundry's Roll", () => {
    const config = (globalThis as unknown as { CONFIG: Record<string, unknown> }).CONFIG;
    const before = config.Dice;
    config.Dice = { rolls: [StandInRoll] };
    try {
      registerDice();
      registerDice();
      expect((config.Dice as { rolls: unknown[] }).rolls).toEqual([StandInRoll, ZilchTestRoll]);
    } finally {
      config.Dice = before;
    }
  });
});
