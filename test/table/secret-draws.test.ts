/**
 * DOM-2, INI-4, CD-19: a player who reads every public result of the GM's dice cannot name a face-down
 * domino before its reveal. The attack is the 2026-11-28 security review's (N4): the GM's dice are a
 * seeded generator (Foundry's `CONFIG.Dice.randomUniform` is a Mersenne Twister which, unseeded, "uses
 * the current timestamp"; the table's is mulberry32 seeded per seat), so Alice tries every seed a
 * login time leaves (2¹⁶ here), finds the one whose stream holds the GM's public 8d20 in chat, replays
 * the stream past it and names the domino the next reveal draws, as the round's dice mapped it
 * (⌊u·faces⌋ + 1). While the round drew from the GM's dice this named every domino; the round now draws
 * from the GM's Web Crypto source (src/dice/secret-dice.ts), which no public result says anything of.
 */
import { describe, expect, it } from "vitest";
import { defaultWorld, Table, USERS } from "./table";
import {
  COMBAT,
  combatantId,
  currentActor,
  endTurn,
  nextCall,
  seatOf,
  startCombat,
  everyoneDeclares,
} from "./play";
import { seededUniform } from "./dice";
import type { TableClient } from "./client";
import type { StoredCombatants } from "../../src/rules/round/stored";

/** The GM's dice seed, inside the range Alice searches (a login time bounds it in Foundry). */
const GM_DICE_SEED = 40_961;
const SEEDS_TRIED = 2 ** 16;
/** How far into a seed's stream Alice looks for the GM's public roll. */
const REACH = 200;
const PUBLIC_DICE = 8;

/** The d20 results of the GM's newest public roll, as Alice's chat log holds them. */
function newestGmRoll(alice: TableClient): number[] {
  const gmRolls = alice.messages.contents
    .filter((m) => m._source.author === USERS.gm._id)
    .flatMap((m) => m.rolls as { dice: { faces: number; results: ({ result: number } | number)[] }[] }[])
    .filter((r) => r.dice.length === 1 && r.dice[0]!.faces === 20);
  // A die's result as the roll's data holds it (a number, or `{ result }` as Foundry's Die stores it).
  return gmRolls.at(-1)!.dice[0]!.results.map((r) => (typeof r === "number" ? r : r.result));
}

/** Where in `stream` (from `from`) the d20 results stand one after another; −1 if nowhere within reach. */
function placeOf(stream: readonly number[], results: readonly number[], from: number): number {
  for (let at = from; at + results.length <= stream.length; at++)
    if (results.every((r, i) => Math.min(20, Math.ceil(stream[at + i]! * 20) || 1) === r)) return at;
  return -1;
}

const streamOf = (seed: number, length: number) => {
  const next = seededUniform(seed);
  return Array.from({ length }, () => next());
};

/** Alice's search: the seeds whose stream holds the GM's public roll. */
function seedsHolding(results: readonly number[]): number[] {
  const found: number[] = [];
  for (let seed = 0; seed < SEEDS_TRIED; seed++)
    if (placeOf(streamOf(seed, REACH), results, 0) >= 0) found.push(seed);
  return found;
}

/** The d8+d4 domino the next two draws after the public roll give, as the round's dice read them. */
function namedDomino(stream: readonly number[], after: number): string {
  const die = (u: number, faces: number) => Math.min(faces, Math.floor(u * faces) + 1);
  return `${die(stream[after]!, 8)}|${die(stream[after + 1]!, 4)}`;
}

function revealedOn(client: TableClient, id: string): string | null {
  const stored = client.combats.get(COMBAT)!.flags.zilch as { combatants: StoredCombatants };
  const d = stored.combatants[id]!.domino;
  return d.state === "revealed" ? `${d.greater}|${d.lesser}` : null;
}

/** The GM rolls 8d20 in public chat (a GM's roll of anything, on the same dice as every GM roll). */
async function gmPublicRoll(table: Table): Promise<void> {
  await table.act("gm", async () => {
    const roll = await new Roll(`${PUBLIC_DICE}d20`).evaluate();
    await ChatMessage.create({ content: "", rolls: [roll] });
  });
}

describe("DOM-2: the face-down dominoes cannot be named from the GM's public dice", () => {
  it("Alice recovers the GM's dice seed from a public roll, yet names none of the three dominoes revealed next", async () => {
    const table = await Table.open({
      world: defaultWorld({ "zilch.dominoSource": "d8+d4" }),
      seats: ["gm", "alice", "bob"],
      seeds: { gm: GM_DICE_SEED },
      // Repeatable secrets for this test only; the attack does not read them.
      cryptoSeeds: { gm: 5 },
    });
    await startCombat(table);
    await everyoneDeclares(table);
    await gmPublicRoll(table);
    const seeds = seedsHolding(newestGmRoll(table.alice));
    expect(seeds, "the public roll gives the GM's dice away").toEqual([GM_DICE_SEED]);
    const stream = streamOf(GM_DICE_SEED, REACH * 4);
    let at = 0;
    const named: string[] = [];
    const revealed: (string | null)[] = [];
    for (let turn = 0; turn < 3; turn++) {
      if (turn > 0) await gmPublicRoll(table);
      at = placeOf(stream, newestGmRoll(table.alice), at);
      expect(at, "Alice finds the GM's newest roll in the stream").toBeGreaterThanOrEqual(0);
      at += PUBLIC_DICE;
      named.push(namedDomino(stream, at));
      // The next turn's call reveals its combatant's domino.
      if (turn === 0) expect(await nextCall(table)).toBe(true);
      else {
        const actor = currentActor(table, table.gm)!;
        expect(await endTurn(table, seatOf(actor), actor)).toBe(true);
      }
      const current = currentActor(table, table.gm)!;
      revealed.push(revealedOn(table.alice, combatantId(table, current)));
    }
    expect(revealed.every((d) => d !== null)).toBe(true);
    const hits = named.filter((d, i) => d === revealed[i]).length;
    expect(hits, `named ${named.join(", ")}; revealed ${revealed.join(", ")}`).toBe(0);
    expect(table.server.clock.errors).toEqual([]);
  });
});
