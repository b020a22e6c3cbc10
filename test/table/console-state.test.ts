/**
 * Console attack: a player writes its own combatant's round state directly. v13 lets the owner write
 * its combatant's system data (FACTS §2), so the server takes the write; the GM must never trust it.
 * Same method as console.test.ts: the round must end as a clean run does.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { EVERY_SEAT_SEEDED, Table, USERS } from "./table";
import { COMBAT, combatantId, playSpadesRound } from "./play";
import { clone } from "./objects";
import { cleanRun, expectBaseline, publicWorld, type CleanRun } from "./attacks";

let clean: CleanRun;

beforeAll(async () => {
  clean = await cleanRun();
});

describe("console attacks: round state on one's own combatant", () => {
  it("write one's own combatant's round state directly: a 6|6 domino before her turn, a second turn after it", async () => {
    expectBaseline(clean);
    const ana = (t: Table) => combatantId(t, "ana");
    const write = (t: Table, system: Record<string, unknown>) =>
      t.alice.raw({
        action: "update",
        documentName: "Combatant",
        parentId: COMBAT,
        updates: [{ _id: ana(t), system }],
      });
    const table = await Table.open({ cryptoSeeds: EVERY_SEAT_SEEDED });
    await playSpadesRound(table, {
      started: () => write(table, { domino: { state: "revealed", greater: 6, lesser: 6 }, turnTaken: false }),
      "turnEnded:3": () =>
        write(table, { turnTaken: false, domino: { state: "faceDown", greater: null, lesser: null } }),
    });
    // v13 lets the owner write its combatant (FACTS §2), so the server took the writes; the GM must not trust them.
    expect(table.server.refusals.filter((r) => r.userId === USERS.alice._id)).toEqual([]);
    expect(publicWorld(table, { combatantSystem: ana(table) })).toEqual(
      (() => {
        const world = clone(clean.world);
        for (const c of world.combats[0]!.combatants) if (c._id === ana(table)) c.system = {};
        return world;
      })(),
    );
  });
});
