/**
 * Shared tools of the console-attack tests: a clean Spades round to compare with, an attacked round,
 * the payload Alice's client really sent, and Alice's console calling the GM's query directly.
 */
import { expect } from "vitest";
import { EVERY_SEAT_SEEDED, Table } from "./table";
import { combatantId, playSpadesRound, type RoundLog, type SpadesStep } from "./play";
import { clone } from "./objects";
import type { WorldData } from "./server";

/** The world as the server holds it, without what `skip` names (a combatant's own system data). */
export function publicWorld(table: Table | WorldData, skip: { combatantSystem?: string } = {}): WorldData {
  const world = clone(table instanceof Table ? table.server.world : table);
  for (const combat of world.combats)
    for (const c of combat.combatants) if (c._id === skip.combatantSystem) c.system = {};
  return world;
}

export interface CleanRun {
  readonly world: WorldData;
  readonly log: RoundLog;
}

/** The same round with nobody cheating, on the same seeds. */
export async function cleanRun(): Promise<CleanRun> {
  const table = await Table.open({ cryptoSeeds: EVERY_SEAT_SEEDED });
  const log = await playSpadesRound(table);
  return { world: publicWorld(table), log };
}

/** An attack compared with a clean run proves something only if the clean run went through. */
export function expectBaseline(clean: CleanRun): void {
  expect(
    clean.log.answers.filter((a) => !a.ok),
    "the clean round was refused somewhere",
  ).toEqual([]);
  expect(clean.log.order).toHaveLength(3);
}

/** Plays the round with `attack` run after `step`, and returns the table. */
export async function attacked(step: SpadesStep, attack: (table: Table) => Promise<unknown>): Promise<Table> {
  const table = await Table.open({ cryptoSeeds: EVERY_SEAT_SEEDED });
  await playSpadesRound(table, { [step]: () => attack(table) });
  expect(table.server.clock.errors).toEqual([]);
  return table;
}

/** The last query the GM's client received from Alice's legitimate clicks (about Ana): the payload to tamper with. */
export function capturedFromAlice(table: Table): { name: string; data: unknown } {
  const ana = combatantId(table, "ana");
  const received = table.gm.queriesReceived.filter((q) => JSON.stringify(q.data).includes(ana));
  const last = received[received.length - 1];
  if (!last) throw new Error("Alice's client sent the GM nothing to capture");
  return { name: last.name, data: last.data };
}

/** Alice's console: `game.users.activeGM.query(name, data)`; a rejection is an answer too. */
export function aliceQueries(table: Table, name: string, data: unknown): Promise<unknown> {
  return table.alice.run(() => {
    const gm = game.users!.activeGM!;
    return gm.query(name as never, data as never).catch((error: unknown) => ({ rejected: String(error) }));
  });
}
