/**
 * Benchmark of the applier under load: how long the active GM's own click waits for its answer while
 * a player's console has just fired 1,000 requests, at 20 ms links, as a ratio against a floor
 * measured in the same run: the same click on the same table with no burst. Runs alternate (floor,
 * burst, floor, burst…) on fresh tables. The GM's wait is virtual time (the table's clock: the links'
 * latency and the server's round trips), so it is the same from run to run; the wall-clock time the
 * burst costs the machine is printed beside it. It checks that the clicks were applied, never the time.
 */
import { describe, expect, it } from "vitest";
import { Table } from "../test/table/table";
import { COMBAT, combatantId, startCombat } from "../test/table/play";
import type { CombatRequest } from "../src/rules/round/authority";

const REPETITIONS = 3;
const BURST = 1_000;
const STANCES = ["bold", "reckless", "guarded", "cautious"] as const;

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const declaration = (table: Table, actor: "ana" | "orc", stance: string): CombatRequest => ({
  kind: "declareStance",
  combatId: COMBAT,
  combatantId: combatantId(table, actor),
  stance: stance as never,
});

/** The GM's click 100 virtual ms from now (after `burst` requests from Alice's console, if any). */
async function gmWait(burst: number): Promise<{ virtual: number; wall: number; ok: boolean }> {
  const table = await Table.open({ latency: 20 });
  await startCombat(table);
  const started = performance.now();
  const flood = Array.from({ length: burst }, (_, i) =>
    table.alice.run(() =>
      table.alice.system.askGM("combat", declaration(table, "ana", STANCES[i % STANCES.length]!)),
    ),
  );
  const click = new Promise<{ virtual: number; ok: boolean }>((resolve) =>
    table.server.clock.schedule(100, null, () => {
      const asked = table.server.clock.now;
      void table.gm
        .run(() => table.gm.system.requestCombat(declaration(table, "orc", "guarded")))
        .then((ok) => resolve({ virtual: table.server.clock.now - asked, ok }));
    }),
  );
  await Promise.all(flood);
  const answered = await click;
  await table.settle();
  return { ...answered, wall: performance.now() - started };
}

describe("bench: flood", () => {
  it(`the GM's own click during a ${BURST}-request burst at 20 ms links, against the same click with none`, async () => {
    const floor: number[] = [];
    const burst: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < REPETITIONS; i++) {
      const idle = await gmWait(0);
      expect(idle.ok).toBe(true);
      floor.push(idle.virtual);
      const busy = await gmWait(BURST);
      expect(busy.ok).toBe(true);
      burst.push(busy.virtual);
      wall.push(busy.wall);
    }
    const ratio = median(burst) / median(floor);
    console.log(
      [
        `flood: the GM's click waits ${median(burst).toFixed(0)} virtual ms during a ${BURST}-request burst, ${median(floor).toFixed(0)} ms with none: ratio ${ratio.toFixed(2)}× (median of ${REPETITIONS}, interleaved)`,
        `flood: the burst run takes ${median(wall).toFixed(0)} ms of wall-clock time`,
      ].join("\n"),
    );
  });
});
