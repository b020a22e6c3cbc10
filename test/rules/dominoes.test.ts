import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DOMINO_TILES,
  dominoFromDice,
  faceDownDomino,
  fullDeck,
  receivesDomino,
  receivesDominoMidRound,
  revealDomino,
  revealHeld,
  revealsDomino,
  type DominoDeck,
  type HeldDomino,
} from "../../src/rules/dominoes";
import type { RollDie } from "../../src/rules/vocabulary";
import { seeded } from "../support/dice";

/** A die that returns the scripted results in order, and fails loudly when they run out. */
function scripted(...results: number[]): RollDie & { calls: number[] } {
  const calls: number[] = [];
  const die = (faces: number): number => {
    calls.push(faces);
    const next = results.shift();
    if (next === undefined) throw new Error(`no scripted result for d${faces}`);
    return next;
  };
  return Object.assign(die, { calls });
}

const key = (d: { greater: number; lesser: number }) => `${d.greater}|${d.lesser}`;

describe("DOM-1 the tiles", () => {
  it("the deck holds the 21 blank-free tiles of a double-six set, each once", () => {
    expect(DOMINO_TILES).toHaveLength(21);
    expect(new Set(DOMINO_TILES.map(key)).size).toBe(21);
    for (const t of DOMINO_TILES) {
      expect(t.lesser).toBeGreaterThanOrEqual(1);
      expect(t.greater).toBeLessThanOrEqual(6);
      expect(t.lesser).toBeLessThanOrEqual(t.greater);
    }
  });

  it("fullDeck is a fresh copy: using it never changes the tile table", () => {
    const deck = fullDeck();
    expect(deck.remaining.map(key)).toEqual(DOMINO_TILES.map(key));
    expect(deck.remaining[0]).not.toBe(DOMINO_TILES[0]);
  });
});

describe("EX-DOM-1", () => {
  it("deck: of 25 reveals the first 21 draw tiles and the 22nd to 25th use 2d6", () => {
    let deck: DominoDeck = fullDeck();
    const rollDie = seeded(25);
    const fallbacks: boolean[] = [];
    for (let i = 0; i < 25; i++) {
      const r = revealDomino("deck", deck, rollDie);
      fallbacks.push(r.fallback);
      deck = r.deck;
    }
    expect(fallbacks).toEqual([...Array<boolean>(21).fill(false), ...Array<boolean>(4).fill(true)]);
    expect(deck.remaining).toHaveLength(0);
  });

  it("d8+d4: d8 = 2 and d4 = 4 give G = 2 and L = 4", () => {
    expect(dominoFromDice("d8+d4", 2, 4)).toEqual({ greater: 2, lesser: 4 });
  });

  it("2d6: 3 and 5 give G = 5 and L = 3", () => {
    expect(dominoFromDice("2d6", 3, 5)).toEqual({ greater: 5, lesser: 3 });
  });
});

describe("EX-DOM-2", () => {
  it("two reveals show 6|6 then 4|1: 19 tiles remain, holding neither", () => {
    const start = fullDeck();
    const i66 = start.remaining.findIndex((t) => key(t) === "6|6");
    const first = revealDomino("deck", start, scripted(i66 + 1));
    expect(first.domino).toEqual({ greater: 6, lesser: 6 });
    const i41 = first.deck.remaining.findIndex((t) => key(t) === "4|1");
    const second = revealDomino("deck", first.deck, scripted(i41 + 1));
    expect(second.domino).toEqual({ greater: 4, lesser: 1 });
    expect(second.deck.remaining).toHaveLength(19);
    expect(second.deck.remaining.map(key)).not.toContain("6|6");
    expect(second.deck.remaining.map(key)).not.toContain("4|1");
  });

  it("property: within a round no tile is revealed twice, and the 22nd reveal comes from 2d6", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 22, max: 30 }), (seed, reveals) => {
        let deck = fullDeck();
        const rollDie = seeded(seed);
        const seen: string[] = [];
        const results = [];
        for (let i = 0; i < reveals; i++) {
          const r = revealDomino("deck", deck, rollDie);
          results.push(r);
          deck = r.deck;
          if (!r.fallback) seen.push(key(r.domino));
        }
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toHaveLength(21);
        expect(results[21].fallback).toBe(true);
        for (const r of results.slice(21)) {
          expect(r.domino.greater).toBeGreaterThanOrEqual(r.domino.lesser);
          expect(r.domino.greater).toBeLessThanOrEqual(6);
          expect(r.domino.lesser).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });
});

describe("DOM-1 dominoFromDice", () => {
  it("2d6: the higher die is the greater end whatever the order", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (a, b) => {
        const d = dominoFromDice("2d6", a, b);
        expect(d).toEqual(dominoFromDice("2d6", b, a));
        expect(d.greater).toBe(Math.max(a, b));
      }),
    );
  });

  it("d8+d4: the d8 is always the greater end", () => {
    expect(dominoFromDice("d8+d4", 7, 1)).toEqual({ greater: 7, lesser: 1 });
    expect(dominoFromDice("d8+d4", 1, 4)).toEqual({ greater: 1, lesser: 4 });
  });
});

describe("DOM-4 a hidden domino holds no value", () => {
  it("a face-down domino carries nothing but its state", () => {
    expect(faceDownDomino()).toEqual({ state: "faceDown" });
    expect(Object.keys(faceDownDomino())).toEqual(["state"]);
  });

  it("property: dealing face down never touches the random source or the deck; only a reveal does", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (participants) => {
        const calls: number[] = [];
        const rollDie: RollDie = (faces) => {
          calls.push(faces);
          return 1;
        };
        const deck = fullDeck();
        const held = Array.from({ length: participants }, () => faceDownDomino());
        expect(calls).toEqual([]);
        const serialised = JSON.stringify(held);
        expect(serialised).not.toMatch(/greater|lesser|\d/);
        const after = revealHeld(held[0], "deck", deck, rollDie);
        expect(calls).toEqual([21]);
        expect(after.held).toEqual({ state: "revealed", domino: { greater: 6, lesser: 6 } });
      }),
    );
  });

  it("revealing a revealed domino changes nothing and draws nothing", () => {
    const held: HeldDomino = { state: "revealed", domino: { greater: 3, lesser: 2 } };
    const deck = fullDeck();
    const die = scripted();
    const r = revealHeld(held, "deck", deck, die);
    expect(r.held).toBe(held);
    expect(r.deck).toBe(deck);
    expect(die.calls).toEqual([]);
  });
});

describe("DOM-1, DOM-4 rolled sources", () => {
  it("2d6 rolls two d6 and leaves the deck as it was", () => {
    const deck = fullDeck();
    const die = scripted(2, 5);
    const r = revealDomino("2d6", deck, die);
    expect(die.calls).toEqual([6, 6]);
    expect(r).toEqual({ domino: { greater: 5, lesser: 2 }, deck, fallback: false });
  });

  it("d8+d4 rolls a d8 then a d4", () => {
    const die = scripted(3, 4);
    const r = revealDomino("d8+d4", fullDeck(), die);
    expect(die.calls).toEqual([8, 4]);
    expect(r.domino).toEqual({ greater: 3, lesser: 4 });
  });

  it("an empty deck falls back to 2d6", () => {
    const die = scripted(1, 4);
    const r = revealDomino("deck", { remaining: [] }, die);
    expect(die.calls).toEqual([6, 6]);
    expect(r.fallback).toBe(true);
    expect(r.domino).toEqual({ greater: 4, lesser: 1 });
  });

  it("a random source out of range is an error, not a silent tile", () => {
    expect(() => revealDomino("deck", fullDeck(), scripted(22))).toThrow(RangeError);
    expect(() => revealDomino("deck", fullDeck(), scripted(0))).toThrow(RangeError);
  });

  it("a draw is uniform over the remaining tiles (each index maps to one tile)", () => {
    const deck = fullDeck();
    const drawn = deck.remaining.map((_, i) => key(revealDomino("deck", deck, scripted(i + 1)).domino));
    expect(new Set(drawn).size).toBe(21);
  });
});

describe("DOM-5 reveal triggers", () => {
  it("turn start and an off-turn attack reveal", () => {
    expect(revealsDomino({ kind: "turnStart" })).toBe(true);
    expect(revealsDomino({ kind: "attack" })).toBe(true);
  });

  it("only clubs and spades saves reveal", () => {
    expect(revealsDomino({ kind: "save", suit: "clubs" })).toBe(true);
    expect(revealsDomino({ kind: "save", suit: "spades" })).toBe(true);
    expect(revealsDomino({ kind: "save", suit: "diamonds" })).toBe(false);
    expect(revealsDomino({ kind: "save", suit: "hearts" })).toBe(false);
  });

  it("a defence reveals unless the defender is Defenseless (incl. Reckless)", () => {
    expect(revealsDomino({ kind: "defence", defenseless: false })).toBe(true);
    expect(revealsDomino({ kind: "defence", defenseless: true })).toBe(false);
  });
});

describe("DOM-6 who receives one", () => {
  it("able and Helpless participants do; Unconscious, dead, absent and unaware-in-surprise do not", () => {
    expect(receivesDomino({ conditions: [] })).toBe(true);
    expect(receivesDomino({ conditions: ["helpless"] })).toBe(true);
    expect(receivesDomino({ conditions: ["pinned"] })).toBe(true);
    expect(receivesDomino({ conditions: ["unconscious"] })).toBe(false);
    expect(receivesDomino({ conditions: ["comatose"] })).toBe(false);
    expect(receivesDomino({ conditions: ["dead"] })).toBe(false);
    expect(receivesDomino({ conditions: [], absent: true })).toBe(false);
    expect(receivesDomino({ conditions: [], surpriseRound: true, aware: false })).toBe(false);
    expect(receivesDomino({ conditions: [], surpriseRound: true, aware: true })).toBe(true);
  });

  it("one that wakes mid-round and holds none receives one at once; one already holding does not", () => {
    expect(receivesDominoMidRound(null, { conditions: [] })).toBe(true);
    expect(receivesDominoMidRound(null, { conditions: ["unconscious"] })).toBe(false);
    expect(receivesDominoMidRound(faceDownDomino(), { conditions: [] })).toBe(false);
  });
});
