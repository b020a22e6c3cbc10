/**
 * Benchmark of the table layer (a GM and several players in one combat): how long the active GM's client takes to apply one player
 * request, with four clients connected (GM, Assistant GM, two players), as a median over repetitions
 * and as a ratio against a floor measured in the same run: a no-op query through the same channel
 * machinery (same clients, same simulated server, same virtual latency, a handler that does nothing).
 * Wall-clock time only (the network latency is virtual and costs nothing here). It checks that the
 * requests were applied, never the time.
 */
import { describe, expect, it } from "vitest";
import { Table } from "../test/table/table";
import { COMBAT, combatantId, declare, startCombat } from "../test/table/play";

const REPETITIONS = 60;
const STANCES = ["bold", "reckless", "guarded", "cautious"] as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Wraps a GM query handler so each call's time on the GM's client is recorded. */
function timeHandler(table: Table, name: string, into: number[]): void {
  const handlers = table.gm.queryHandlers;
  const inner = handlers[name]!;
  handlers[name] = async (data: unknown, options: unknown) => {
    const started = performance.now();
    try {
      return await inner(data, options);
    } finally {
      into.push(performance.now() - started);
    }
  };
}

describe("bench: table", () => {
  it(`the active GM applies one player's request (median of ${REPETITIONS}) with four clients`, async () => {
    const table = await Table.open();
    await startCombat(table);
    const requestName = "zilch.request";
    const applyTimes: number[] = [];
    const floorTimes: number[] = [];
    const roundTrips: number[] = [];
    const floorTrips: number[] = [];
    table.gm.queryHandlers["table.noop"] = async () => ({ ok: true });
    timeHandler(table, requestName, applyTimes);
    timeHandler(table, "table.noop", floorTimes);
    const gmUser = table.alice.run(() => game.users!.activeGM!);
    // One warm-up of each before timing.
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    for (let i = 0; i < REPETITIONS; i++) {
      let started = performance.now();
      const ok = await declare(table, "alice", "ana", STANCES[i % STANCES.length]!);
      roundTrips.push(performance.now() - started);
      expect(ok).toBe(true);
      started = performance.now();
      await table.alice.run(() => gmUser.query("table.noop" as never, {} as never));
      await table.settle();
      floorTrips.push(performance.now() - started);
    }
    expect(combatantId(table, "ana")).toBeTruthy();
    expect(table.server.combat(COMBAT).round).toBe(1);
    const apply = median(applyTimes.slice(1));
    const floor = median(floorTimes);
    const trip = median(roundTrips);
    const floorTrip = median(floorTrips);
    console.log(
      [
        `table: GM applies one request ${apply.toFixed(2)} ms (median of ${REPETITIONS}); no-op handler ${floor.toFixed(3)} ms`,
        `table: player's round trip ${trip.toFixed(2)} ms vs no-op query round trip ${floorTrip.toFixed(2)} ms: ratio ${(trip / floorTrip).toFixed(1)}×`,
      ].join("\n"),
    );
  });
});
