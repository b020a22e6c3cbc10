import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  POSSIBLE_ROLLS,
  ROLL_WEIGHTS,
  chancePercent,
  combatSavePips,
  contest,
  degreeChances,
  degreeOfSuccess,
  isSuccess,
  pointsWonBy,
  rollTestDice,
  saveRevealsDomino,
  saveSucceeds,
  successChance,
  targetHasPlateau,
  testMargin,
  testRoll,
  testTarget,
  DIFFICULTIES,
} from "../../src/rules/tests";
import { DEGREES_OF_SUCCESS, type RollDie } from "../../src/rules/vocabulary";

const scripted =
  (...values: number[]): RollDie =>
  () => {
    const v = values.shift();
    if (v === undefined) throw new Error("script ran out");
    return v;
  };

describe("T-1 the test roll", () => {
  it("a d12 below 12 stands; a 12 adds the d8", () => {
    expect(testRoll({ d12: 7 })).toBe(7);
    expect(testRoll({ d12: 12, d8: 3 })).toBe(15);
    expect(testRoll({ d12: 12, d8: 8 })).toBe(20);
  });
  it("refuses impossible dice and a 12 without its d8", () => {
    expect(() => testRoll({ d12: 0 })).toThrow(RangeError);
    expect(() => testRoll({ d12: 13 })).toThrow(RangeError);
    expect(() => testRoll({ d12: 2.5 })).toThrow(RangeError);
    expect(() => testRoll({ d12: 12 })).toThrow(/d8/);
    expect(() => testRoll({ d12: 12, d8: 9 })).toThrow(RangeError);
  });
  it("rolls with an injected die, keeping both dice", () => {
    expect(rollTestDice(scripted(5))).toEqual({ d12: 5, roll: 5 });
    expect(rollTestDice(scripted(12, 4))).toEqual({ d12: 12, d8: 4, roll: 16 });
  });
  it("never produces a 12", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 8 }), (d12, d8) => {
        const roll = testRoll({ d12, d8 });
        expect(roll).not.toBe(12);
        expect(POSSIBLE_ROLLS).toContain(roll);
      }),
    );
  });
});

describe("T-3, T-4 degree of success", () => {
  it("EX-T-1: climbing at target 9", () => {
    expect([4, 9, 10, 14, 15].map((r) => degreeOfSuccess(r, 9))).toEqual(["CS", "S", "F", "F", "CF"]);
    expect(degreeOfSuccess(testRoll({ d12: 12, d8: 3 }), 9)).toBe("CF");
  });
  it("EX-T-2: the boundaries", () => {
    expect(degreeOfSuccess(1, 0)).toBe("F");
    expect(degreeOfSuccess(6, 0)).toBe("CF");
    expect(degreeOfSuccess(1, -5)).toBe("CF");
    expect(degreeOfSuccess(testRoll({ d12: 12, d8: 8 }), 22)).toBe("S");
    expect(degreeOfSuccess(17, 22)).toBe("CS");
    expect(degreeOfSuccess(11, 12)).toBe("S");
    expect(degreeOfSuccess(13, 12)).toBe("F");
  });
  it("T-4: target ≤ 0 never succeeds, ≥ 20 always does, ≥ 25 always CS, ≤ −5 always CF", () => {
    for (const roll of POSSIBLE_ROLLS) {
      for (let target = -8; target <= 0; target++)
        expect(isSuccess(degreeOfSuccess(roll, target))).toBe(false);
      for (let target = 20; target <= 28; target++)
        expect(isSuccess(degreeOfSuccess(roll, target))).toBe(true);
      expect(degreeOfSuccess(roll, 25)).toBe("CS");
      expect(degreeOfSuccess(roll, -5)).toBe("CF");
    }
  });
  it("property: a higher roll never gives a better DoS", () => {
    const rank = (d: (typeof DEGREES_OF_SUCCESS)[number]) => DEGREES_OF_SUCCESS.indexOf(d);
    fc.assert(
      fc.property(
        fc.integer({ min: -30, max: 40 }),
        fc.constantFrom(...POSSIBLE_ROLLS),
        fc.constantFrom(...POSSIBLE_ROLLS),
        (target, r1, r2) => {
          const [lo, hi] = r1 <= r2 ? [r1, r2] : [r2, r1];
          expect(rank(degreeOfSuccess(hi, target))).toBeGreaterThanOrEqual(rank(degreeOfSuccess(lo, target)));
        },
      ),
    );
  });
  it("property: a higher target never gives a worse DoS", () => {
    const rank = (d: (typeof DEGREES_OF_SUCCESS)[number]) => DEGREES_OF_SUCCESS.indexOf(d);
    fc.assert(
      fc.property(fc.integer({ min: -30, max: 40 }), fc.constantFrom(...POSSIBLE_ROLLS), (target, roll) => {
        expect(rank(degreeOfSuccess(roll, target + 1))).toBeLessThanOrEqual(
          rank(degreeOfSuccess(roll, target)),
        );
      }),
    );
  });
});

describe("T-6 saves", () => {
  it("are binary: CS and S succeed", () => {
    expect(DEGREES_OF_SUCCESS.map(isSuccess)).toEqual([true, true, false, false]);
    expect(saveSucceeds(4, 9)).toBe(true);
    expect(saveSucceeds(15, 9)).toBe(false);
  });
});

describe("T-2 target composition", () => {
  it("adds card, skill, modifiers and Boon", () => {
    expect(testTarget({ card: 5, skill: 5 })).toBe(10);
    expect(testTarget({ card: 7, skill: 5, modifiers: [2, DIFFICULTIES.hard], boon: true })).toBe(14);
  });
  it("EX-T-5: a ♣ save in Bold with 5|2, −2 and 1 chip has target 10", () => {
    const pips = combatSavePips("clubs", { offense: 5, defense: 2 });
    expect(testTarget({ card: 6, save: true, pips, chips: 1, modifiers: [-2] })).toBe(10);
  });
  it("refuses chips or pips on a plain test, and negative chips", () => {
    expect(() => testTarget({ card: 6, chips: 1 })).toThrow(RangeError);
    expect(() => testTarget({ card: 6, pips: 2 })).toThrow(RangeError);
    expect(() => testTarget({ card: 6, save: true, chips: -1 })).toThrow(RangeError);
  });
});

describe("T-7 combat save pips", () => {
  const pips = { offense: 5, defense: 2 };
  it("♣ adds offensive, ♠ defensive, ♦ and ♥ none, nothing without a domino", () => {
    expect(combatSavePips("clubs", pips)).toBe(5);
    expect(combatSavePips("spades", pips)).toBe(2);
    expect(combatSavePips("diamonds", pips)).toBe(0);
    expect(combatSavePips("hearts", pips)).toBe(0);
    expect(combatSavePips("clubs", null)).toBe(0);
  });
  it("reveals a hidden domino for ♣ and ♠ saves only", () => {
    expect(saveRevealsDomino("clubs", true)).toBe(true);
    expect(saveRevealsDomino("spades", true)).toBe(true);
    expect(saveRevealsDomino("hearts", true)).toBe(false);
    expect(saveRevealsDomino("clubs", false)).toBe(false);
  });
});

describe("T-8 to T-10 contests", () => {
  it("EX-T-3: A succeeds, B fails; points won by 5", () => {
    const r = contest({ target: 8, roll: 3 }, { target: 6, roll: 9 });
    // EX-T-3 (revised 2026-11-23): A's 3 against 8 is CS (roll ≤ target − 5, T-3), margin 5.
    expect(r).toMatchObject({ winner: "a", pointsWonBy: 5, dos: { a: "CS", b: "F" } });
    expect(testMargin({ target: 8, roll: 3 })).toBe(5);
    expect(pointsWonBy(5, -3)).toBe(5);
  });
  it("EX-T-3 variant: both succeed, the lower roll wins by 4", () => {
    expect(contest({ target: 8, roll: 2 }, { target: 7, roll: 5 })).toMatchObject({
      winner: "a",
      pointsWonBy: 4,
    });
  });
  it("EX-T-4: equal rolls are a draw; an immediate winner is the initiator, else the higher card, else reroll", () => {
    const a = { target: 7, roll: 6 };
    const b = { target: 9, roll: 6 };
    expect(contest(a, b).winner).toBe("draw");
    expect(contest(a, b).pointsWonBy).toBeUndefined();
    expect(contest(a, b, { immediate: true, initiator: "a" })).toMatchObject({ winner: "a", pointsWonBy: 1 });
    expect(contest(a, b, { immediate: true, initiator: "b" })).toMatchObject({ winner: "b", pointsWonBy: 2 });
    expect(contest(a, b, { immediate: true }).winner).toBe("b");
    expect(contest({ ...a, card: 9 }, { ...b, card: 7 }, { immediate: true }).winner).toBe("a");
    expect(contest({ ...a, card: 7 }, { ...b, card: 7 }, { immediate: true }).winner).toBe("reroll");
  });
  it("T-8, T-9: both failing is a draw, or a reroll when a winner is needed", () => {
    expect(contest({ target: 5, roll: 9 }, { target: 6, roll: 13 }).winner).toBe("draw");
    expect(
      contest({ target: 5, roll: 9 }, { target: 6, roll: 13 }, { immediate: true, initiator: "a" }).winner,
    ).toBe("reroll");
  });
  it("B wins when only B succeeds; points are clamped to 1–5", () => {
    expect(contest({ target: 3, roll: 15 }, { target: 10, roll: 10 })).toMatchObject({
      winner: "b",
      pointsWonBy: 5,
    });
    expect(pointsWonBy(0, 14)).toBe(1);
  });
  it("property: swapping the sides mirrors the winner", () => {
    const side = fc.record({
      target: fc.integer({ min: -5, max: 25 }),
      roll: fc.constantFrom(...POSSIBLE_ROLLS),
    });
    const mirror = { a: "b", b: "a", draw: "draw", reroll: "reroll" } as const;
    fc.assert(
      fc.property(side, side, (a, b) => {
        expect(contest(b, a).winner).toBe(mirror[contest(a, b).winner]);
      }),
    );
  });
});

describe("Appendix B-1 probabilities", () => {
  const table: Record<number, [string, string, string]> = {
    1: ["8.3", "0", "50.0"],
    3: ["25.0", "0", "33.3"],
    5: ["41.7", "0", "16.7"],
    6: ["50.0", "8.3", "8.3"],
    7: ["58.3", "16.7", "8.3"],
    8: ["66.7", "25.0", "7.3"],
    9: ["75.0", "33.3", "6.2"],
    10: ["83.3", "41.7", "5.2"],
    11: ["91.7", "50.0", "4.2"],
    12: ["91.7", "58.3", "3.1"],
    13: ["92.7", "66.7", "2.1"],
    15: ["94.8", "83.3", "0"],
    17: ["96.9", "91.7", "0"],
    20: ["100", "94.8", "0"],
  };
  it("the weights are 1/12 for 1–11 and 1/96 for 13–20", () => {
    expect(ROLL_WEIGHTS.reduce((s, w) => s + w.weight, 0)).toBe(96);
    expect(ROLL_WEIGHTS.find((w) => w.roll === 5)?.weight).toBe(8);
    expect(ROLL_WEIGHTS.find((w) => w.roll === 17)?.weight).toBe(1);
  });
  for (const [target, [success, cs, cf]] of Object.entries(table)) {
    it(`target ${target}: S or better ${success}%, CS ${cs}%, CF ${cf}%`, () => {
      const c = degreeChances(Number(target));
      expect(chancePercent(successChance(Number(target)))).toBe(Number(success));
      expect(chancePercent(c.CS)).toBe(Number(cs));
      expect(chancePercent(c.CF)).toBe(Number(cf));
    });
  }
  it("rounds exact halves to even, as the table does", () => {
    expect(chancePercent(6)).toBe(6.2);
    expect(chancePercent(18)).toBe(18.8);
    expect(chancePercent(96)).toBe(100);
  });
  it("property: the success chance matches a brute-force count over all d12/d8 outcomes", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 30 }), (target) => {
        let hits = 0;
        for (let d12 = 1; d12 <= 12; d12++) {
          for (let d8 = 1; d8 <= 8; d8++) {
            if (isSuccess(degreeOfSuccess(testRoll({ d12, d8 }), target))) hits++;
          }
        }
        // 96 equally likely (d12, d8) pairs: the d8 is ignored below 12, so each outcome counts once.
        expect(successChance(target)).toBe(hits);
        const all = degreeChances(target);
        expect(all.CS + all.S + all.F + all.CF).toBe(96);
      }),
    );
  });
  it("T-4: targets 11 and 12 succeed equally often", () => {
    expect(successChance(11)).toBe(successChance(12));
    expect(targetHasPlateau(11)).toBe(true);
    expect(targetHasPlateau(12)).toBe(true);
    expect(targetHasPlateau(13)).toBe(false);
  });
});
