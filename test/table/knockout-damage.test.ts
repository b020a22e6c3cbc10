/**
 * SW-6 at the table: a knock-out's damage is all temporary (HP-3). Ana's Red sword swing at the orc,
 * declared as a knock-out, lowers its HP by the card's final damage into its temporary pool and deals
 * no real damage; the same swing without the knock-out deals real damage.
 */
import { describe, expect, it } from "vitest";
import { attackTable, playCard, stateOn, attackWithSword } from "./attack-card";
import { ACTORS } from "./table";

/** The GM's dice seed under which Ana's swing at the Reckless orc is Red (wound-bleeder.test.ts). */
const RED_SEED = 78;
/** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */
const CRYPTO_GM = 1;

async function swing(knockout: boolean) {
  const table = await attackTable({ seeds: { gm: RED_SEED }, cryptoSeeds: { gm: CRYPTO_GM } }, "reckless");
  // The orc's HP as the GM's client prepares them (a fresh orc stores none of its own).
  const hpOf = () =>
    table.gm.run(() => {
      const { value, temp } = game.actors!.get(ACTORS.orc._id)!.creature.hp;
      return { value, temp };
    });
  const before = hpOf().value;
  await attackWithSword(table, "alice", "orc", { knockout });
  await playCard(table);
  const done = stateOn(table.gm)!;
  return { done, before, hp: hpOf(), errors: table.server.clock.errors };
}

describe("SW-6: a knock-out's damage", () => {
  it("is all temporary: the orc's HP falls by the final damage into its temporary pool", async () => {
    const { done, before, hp, errors } = await swing(true);
    if (done.result?.colour !== "red") throw new Error(`seed ${RED_SEED} no longer gives a Red hit`);
    const final = done.damage!.result.final!;
    expect(final).toBeGreaterThan(0);
    expect(final).toBeLessThan(before);
    expect(hp).toEqual({ value: before - final, temp: final });
    expect(errors).toEqual([]);
  });

  it("without the knock-out, the same hit's damage is real", async () => {
    const { done, before, hp } = await swing(false);
    const final = done.damage!.result.final!;
    expect(final).toBeGreaterThan(0);
    expect(hp).toEqual({ value: Math.max(0, before - final), temp: 0 });
  });
});
