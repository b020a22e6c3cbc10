import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  actsThisRound,
  mayActNow,
  awareAtStart,
  compareInitiative,
  drawTiebreak,
  initiativeOrder,
  initiativeSide,
  initiativeSlowed,
  initiativeValue,
  joinerActsThisRound,
  makeRoomAt,
  nextTurn,
  randomPart,
  randomizerRolls,
  ROUND_STEPS,
  surprisedDefenseless,
  TIEBREAK_FACES,
  tiebreakPlaces,
  type InitiativeEntry,
} from "../../src/rules/initiative";
import type { RollDie } from "../../src/rules/vocabulary";

const entry = (
  id: string,
  init: number,
  pc: boolean,
  cunning: number,
  tiebreak?: number,
): InitiativeEntry => ({
  id,
  init,
  pc,
  cunning,
  tiebreak,
});

describe("EX-INI-1", () => {
  const people = [
    { id: "orc", spades: 7, pc: false, cunning: 7 },
    { id: "bo", spades: 7, pc: true, cunning: 6 },
    { id: "ana", spades: 7, pc: true, cunning: 8 },
  ];
  const order = (slowedBo: boolean, rolls?: { pc: number; other: number }) =>
    initiativeOrder(
      people.map((p) => {
        const side = initiativeSide({ friendly: p.pc, playerOwned: p.pc });
        const random = rolls ? randomPart("perSide", side, { sides: rolls }) : randomPart("none", side, {});
        return entry(
          p.id,
          initiativeValue({ spades: p.spades, slowed: slowedBo && p.id === "bo", random }),
          p.pc,
          p.cunning,
        );
      }),
    ).map((e) => e.id);

  it("no randomiser: Ana, Bo, orc", () => {
    expect(order(false)).toEqual(["ana", "bo", "orc"]);
  });

  it("Bo Slowed from the next round: floor(7/2) = 3, so Ana, orc, Bo", () => {
    expect(initiativeValue({ spades: 7, slowed: true })).toBe(3);
    expect(order(true)).toEqual(["ana", "orc", "bo"]);
  });

  it("perSide, PCs roll 2 and NPCs 5: orc 12, Ana 9, Bo 9", () => {
    expect(order(false, { pc: 2, other: 5 })).toEqual(["orc", "ana", "bo"]);
    expect(initiativeValue({ spades: 7, random: 5 })).toBe(12);
  });
});

describe("INI-2 initiative value", () => {
  it("adds Alert +2, subtracts 2 per Burn point, adds the random part", () => {
    expect(initiativeValue({ spades: 6, alert: true })).toBe(8);
    expect(initiativeValue({ spades: 9, burn: 1 })).toBe(7);
    expect(initiativeValue({ spades: 2, burn: 2 })).toBe(-2);
    expect(initiativeValue({ spades: 10, slowed: true, alert: true, random: 3 })).toBe(10);
  });

  it("Slowed halves Spades, rounding down", () => {
    expect(initiativeValue({ spades: 9, slowed: true })).toBe(4);
    expect(initiativeValue({ spades: 0, slowed: true })).toBe(0);
  });

  it("Slowed comes from the closed conditions (Hampered, Blind, Entangled…)", () => {
    expect(initiativeSlowed(["hampered"])).toBe(true);
    expect(initiativeSlowed(["blind"])).toBe(true);
    expect(initiativeSlowed(["grappling"])).toBe(true);
    expect(initiativeSlowed(["prone"])).toBe(false);
  });
});

describe("INI-3 randomisers", () => {
  it("the PC side is friendly or player-owned; everyone else is the other side", () => {
    expect(initiativeSide({ friendly: true, playerOwned: false })).toBe("pc");
    expect(initiativeSide({ friendly: false, playerOwned: true })).toBe("pc");
    expect(initiativeSide({ friendly: false, playerOwned: false })).toBe("other");
  });

  it("says when each setting rolls", () => {
    expect(randomizerRolls("none")).toEqual({ onJoin: 0, atCombatStart: 0 });
    expect(randomizerRolls("perCombatant")).toEqual({ onJoin: 1, atCombatStart: 0 });
    expect(randomizerRolls("perSide")).toEqual({ onJoin: 0, atCombatStart: 2 });
  });

  it("reads the stored rolls of the setting, and refuses a missing or impossible die", () => {
    expect(randomPart("none", "pc", { own: 4 })).toBe(0);
    expect(randomPart("perCombatant", "pc", { own: 4 })).toBe(4);
    expect(randomPart("perSide", "other", { sides: { pc: 1, other: 6 } })).toBe(6);
    expect(() => randomPart("perCombatant", "pc", {})).toThrow(RangeError);
    expect(() => randomPart("perSide", "pc", { sides: { pc: 7, other: 1 } })).toThrow(RangeError);
  });
});

describe("INI-4 ties", () => {
  it("higher init, then PC before NPC, then Cunning, then the hidden tiebreaker", () => {
    expect(compareInitiative(entry("a", 8, false, 1), entry("b", 7, true, 9))).toBeLessThan(0);
    expect(compareInitiative(entry("a", 7, false, 9), entry("b", 7, true, 1))).toBeGreaterThan(0);
    expect(compareInitiative(entry("a", 7, true, 8), entry("b", 7, true, 6))).toBeLessThan(0);
    expect(compareInitiative(entry("a", 7, true, 6, 0.2), entry("b", 7, true, 6, 0.9))).toBeGreaterThan(0);
    expect(compareInitiative(entry("a", 7, true, 6), entry("b", 7, true, 6, 0.9))).toBe(0);
  });

  it("full ties keep the input order", () => {
    const tied = [entry("x", 5, false, 5), entry("y", 5, false, 5), entry("z", 5, false, 5)];
    expect(initiativeOrder(tied).map((e) => e.id)).toEqual(["x", "y", "z"]);
  });

  it("property: the order is sorted by INI-4 and a permutation of its input", () => {
    const arb = fc.array(
      fc.record({
        init: fc.integer({ min: -5, max: 20 }),
        pc: fc.boolean(),
        cunning: fc.integer({ min: 1, max: 14 }),
        tiebreak: fc.integer({ min: 1, max: 1000 }),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const entries = rows.map((r, i) => ({ ...r, id: String(i) }));
        const order = initiativeOrder(entries);
        expect(order.map((e) => e.id).sort()).toEqual(entries.map((e) => e.id).sort());
        for (let i = 1; i < order.length; i++)
          expect(compareInitiative(order[i - 1], order[i])).toBeLessThanOrEqual(0);
      }),
    );
  });

  it("INI-4: a joiner's tiebreaker is a place among the held ones, drawn from n + 1", () => {
    const faces: number[] = [];
    const die =
      (face: number): RollDie =>
      (n) => (faces.push(n), face);
    // Held places 1, 3 and 4 (2 left the combat): the four places around them.
    expect([1, 2, 3, 4].map((p) => drawTiebreak([4, 1, 3], die(p)))).toEqual([1, 2, 4, 5]);
    expect(faces).toEqual([4, 4, 4, 4]);
    expect(drawTiebreak([], die(1))).toBe(1);
  });

  it("INI-4: room made at a place keeps every held order and gives the joiner its own", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 8 }),
        fc.nat(),
        (held, pick) => {
          const place = drawTiebreak(held, (n) => (pick % n) + 1);
          const moved = makeRoomAt(
            held.map((tiebreak, i) => ({ id: String(i), tiebreak })),
            place,
          );
          const all = [...moved.map((c) => c.tiebreak), place];
          expect(new Set(all).size).toBe(all.length);
          for (let i = 0; i < held.length; i++)
            for (let j = 0; j < held.length; j++)
              expect(Math.sign(moved[i]!.tiebreak - moved[j]!.tiebreak)).toBe(Math.sign(held[i]! - held[j]!));
          // Every place below the joiner stays below, every one above stays above.
          expect(held.filter((t) => t < place).length).toBe(pick % (held.length + 1));
        },
      ),
    );
  });

  it("INI-4: raw draws stored by an older version become places in the same order", () => {
    expect(tiebreakPlaces({ a: 812_334, b: 17, c: 402_001 })).toEqual({ a: 3, b: 1, c: 2 });
    expect(tiebreakPlaces({ a: 3, b: 1, c: 2 })).toEqual({ a: 3, b: 1, c: 2 });
    expect(tiebreakPlaces({})).toEqual({});
  });

  it("the tiebreaker refuses to draw when every value is taken", () => {
    const all = { length: TIEBREAK_FACES } as readonly number[];
    expect(() => drawTiebreak(all, () => 1)).toThrow(RangeError);
  });
});

describe("INI-6 joining mid-combat", () => {
  const current = entry("cur", 7, true, 6);
  it("acts this round only if its place comes after the current turn", () => {
    expect(joinerActsThisRound(entry("j", 5, false, 5), current)).toBe(true);
    expect(joinerActsThisRound(entry("j", 9, false, 5), current)).toBe(false);
    expect(joinerActsThisRound(entry("j", 7, false, 9), current)).toBe(true);
    expect(joinerActsThisRound(entry("j", 7, true, 8), current)).toBe(false);
    expect(joinerActsThisRound(entry("j", 20, true, 8), null)).toBe(true);
  });
});

describe("CB-2 turns", () => {
  it("the next turn is the first able combatant without one; null when all have had theirs", () => {
    const order = ["a", "b", "c"];
    const able = (id: string) => id !== "b";
    expect(nextTurn(order, new Set<string>(), able)).toBe("a");
    expect(nextTurn(order, new Set(["a"]), able)).toBe("c");
    expect(nextTurn(order, new Set(["a", "c"]), able)).toBeNull();
  });

  it("lists the round steps in order", () => {
    expect(ROUND_STEPS.roundStart[0]).toBe("recomputeInitiative");
    expect(ROUND_STEPS.turnStart).toContain("revealDomino");
    expect(ROUND_STEPS.roundEnd).toEqual(["discardDominoes", "restoreDeck"]);
  });
});

describe("CB-1, CB-3 activity and surprise", () => {
  it("Unconscious, dead and absent participants do not act; Helpless ones do", () => {
    expect(actsThisRound({ conditions: [] })).toBe(true);
    expect(actsThisRound({ conditions: ["helpless"] })).toBe(true);
    expect(actsThisRound({ conditions: ["unconscious"] })).toBe(false);
    expect(actsThisRound({ conditions: ["dead"] })).toBe(false);
    expect(actsThisRound({ conditions: [], absent: true })).toBe(false);
  });

  it("in the surprise round only aware combatants act; the others are Defenseless", () => {
    expect(actsThisRound({ conditions: [], surpriseRound: true, aware: false })).toBe(false);
    expect(actsThisRound({ conditions: [], surpriseRound: true, aware: true })).toBe(true);
    expect(actsThisRound({ conditions: [], surpriseRound: false, aware: false })).toBe(true);
    expect(surprisedDefenseless(true, false)).toBe(true);
    expect(surprisedDefenseless(true, true)).toBe(false);
    expect(surprisedDefenseless(false, false)).toBe(false);
  });

  it("Alert makes a combatant aware on a Cunning test of S or better", () => {
    expect(awareAtStart(true, null)).toBe(true);
    expect(awareAtStart(false, null)).toBe(false);
    expect(awareAtStart(false, "CS")).toBe(true);
    expect(awareAtStart(false, "S")).toBe(true);
    expect(awareAtStart(false, "F")).toBe(false);
    expect(awareAtStart(false, "CF")).toBe(false);
  });
});

describe("CB-1, CB-3, CD-2: mayActNow, the one test both modes read", () => {
  it("Helpless acts; Unconscious by implication (Comatose), dead, defeated or gone does not", () => {
    const aware = { aware: true };
    expect(mayActNow({ conditions: ["helpless"] }, aware, false)).toBe(true);
    expect(mayActNow({ conditions: ["comatose"] }, aware, false)).toBe(false);
    expect(mayActNow({ conditions: ["dead"] }, aware, false)).toBe(false);
    expect(mayActNow({ conditions: [], absent: true }, aware, false)).toBe(false);
    expect(mayActNow(undefined, aware, false)).toBe(false);
    expect(mayActNow({ conditions: [] }, undefined, false)).toBe(false);
  });

  it("CB-3: an unaware combatant does not act in the surprise round, and does after it", () => {
    expect(mayActNow({ conditions: [] }, { aware: false }, true)).toBe(false);
    expect(mayActNow({ conditions: [] }, { aware: false }, false)).toBe(true);
  });
});
