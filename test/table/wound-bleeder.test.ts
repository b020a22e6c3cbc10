/**
 * SW-7, OD-1, OD-4 at the table: Ana's Red greatsword hit aimed at the orc's chest gives it a Deep
 * chest wound (an Enemy takes it without a save, SW-5) whose item carries the bleeder, N 1 on ♥ with
 * origin Chest; the grievous injury that follows is a chest Bleeder, which OD-4 ignores (that
 * location already bleeds). The wound's Stunned also turns the Reckless orc Cautious at once (ST-6).
 */
import { describe, expect, it } from "vitest";
import { attackTable, attackWorld, attackWithSword, playCard, stateOn } from "./attack-card";
import { ACTORS, Table } from "./table";
import { firstTurnTo, stanceOn, startCombat, declareAll } from "./play";

/** The GM's dice seed under which Ana's swing at the Reckless orc is Red and the injury a chest Bleeder. */
const RED_CHEST_SEED = 78;
/** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */
const CRYPTO_GM = 1;

async function redHit(): Promise<Table> {
  const table = await Table.open({
    world: attackWorld(),
    seeds: { gm: RED_CHEST_SEED },
    cryptoSeeds: { gm: CRYPTO_GM },
  });
  await startCombat(table);
  await declareAll(table, { ana: "reckless", bo: "bold", orc: "reckless" });
  expect(await firstTurnTo(table, "ana")).toBe(true);
  expect(await attackWithSword(table, "alice", "orc")).toBe(true);
  await playCard(table);
  return table;
}

describe("the Deep chest wound's bleeder (SW-7, OD-1, OD-4)", () => {
  it("the wound item bleeds N 1 on ♥ from the chest; a second chest bleeder is ignored", async () => {
    const table = await redHit();
    const done = stateOn(table.gm)!;
    expect(done.result?.colour).toBe("red");
    const items = table.server.actor(ACTORS.orc._id).items.filter((i) => i.type === "injury");
    const wound = items.find((i) => (i.system as { kind: string }).kind === "specificWound");
    const injury = items.find((i) => (i.system as { kind: string }).kind === "grievousInjury");
    expect(wound?.system).toMatchObject({
      location: "chest",
      effect: "deepChestWound",
      ongoing: { active: true, rating: 1, suit: "hearts", modifier: 0, tag: "bleeding" },
    });
    expect(injury?.system).toMatchObject({
      location: "chest",
      effect: "bleeder",
      ongoing: { active: false },
    });
    // The GM's client reads one bleeding effect on the orc, from the wound's item.
    const entries = table.gm.run(() => game.actors!.get(ACTORS.orc._id)!.ongoingEntries());
    expect(entries.map((e) => [e.itemId, e.effect.origin, e.effect.tag])).toEqual([
      [wound?._id, "chest", "bleeding"],
    ]);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the wound's Stunned turns the Reckless orc Cautious on every client (ST-6)", async () => {
    const table = await redHit();
    expect(table.server.actor(ACTORS.orc._id).statuses).toContain("stunned");
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "orc")).toBe("cautious");
  });
});

describe("SW-6: a Red knock-out", () => {
  it("leaves the orc Unconscious, recorded with the minutes rolled as its source, and checks no wound", async () => {
    const table = await attackTable(
      { seeds: { gm: RED_CHEST_SEED }, cryptoSeeds: { gm: CRYPTO_GM } },
      "reckless",
    );
    await attackWithSword(table, "alice", "orc", { knockout: true });
    const steps = await playCard(table);
    const done = stateOn(table.gm)!;
    if (done.result?.colour !== "red") throw new Error(`seed ${RED_CHEST_SEED} no longer gives a Red hit`);
    expect(steps).not.toContain("wound");
    const minutes = done.knockoutMinutes!;
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(10);
    const orc = table.server.actor(ACTORS.orc._id);
    expect(orc.statuses).toContain("unconscious");
    expect((orc.system as { appliedConditions: unknown[] }).appliedConditions).toContainEqual(
      expect.objectContaining({ condition: "unconscious", source: `Knock-out, ${minutes} minutes` }),
    );
  });
});
