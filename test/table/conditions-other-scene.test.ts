/**
 * A condition's change reaches the round while the GM's client views another scene than the fight's
 * (the L8 kind of fault: `game.combat` follows the viewed scene, docs/table-layer.md "several
 * scenes"). The active GM's client is the one that tells the round a condition came or went, so it
 * must find the fight whichever scene its canvas shows. Before, the GM lifting Ana's stun from the
 * cellar left her Stunned in the countdown on every client.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, defaultWorld, Table } from "./table";
import { ask, COMBAT, combatantId, everyoneDeclares, nextCall, startCombat } from "./play";
import { countdownOn, setParticipants } from "./countdown";
import type { WorldData } from "./server";

const HALL = "sceneHall0000001";
const CELLAR = "sceneCellar00001";

/** The countdown world with two scenes; the combat is bound to the hall, where the fight is. */
function twoScenes(): WorldData {
  const world = defaultWorld({ "zilch.initiativeMode": "countdown" });
  const scene = (_id: string, name: string, active: boolean) => ({
    _id,
    name,
    active,
    grid: { size: 100 },
    tokens: [],
  });
  return {
    ...world,
    scenes: [scene(HALL, "Hall", true), scene(CELLAR, "Cellar", false)],
    combats: world.combats.map((c) => ({ ...c, scene: HALL })),
  };
}

/** Stances shown; Ana holds 6, 3, 2 and the others nothing, so she is the one called. */
async function anaCalled(): Promise<Table> {
  const table = await Table.open({ world: twoScenes(), seats: ["gm", "alice", "bob"] });
  await startCombat(table);
  await everyoneDeclares(table);
  const id = combatantId(table, "ana");
  await setParticipants(table, (p) => ({ ...p, hand: p.id === id ? [6, 3, 2] : [] }));
  expect(await nextCall(table)).toBe(true);
  return table;
}

const anaStunnedOn = (table: Table, client = table.bob) =>
  countdownOn(client).participants.find((p) => p.id === combatantId(table, "ana"))!.stunned;

describe("a condition's change reaches the round with the GM's canvas on another scene", () => {
  it("the GM stuns Ana, moves to the cellar and lifts the stun: Ana is no longer Stunned on any client", async () => {
    const table = await anaCalled();
    await table.act("gm", async () => {
      await game.actors!.get(ACTORS.ana._id)!.applyCondition("stunned", { kind: "endOfEncounter" }, "test");
    });
    expect(anaStunnedOn(table)).toBe(true);
    table.gm.view(CELLAR);
    await table.act("gm", async () => {
      await game.actors!.get(ACTORS.ana._id)!.toggleStatusEffect("stunned", { active: false });
    });
    for (const client of [table.gm, table.alice, table.bob]) expect(anaStunnedOn(table, client)).toBe(false);
    const pool = await ask(table, "alice", {
      kind: "countdownChoice",
      combatId: COMBAT,
      combatantId: combatantId(table, "ana"),
      choice: { kind: "accumulate", action: { action: "full:rally", speed: 1 }, die: 3 },
    });
    expect(pool).toBe(true);
    expect(table.server.clock.errors).toEqual([]);
  });
});
