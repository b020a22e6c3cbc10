/**
 * INJ-10, SW-9 at the table: the attack card reads the Injury Location, Missile Hit Location and
 * Specific Wounds RollTables, world copy first. Under the seed of test/table/wound-bleeder.test.ts,
 * Ana's Red greatsword hit aimed at the orc's chest gives it a Deep chest wound and then a chest
 * injury. A GM's edited world copy of a table changes what happens; a malformed one falls back to the
 * system's own chart and tells the GM (only the GM).
 */
import { describe, expect, it } from "vitest";
import { attackWorld, playCard, SCENE, stateOn, SWORD, TOKENS } from "./attack-card";
import { ACTORS, Table } from "./table";
import { declare, firstTurnTo, startCombat } from "./play";
import { systemTables, type RollTableData } from "./roll-tables";
import { missileLocation } from "../../src/rules/wounds";
import { locationFace } from "../../src/rules/injury/location";

const RED_CHEST_SEED = 78;

/** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */

const CRYPTO_GM = 1;
const SPEAR = "itmSpear00000001";

/** The compendium's table `name`, imported into the world, each result's flags passed through `edit`. */
function edited(
  name: string,
  edit: (r: RollTableData["results"][number]) => Record<string, unknown> | null,
): RollTableData {
  const table = systemTables().find((t) => t.name === name)!;
  return {
    ...table,
    _id: `world${table._id}`.slice(0, 16),
    results: table.results.map((r) => {
      const flags = edit(r);
      return flags ? { ...r, name: "Edited", flags } : r;
    }),
  };
}

/** The world, with Ana also holding a throwing spear. */
function world(tables: RollTableData[]) {
  const base = attackWorld();
  const actors = base.actors!.map((a) =>
    a._id === ACTORS.ana._id
      ? {
          ...a,
          items: [
            ...(a.items ?? []),
            {
              _id: SPEAR,
              name: "Spear",
              type: "weapon",
              system: { category: "light", modes: { melee: true, thrown: true, launcher: false }, hands: 1 },
            },
          ],
        }
      : a,
  );
  return { ...base, actors, tables };
}

/** Ana's Red hit on the orc (aimed at the chest with the greatsword, or thrown with the spear), played out. */
async function redHit(tables: RollTableData[], thrown = false) {
  const table = await Table.open({
    world: world(tables),
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
  const alice = table.alice;
  alice.targets.clear();
  alice.targets.add({ document: alice.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const started = await alice.run(() => {
    const ana = alice.actors.get(ACTORS.ana._id)!;
    const weapon = ana.items.get(thrown ? SPEAR : SWORD);
    return alice.system.startAttack(ana as never, weapon as never, {
      mode: thrown ? "thrown" : "melee",
      aim: "chest",
    });
  });
  await table.settle();
  expect(started).toBe(true);
  await playCard(table);
  const items = table.server.actor(ACTORS.orc._id).items.filter((i) => i.type === "injury");
  const of = (kind: string) =>
    items.find((i) => (i.system as { kind: string }).kind === kind)?.system as
      { location: string; effect: string } | undefined;
  return { table, state: stateOn(table.gm)!, wound: of("specificWound"), injury: of("grievousInjury") };
}

describe("INJ-10: the attack card reads the Injury Location table", () => {
  it("with the compendium's table, the face the dice show lands on its location (face 6: chest)", async () => {
    const { table, state, injury } = await redHit([]);
    expect(locationFace(state.injury!.dice!).face).toBe(6);
    expect(injury?.location).toBe("chest");
    expect(table.gm.notices).toEqual([]);
  });

  it("a GM's world copy whose face 6 is keyed `abdomen` puts the injury in the abdomen", async () => {
    const copy = edited("Injury Location", (r) =>
      r.range[0] === 6 ? { zilch: { location: "abdomen" } } : null,
    );
    const { table, state, injury } = await redHit([copy]);
    expect(state.injury?.rolled?.location).toBe("abdomen");
    expect(injury?.location).toBe("abdomen");
    expect(table.gm.notices).toEqual([]);
  });

  it("a world copy whose face 6 names no known location falls back to the chest and tells the GM", async () => {
    const copy = edited("Injury Location", (r) =>
      r.range[0] === 6 ? { zilch: { location: "tail" } } : null,
    );
    const { table, injury } = await redHit([copy]);
    expect(injury?.location).toBe("chest");
    expect(table.gm.notices.map((n) => n.level)).toEqual(["warn"]);
    expect(table.gm.notices[0]?.message).toContain("face 6");
    expect(table.alice.notices.filter((n) => n.level !== "info")).toEqual([]);
  });
});

describe("SW-9: the attack card reads the Specific Wounds tables", () => {
  it("with the compendium's armed table, a chest hit is a Deep chest wound", async () => {
    const { table, state, wound } = await redHit([]);
    expect(state.wound?.check).toMatchObject({ wound: "deepChestWound" });
    expect(wound).toMatchObject({ location: "chest", effect: "deepChestWound" });
    expect(table.gm.notices).toEqual([]);
  });

  it("a GM's world copy whose Chest row is keyed `gutWound` gives the orc a Gut wound at the chest", async () => {
    const copy = edited("Specific Wounds - Armed", (r) =>
      r.range[0] === 2 ? { zilch: { location: "chest", wound: "gutWound", modifier: -2 } } : null,
    );
    const { table, wound } = await redHit([copy]);
    expect(wound).toMatchObject({ location: "chest", effect: "gutWound" });
    // SW-7: a Gut wound's 2 tainted ♥ drain, which a Deep chest wound does not give.
    expect(table.server.actor(ACTORS.orc._id).system).toMatchObject({ suits: { hearts: { taint: 2 } } });
    expect(table.gm.notices).toEqual([]);
  });

  it("a world copy whose Chest row names no known wound falls back to the Deep chest wound and tells the GM", async () => {
    const copy = edited("Specific Wounds - Armed", (r) =>
      r.range[0] === 2 ? { zilch: { location: "chest", wound: "heartbreak", modifier: -2 } } : null,
    );
    const { table, wound } = await redHit([copy]);
    expect(wound).toMatchObject({ location: "chest", effect: "deepChestWound" });
    expect(table.gm.notices.map((n) => n.level)).toEqual(["warn"]);
    expect(table.gm.notices[0]?.message).toContain("Chest");
    expect(table.alice.notices.filter((n) => n.level !== "info")).toEqual([]);
  });
});

describe("SW-3, SW-9: the attack card reads the Missile Hit Location table", () => {
  it("with the compendium's table, a thrown spear lands where the d100 says", async () => {
    const { table, state, wound } = await redHit([], true);
    expect(state.d100).not.toBeNull();
    expect(state.location).toBe(missileLocation(state.d100!));
    expect(wound?.location).toBe(state.location);
    expect(table.gm.notices).toEqual([]);
  });

  it("a GM's world copy keyed `head` on every row lands the spear on the head: a Skull wound", async () => {
    const copy = edited("Missile Hit Location", () => ({ zilch: { location: "head" } }));
    const { table, state, wound } = await redHit([copy], true);
    // The d100 alone would not have put it on the head.
    expect(missileLocation(state.d100!)).not.toBe("head");
    expect(state.location).toBe("head");
    expect(wound).toMatchObject({ location: "head", effect: "skullWound" });
    expect(table.gm.notices).toEqual([]);
  });

  it("a world copy with no known location on any row falls back to the built-in table and tells the GM", async () => {
    const copy = edited("Missile Hit Location", () => ({ zilch: { location: "elsewhere" } }));
    const { table, state } = await redHit([copy], true);
    expect(state.location).toBe(missileLocation(state.d100!));
    expect(table.gm.notices.map((n) => n.level)).toEqual(["warn"]);
    expect(table.alice.notices.filter((n) => n.level !== "info")).toEqual([]);
  });
});
