/**
 * T-11 at the table: an attack is not a test. Alice attacks the orc with Ana's greatsword outside
 * combat (no dominoes, so no pips): whatever the GM's dice would roll, the card compares the two
 * totals and never rolls a d12 for the hit.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { attackWorld, attackWithSword, closeWindows, stateOn } from "./attack-card";

/** Ana's ♣ (Strength 13, so no EQ-4 shortfall) against the orc's ♠, under the GM's dice seed. */
async function decided(clubs: number, spades: number, seed: number) {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = { ...ana.system, suits: { clubs: { primary: clubs, secondary: 13 } } };
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { ...orc.system, suits: { spades: { value: spades } } };
  const table = await Table.open({ world, seeds: { gm: seed } });
  expect(await attackWithSword(table, "alice", "orc")).toBe(true);
  await closeWindows(table);
  return stateOn(table.gm)!.result!;
}

describe("T-11: to-hit is not a test", () => {
  it("T-11: ♣12 against ♠12 hits with margin 0 and ♣11 misses, under every dice seed", async () => {
    for (const seed of [1, 77]) {
      expect(await decided(12, 12, seed)).toMatchObject({ attack: 12, defense: 12, hit: true, margin: 0 });
      expect(await decided(11, 12, seed)).toMatchObject({ attack: 11, defense: 12, hit: false });
    }
  });
});
