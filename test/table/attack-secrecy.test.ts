/**
 * Secrecy by indistinguishability for the attack card (issue 15, point 9): Ana attacks the orc while
 * the declarations are still secret (Alice and the GM have declared, Bob not yet). The same public
 * history is played with different secrets — the orc's declared stance (Guarded changes the defence,
 * Reckless skips the DOM-5 reveal of its domino) — and everything Alice's and Bob's clients hold must
 * be identical at every step of the card. Each run's requests must be accepted, or it proves nothing.
 */
import { describe, expect, it } from "vitest";
import { attackWorld, attackWithSword, playCard } from "./attack-card";
import { declare, startCombat } from "./play";
import { snapshot, type ClientSnapshot } from "./snapshot";
import { Table } from "./table";

async function history(orcStance: string): Promise<Record<"alice" | "bob", ClientSnapshot[]>> {
  const table = await Table.open({ world: attackWorld(), seeds: { gm: 4 } });
  const seen = { alice: [] as ClientSnapshot[], bob: [] as ClientSnapshot[] };
  const look = () => {
    seen.alice.push(snapshot(table.alice));
    seen.bob.push(snapshot(table.bob));
  };
  await startCombat(table);
  expect(await declare(table, "alice", "ana", "bold")).toBe(true);
  expect(await declare(table, "gm", "orc", orcStance)).toBe(true);
  look();
  expect(await attackWithSword(table, "alice", "orc")).toBe(true);
  look();
  await playCard(table, async () => look());
  expect(table.server.clock.errors).toEqual([]);
  return seen;
}

describe("secrecy by indistinguishability: the attack card", () => {
  it("an attack before the stances are shown: the orc's secret stance leaves no trace on a player's client", async () => {
    const guarded = await history("guarded");
    const reckless = await history("reckless");
    for (const seat of ["alice", "bob"] as const) {
      expect(guarded[seat].length).toBeGreaterThan(3);
      expect(reckless[seat]).toEqual(guarded[seat]);
    }
  });
});
