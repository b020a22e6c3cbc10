/**
 * Secrecy by indistinguishability for the attack card (issue 15, point 9): Ana attacks the orc while
 * the declarations are still secret (Alice and the GM have declared, Bob not yet). The same public
 * history is played with different secrets — the orc's declared stance (Guarded changes the defence,
 * Reckless skips the DOM-5 reveal of its domino) — and everything Alice's and Bob's clients hold must
 * be identical at every step of the card. Each run's requests must be accepted, or it proves nothing.
 * Played twice: with a Boon for Ana and a ♠ chip for the orc, so both windows wait for a click, and
 * with neither, where the GM's client closes both and rolls what nobody decides by itself (what it
 * does unasked must not tell the stance either).
 */
import { describe, expect, it } from "vitest";
import { attackWorld, attackWithSword, playCard } from "./attack-card";
import { declare, startCombat } from "./play";
import { snapshot, type ClientSnapshot } from "./snapshot";
import { ACTORS, Table } from "./table";

/** The attack world; with `choices`, Ana holds a Boon and the orc a ♠ chip; without, the default pace. */
function world(choices: boolean) {
  const w = attackWorld(choices ? {} : { "zilch.attackAutoRolls": "all" });
  if (!choices) return w;
  const ana = w.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = { ...ana.system, boons: 1 };
  const orc = w.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { ...orc.system, chips: { spades: { value: 1, max: 1 } } };
  return w;
}

async function history(
  orcStance: string,
  choices: boolean,
): Promise<Record<"alice" | "bob", ClientSnapshot[]>> {
  const table = await Table.open({ world: world(choices), seeds: { gm: 4 } });
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
  for (const [choices, looks] of [
    [true, 4],
    [false, 2],
  ] as const)
    it(`an attack before the stances are shown, ${choices ? "both windows waiting" : "both windows closed by the GM's client"}: the orc's secret stance leaves no trace on a player's client`, async () => {
      const guarded = await history("guarded", choices);
      const reckless = await history("reckless", choices);
      for (const seat of ["alice", "bob"] as const) {
        expect(guarded[seat].length).toBeGreaterThanOrEqual(looks);
        expect(reckless[seat]).toEqual(guarded[seat]);
      }
    });
});
