/**
 * INJ-10 at the table: the attack card reads the Injury Effects RollTables. Under the seed of
 * test/table/wound-bleeder.test.ts, Ana's Red hit gives the orc a chest injury on effect row 6, a
 * Bleeder in the compendium's table. A GM's world copy of that table whose row 6 is keyed `puncture`
 * makes the card create a Puncture instead; a world copy whose row 6 names no known key falls back to
 * the system's own table (a Bleeder) and tells the GM.
 */
import { describe, expect, it } from "vitest";
import { attackWorld, attackWithSword, playCard } from "./attack-card";
import { ACTORS, Table } from "./table";
import { declare, firstTurnTo, startCombat } from "./play";
import { systemTables, type RollTableData } from "./roll-tables";

const RED_CHEST_SEED = 78;

/** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */

const CRYPTO_GM = 1;

/** The compendium's chest table, imported into the world, with row 6's key replaced by `flags`. */
function editedChestTable(flags: Record<string, unknown>): RollTableData {
  const chest = systemTables().find((t) => t.name === "Injury Effects: Chest")!;
  return {
    ...chest,
    _id: "worldChestTable1",
    results: chest.results.map((r) => (r.range[0] === 6 ? { ...r, name: "Edited", flags } : r)),
  };
}

async function chestInjury(tables: RollTableData[]) {
  const table = await Table.open({
    world: { ...attackWorld(), tables },
    seeds: { gm: RED_CHEST_SEED },
    cryptoSeeds: { gm: CRYPTO_GM },
  });
  await startCombat(table);
  for (const [seat, actor, stance] of [
    ["alice", "ana", "reckless"],
    ["bob", "bo", "bold"],
    ["gm", "orc", "reckless"],
  ] as const)
    expect(await declare(table, seat, actor, stance)).toBe(true);
  expect(await firstTurnTo(table, "ana")).toBe(true);
  expect(await attackWithSword(table, "alice", "orc")).toBe(true);
  await playCard(table);
  const injury = table.server
    .actor(ACTORS.orc._id)
    .items.find((i) => (i.system as { kind?: string }).kind === "grievousInjury");
  return { table, injury: injury?.system as { location: string; effect: string } | undefined };
}

describe("INJ-10: the attack card reads the Injury Effects tables", () => {
  it("with only the compendium's table, row 6 on the chest is a Bleeder", async () => {
    const { table, injury } = await chestInjury([]);
    expect(injury).toMatchObject({ location: "chest", effect: "bleeder" });
    expect(table.gm.notices).toEqual([]);
  });

  it("a GM's world copy keyed `puncture` on row 6 makes it a Puncture (28 days)", async () => {
    const { table, injury } = await chestInjury([
      editedChestTable({ zilch: { effect: "puncture", modifier: 0 } }),
    ]);
    expect(injury).toMatchObject({ location: "chest", effect: "puncture", daysRemaining: 28 });
    expect(table.gm.notices).toEqual([]);
  });

  it("a world copy whose row 6 names no known key falls back to the built-in Bleeder and tells the GM", async () => {
    const { table, injury } = await chestInjury([editedChestTable({ zilch: { effect: "decapitation" } })]);
    expect(injury).toMatchObject({ location: "chest", effect: "bleeder" });
    expect(table.gm.notices.map((n) => n.level)).toEqual(["warn"]);
    expect(table.gm.notices[0]?.message).toContain("Injury Effects: Chest");
    expect(table.alice.notices.filter((n) => n.level !== "info")).toEqual([]);
  });
});
