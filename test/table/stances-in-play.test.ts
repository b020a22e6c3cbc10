/**
 * DOM-2, ST-2 and EQ-8 at the table, with EX-DOM-1, EX-ST-1 and EX-ST-2: each seat declares its
 * stance through the tracker's request, then Alice attacks from her client; the GM's client reveals
 * the dominoes the attack reads (DOM-5) and the card's totals use the stance's ends and the shield.
 * The world's dominoes are `d8+d4` (DOM-1), and the GM's secret draws (which the combat's reveal
 * reads: src/dice/secret-dice.ts; scripted through the table's `scriptSecrets`) are set just before the attack,
 * so each reveal shows the example's tile: the attacker's d8 and d4, then the defender's.
 */
import { describe, expect, it } from "vitest";
import type { AttackState } from "../../src/rules/attack/index";
import { attackWithSword, attackWorld, stateOn, closeWindows } from "./attack-card";
import { declare, firstTurnTo, startCombat } from "./play";
import { ACTORS, Table } from "./table";
import { uniformFor } from "./dice";

type Stance = "reckless" | "bold" | "cautious" | "guarded";
type Tile = [number, number];

interface Setup {
  readonly ana: Stance;
  readonly defender: "bo" | "orc";
  readonly stance: Stance;
  /** The attacker's tile, then the defender's (each d8|d4). */
  readonly tiles: [Tile, Tile];
  readonly shield?: string;
  readonly statuses?: string[];
}

async function attackIn(s: Setup): Promise<{ table: Table; state: AttackState }> {
  const world = attackWorld({ "zilch.dominoSource": "d8+d4" });
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = { suits: { clubs: { primary: 7, secondary: 14 } } };
  const bo = world.actors.find((a) => a._id === ACTORS.bo._id)!;
  bo.system = {
    classes: ["fighter"],
    suits: { spades: { primary: 6, secondary: 6 }, clubs: { primary: 14 } },
  };
  bo.statuses = s.statuses ?? [];
  if (s.shield)
    bo.items = [
      { _id: "itmShield0000001", name: "Shield", type: "shield", system: { kind: s.shield, slot: "hands" } },
    ];
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { suits: { spades: { value: 6 } } };
  const table = await Table.open({ world });
  await startCombat(table);
  expect(await declare(table, "alice", "ana", s.ana)).toBe(true);
  expect(await declare(table, "bob", "bo", s.defender === "bo" ? s.stance : "cautious")).toBe(true);
  expect(await declare(table, "gm", "orc", s.defender === "orc" ? s.stance : "cautious")).toBe(true);
  const queue = s.tiles.flatMap(([d8, d4]) => [uniformFor(d8, 8), uniformFor(d4, 4)]);
  table.gm.scriptSecrets(() => {
    const next = queue.shift();
    if (next === undefined) throw new Error("the attack read more dice than its two dominoes");
    return next;
  });
  // AC-1: Ana attacks in her own turn; its start reveals her domino (DOM-5), the first tile scripted.
  expect(await firstTurnTo(table, "ana")).toBe(true);
  expect(await attackWithSword(table, "alice", s.defender)).toBe(true);
  expect(table.server.clock.errors).toEqual([]);
  return { table, state: stateOn(table.gm)! };
}

/** Both windows closed with nothing spent: the card's totals. */
async function totals(table: Table): Promise<{ attack: number; defense: number; hit: boolean }> {
  // A Defenseless target has no window of its own (no pips or chips count: AT-4).
  await closeWindows(table);
  const { attack, defense, hit } = stateOn(table.gm)!.result!;
  return { attack, defense, hit };
}

describe("ST-2: the stance assigns the domino's ends", () => {
  it("EX-ST-1 (ST-2): ♣7 Bold with 5|2 attacks ♠6 Cautious with 4|1: attack 7 + 5 = 12, defence 6 + 4 = 10", async () => {
    const { table, state } = await attackIn({
      ana: "bold",
      defender: "orc",
      stance: "cautious",
      tiles: [
        [5, 2],
        [4, 1],
      ],
    });
    expect(state.attacker.side.offense).toBe(5);
    expect(state.defender.side.defense).toBe(4);
    expect(await totals(table)).toEqual({ attack: 12, defense: 10, hit: true });
  });

  it("ST-2: Reckless attacks with G + L; a Guarded defender defends with G + L", async () => {
    const { table, state } = await attackIn({
      ana: "reckless",
      defender: "orc",
      stance: "guarded",
      tiles: [
        [5, 2],
        [4, 1],
      ],
    });
    expect(state.attacker.side.offense).toBe(7);
    expect(state.defender.side.defense).toBe(5);
    expect(await totals(table)).toMatchObject({ attack: 14, defense: 11 });
  });

  it("ST-2: Cautious attacks with L; a Reckless defender has no defensive pips and is Defenseless", async () => {
    const { table, state } = await attackIn({
      ana: "cautious",
      defender: "orc",
      stance: "reckless",
      tiles: [
        [5, 2],
        [4, 1],
      ],
    });
    expect(state.attacker.side.offense).toBe(2);
    expect(state.defender.side.defense).toBe(0);
    expect(state.defender.side.defenseless).toBe(true);
    // AT-4 basic rule: a hit whatever the totals, the defence being ♠6 alone.
    expect(await totals(table)).toMatchObject({ attack: 9, defense: 6, hit: true });
  });
});

describe("DOM-2: the d8 is the greater end, whatever it shows", () => {
  it("EX-DOM-1 (DOM-2): d8 = 2, d4 = 4: G = 2, L = 4, so Bold has offence 2 and defence 4", async () => {
    const { table, state } = await attackIn({
      ana: "bold",
      defender: "orc",
      stance: "bold",
      tiles: [
        [2, 4],
        [2, 4],
      ],
    });
    expect(state.attacker.side.offense).toBe(2);
    expect(state.defender.side.defense).toBe(4);
    expect(await totals(table)).toMatchObject({ attack: 9, defense: 10, hit: false });
  });
});

describe("EQ-8: the shield in the defence total", () => {
  it("EX-ST-2 (EQ-8): ♠6 Guarded with 3|2 and a Large shield: 6 + 5 + 4 = 15", async () => {
    const { table } = await attackIn({
      ana: "bold",
      defender: "bo",
      stance: "guarded",
      tiles: [
        [5, 2],
        [3, 2],
      ],
      shield: "large",
    });
    expect((await totals(table)).defense).toBe(15);
  });

  it("EX-ST-2 (EQ-8): with a Tower shield: 6 + 5 + 5 = 16", async () => {
    const { table } = await attackIn({
      ana: "bold",
      defender: "bo",
      stance: "guarded",
      tiles: [
        [5, 2],
        [3, 2],
      ],
      shield: "tower",
    });
    expect((await totals(table)).defense).toBe(16);
  });

  it("EX-ST-2 (EQ-8): a Large shield while Grappled adds nothing: 6 + 5 = 11", async () => {
    const { table, state } = await attackIn({
      ana: "bold",
      defender: "bo",
      stance: "guarded",
      tiles: [
        [5, 2],
        [3, 2],
      ],
      shield: "large",
      statuses: ["grappled"],
    });
    expect(state.defender.side.entangled).toBe(true);
    expect((await totals(table)).defense).toBe(11);
  });

  it("EQ-8: outside Guarded a Large shield adds its defence +2: Cautious ♠6 with 3|2: 6 + 3 + 2 = 11", async () => {
    const { table } = await attackIn({
      ana: "bold",
      defender: "bo",
      stance: "cautious",
      tiles: [
        [5, 2],
        [3, 2],
      ],
      shield: "large",
    });
    expect((await totals(table)).defense).toBe(11);
  });
});
