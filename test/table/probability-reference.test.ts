/**
 * Appendix B at the table: the figures of B-2, B-3 and B-4 counted exhaustively over what play really
 * holds and calls. The deck is the one a started combat stores in its round flag (DOM-3), revealed
 * through `revealHeld`, the function the round engine's reveal runs; the colour bands come from the
 * stances' pips (`stancePips`) and `resolveAttack`, as the attack card computes them; the injury
 * location comes from the attack card's own `rollLocationStep`, applied to a card that reached its
 * injury roll in play, for every one of the 6^4 rolls.
 */
import { describe, expect, it } from "vitest";
import { Table } from "./table";
import { attackWithSword, attackWorld, clickStep, nextClick, stateOn } from "./attack-card";
import { firstTurnTo, roundOn, startCombat, declareAll } from "./play";
import { revealHeld, faceDownDomino, DOMINO_DICE, type Domino } from "../../src/rules/dominoes";
import { stancePips } from "../../src/rules/stances";
import { resolveAttack } from "../../src/rules/attack/resolution";
import { rollLocationStep } from "../../src/rules/attack/hit";
import type { AttackState } from "../../src/rules/attack/types";
import type { DominoSource, Stance } from "../../src/rules/vocabulary";
import type { DominoDeck } from "../../src/rules/dominoes";

const round1 = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** The deck a started combat stores, read from the GM's copy of its round flag. */
async function combatDeck(): Promise<DominoDeck> {
  const table = await Table.open({ seats: ["gm"] });
  await startCombat(table);
  const deck = roundOn(table.gm)?.deck;
  if (!deck) throw new Error("the combat stores no deck");
  return deck;
}

/** Every equally likely domino a reveal can give from `source`, one per outcome of its dice. */
function everyReveal(source: DominoSource, deck: DominoDeck): Domino[] {
  const faces = source === "deck" ? [deck.remaining.length] : [...DOMINO_DICE[source]];
  const outcomes: number[][] = faces.reduce<number[][]>(
    (acc, f) => acc.flatMap((prefix) => Array.from({ length: f }, (_, i) => [...prefix, i + 1])),
    [[]],
  );
  return outcomes.map((dice) => {
    const queue = [...dice];
    const { held } = revealHeld(faceDownDomino(), source, deck, () => queue.shift()!);
    if (held.state !== "revealed") throw new Error("a reveal always yields a value");
    return held.domino;
  });
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("B-2: domino ends", () => {
  it("B-2: mean ends of the combat's 21-tile deck 4.33/2.67, 2d6 4.47/2.53, d8+d4 4.50/2.50", async () => {
    const deck = await combatDeck();
    expect(deck.remaining).toHaveLength(21);
    const expected: Record<DominoSource, [number, number]> = {
      deck: [4.33, 2.67],
      "2d6": [4.47, 2.53],
      "d8+d4": [4.5, 2.5],
    };
    for (const source of ["deck", "2d6", "d8+d4"] as const) {
      const dominoes = everyReveal(source, deck);
      expect(
        [round1(mean(dominoes.map((d) => d.greater))), round1(mean(dominoes.map((d) => d.lesser)))],
        source,
      ).toEqual(expected[source]);
    }
  });
});

describe("B-3: colour bands between equal cards", () => {
  /** The chance of each colour, in percent, over every pair of independent draws from the deck. */
  function bands(deck: DominoDeck, attacker: Stance, defender: Stance): number[] {
    const colours = ["white", "green", "yellow", "orange", "red"];
    const counts = colours.map(() => 0);
    const tiles = everyReveal("deck", deck);
    const card = 8;
    for (const a of tiles)
      for (const d of tiles) {
        const off = stancePips(attacker, a);
        const def = stancePips(defender, d);
        const result = resolveAttack(
          { card, offense: off.offense },
          { spades: card, defense: def.defense, defenseless: def.defenseless },
        );
        counts[colours.indexOf(result.colour)]! += 1;
      }
    return counts.map((n) => round1((100 * n) / tiles.length ** 2, 1));
  }

  it("B-3: Bold and Reckless attackers against Bold and Cautious defenders, as RULES.md tabulates", async () => {
    const deck = await combatDeck();
    expect(bands(deck, "bold", "bold")).toEqual([15.9, 28.6, 33.8, 13.6, 8.2]);
    expect(bands(deck, "bold", "cautious")).toEqual([39.7, 36.5, 18.6, 3.9, 1.4]);
    expect(bands(deck, "reckless", "bold")).toEqual([5.4, 12.7, 21.1, 12.2, 48.5]);
    expect(bands(deck, "reckless", "cautious")).toEqual([15.2, 20.6, 24.9, 11.6, 27.7]);
  });
});

describe("B-4: injury location", () => {
  /** The GM's dice seed under which Ana's swing at the Reckless orc is Red and injures it (wound-bleeder.test.ts). */
  const INJURING_SEED = 20;
  /** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */
  const CRYPTO_GM = 1;

  /** Ana's attack card in play, clicked through until it waits for the injury location roll. */
  async function cardAtInjuryRoll(): Promise<AttackState> {
    const table = await Table.open({
      world: attackWorld(),
      seeds: { gm: INJURING_SEED },
      cryptoSeeds: { gm: CRYPTO_GM },
    });
    await startCombat(table);
    await declareAll(table, { ana: "reckless", bo: "bold", orc: "reckless" });
    expect(await firstTurnTo(table, "ana")).toBe(true);
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    for (let n = 0; n < 12; n++) {
      const state = stateOn(table.gm)!;
      if (state.step === "injuryLocation") return state;
      const [seat, kind, extra] = nextClick(state);
      expect(await clickStep(table, seat, kind, extra)).toEqual({ ok: true });
    }
    throw new Error(`seed ${INJURING_SEED} no longer reaches an injury roll`);
  }

  it("B-4: over all 6^4 rolls on the card, the INJ-4 chances; triple 9.26%, quadruple 0.46%", async () => {
    const card = await cardAtInjuryRoll();
    const counts: Record<string, number> = {};
    const shifts = [0, 0, 0];
    for (let n = 0; n < 6 ** 4; n++) {
      const dice = [0, 1, 2, 3].map((k) => (Math.floor(n / 6 ** k) % 6) + 1);
      const result = rollLocationStep(card, { kind: "rollLocation", dice });
      if (!result.ok) throw new Error(`refused ${dice.join(",")}`);
      const rolled = result.state.injury!.rolled!;
      counts[rolled.location] = (counts[rolled.location] ?? 0) + 1;
      shifts[rolled.shifts]! += 1;
    }
    const pct = (k: number) => round1((100 * k) / 6 ** 4, 1);
    expect(Object.fromEntries(Object.entries(counts).map(([l, k]) => [l, pct(k)]))).toEqual({
      head: 10.9,
      leftLeg: 6.5,
      rightLeg: 4.9,
      leftArm: 11.8,
      rightArm: 14.1,
      abdomen: 20.1,
      chest: 31.7,
    });
    expect(round1((100 * shifts[1]!) / 6 ** 4)).toBe(9.26);
    expect(round1((100 * shifts[2]!) / 6 ** 4)).toBe(0.46);
  });
});
