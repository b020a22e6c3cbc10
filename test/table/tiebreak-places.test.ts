/**
 * INI-4 at the table: the tiebreakers a combat stores are places in the order, never the draws. A
 * combat saved by an older version holds raw draws (1–1,000,000) in its public flags; when the GM next
 * loads the world, the applying GM's client rewrites them as places in the same order (and the
 * countdown's copies with them), and the round goes on as before.
 */
import { describe, expect, it } from "vitest";
import { countdownWorld } from "./countdown";
import { COMBAT, combatantId, startCombat, everyoneDeclares } from "./play";
import { defaultWorld, EVERY_SEAT_SEEDED, Table } from "./table";
import type { StoredCombatants } from "../../src/rules/round/stored";
import type { RoundState } from "../../src/rules/round/state";

type Flags = { combatants: StoredCombatants; round: RoundState };
const flagsOf = (table: Table) => table.server.combat(COMBAT).flags.zilch as Flags;
const places = (f: Flags) => Object.values(f.combatants).map((c) => c.tiebreak);
const participantPlaces = (f: Flags) =>
  (f.round.countdown?.participants ?? []).map((p) => [p.id, p.tiebreak]);

/** An older version's raw draw for each place: the same order, nothing else alike. */
const RAW = [17, 402_001, 812_334, 999_999];

async function olderCombat(countdown: boolean): Promise<{ table: Table; before: Flags }> {
  const world = countdown ? countdownWorld() : defaultWorld();
  const table = await Table.open({ world, seats: ["gm", "alice", "bob"], cryptoSeeds: EVERY_SEAT_SEEDED });
  await startCombat(table);
  await everyoneDeclares(table);
  const before = structuredClone(flagsOf(table));
  // The server's stored combat as an older version left it: raw draws where the places are.
  const stored = flagsOf(table);
  for (const c of Object.values(stored.combatants)) c.tiebreak = RAW[c.tiebreak - 1]!;
  const participants = stored.round.countdown?.participants ?? [];
  stored.round = {
    ...stored.round,
    ...(stored.round.countdown
      ? {
          countdown: {
            ...stored.round.countdown,
            participants: participants.map((p) => ({ ...p, tiebreak: RAW[p.tiebreak - 1]! })),
          },
        }
      : {}),
  };
  expect(places(flagsOf(table)).every((t) => RAW.includes(t))).toBe(true);
  return { table, before };
}

describe("INI-4: tiebreakers stored as raw draws become places when the GM loads the world", () => {
  for (const countdown of [false, true])
    it(`${countdown ? "countdown" : "Spades"}: the same order, places 1–3, the round unchanged otherwise`, async () => {
      const { table, before } = await olderCombat(countdown);
      expect(places(before).sort()).toEqual([1, 2, 3]);
      await table.reload("gm");
      await table.settle();
      const after = flagsOf(table);
      expect(after).toEqual(before);
      if (countdown) expect(participantPlaces(after)).toHaveLength(3);
      // Every client holds the places, the order the tracker shows is the one before.
      for (const client of [table.gm, table.alice, table.bob]) {
        const held = client.combats.get(COMBAT)!.flags.zilch as Flags;
        expect(held.combatants[combatantId(table, "ana")]!.tiebreak).toBe(
          before.combatants[combatantId(table, "ana")]!.tiebreak,
        );
      }
      expect(table.server.clock.errors).toEqual([]);
    });
});
