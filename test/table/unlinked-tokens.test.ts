/**
 * Unlinked tokens at the table: two orcs made from the same world actor, each token with its own actor
 * (the world orc with that token's changes). A change to one token's actor reaches every client as a
 * change of that actor only; the world orc and the other token's actor keep theirs.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { SCENE } from "./attack-card";
import type { TableActor } from "./documents";
import { ORC_ONE, ORC_TWO, orcOn, serverOrc, unlinkedWorld, vitals } from "./unlinked";

const hpOf = (actor: { system: unknown }) => (actor.system as { hp: { value: number } }).hp.value;

describe("an unlinked token's own actor", () => {
  it("is the world actor with the token's changes: the GM's change to orc #1 reaches every client, nothing else changes", async () => {
    const table = await Table.open({ world: unlinkedWorld() });
    const world = vitals(table.server.actor(ACTORS.orc._id));
    const two = vitals(serverOrc(table, ORC_TWO));
    const before = hpOf(orcOn(table.gm, ORC_ONE));
    await table.act("gm", () => orcOn(table.gm, ORC_ONE).update({ "system.hp.value": before - 3 }));
    for (const client of [table.gm, table.assistant, table.alice, table.bob]) {
      expect(hpOf(orcOn(client, ORC_ONE)), client.name).toBe(before - 3);
      expect(hpOf(orcOn(client, ORC_TWO)), client.name).toBe(before);
      expect(hpOf(client.actors.get(ACTORS.orc._id)!), client.name).toBe(before);
    }
    expect(hpOf(serverOrc(table, ORC_ONE))).toBe(before - 3);
    expect(vitals(serverOrc(table, ORC_TWO))).toEqual(two);
    expect(vitals(table.server.actor(ACTORS.orc._id))).toEqual(world);
  });

  it("keeps its world actor's id, has its own uuid, and is its combatant's actor; game.actors gives the world actor", async () => {
    const table = await Table.open({ world: unlinkedWorld() });
    table.gm.run(() => {
      const one = orcOn(table.gm, ORC_ONE);
      expect(one.id).toBe(ACTORS.orc._id);
      expect(one.uuid).toBe(`Scene.${SCENE}.Token.${ORC_ONE.token}.Actor.${ACTORS.orc._id}`);
      expect(one.isToken).toBe(true);
      expect(one.token?.id).toBe(ORC_ONE.token);
      expect(game.actors!.get(ACTORS.orc._id)).not.toBe(one);
      expect(game.actors!.get(ACTORS.orc._id)!.uuid).toBe(`Actor.${ACTORS.orc._id}`);
      const combat = table.gm.combats.get("combatTable00001")!;
      expect(combat.combatants.get(ORC_ONE.combatant)!.actor).toBe(one);
      expect(combat.combatants.get(ORC_TWO.combatant)!.actor).toBe(orcOn(table.gm, ORC_TWO));
      expect(table.gm.fromUuid(one.uuid)).toBe(one);
      expect(one.getActiveTokens(false, true).map((t) => t.id)).toEqual([ORC_ONE.token]);
      // The world orc's tokens are both orcs' unless only linked tokens are asked for.
      const base = game.actors!.get(ACTORS.orc._id)!;
      expect(base.getActiveTokens(false, true).map((t) => t.id)).toEqual([ORC_ONE.token, ORC_TWO.token]);
      expect(base.getActiveTokens(true, true)).toEqual([]);
    });
  });

  it("is written by its owners only: a player who does not own the world orc is refused, nothing changes", async () => {
    const table = await Table.open({ world: unlinkedWorld() });
    const before = vitals(serverOrc(table, ORC_ONE));
    await expect(
      table.alice.run(() => orcOn(table.alice, ORC_ONE).update({ "system.hp.value": 0 })),
    ).rejects.toThrow(/lacks permission/);
    await table.settle();
    expect(vitals(serverOrc(table, ORC_ONE))).toEqual(before);
  });

  it("takes items and statuses of its own: an item and a status on orc #1 are not orc #2's nor the world orc's", async () => {
    const table = await Table.open({ world: unlinkedWorld() });
    await table.act("gm", async () => {
      const one = orcOn(table.gm, ORC_ONE);
      await one.createEmbeddedDocuments("Item", [{ name: "Scar", type: "injury", system: {} }]);
      await one.toggleStatusEffect("prone", { active: true });
    });
    // The world orc's club shows through on both tokens; the scar and the status are orc #1's alone.
    const names = (actor: TableActor) => [...actor.items.values()].map((i) => i.name);
    for (const client of [table.gm, table.alice]) {
      expect(names(orcOn(client, ORC_ONE))).toEqual(["Club", "Scar"]);
      expect(orcOn(client, ORC_ONE).statuses.has("prone")).toBe(true);
      expect(names(orcOn(client, ORC_TWO))).toEqual(["Club"]);
      expect(orcOn(client, ORC_TWO).statuses.has("prone")).toBe(false);
      expect(names(client.actors.get(ACTORS.orc._id)!)).toEqual(["Club"]);
    }
    expect(table.server.actor(ACTORS.orc._id).items.map((i) => i.name)).toEqual(["Club"]);
    expect(serverOrc(table, ORC_ONE).items.map((i) => i.name)).toEqual(["Club", "Scar"]);
    // A reload builds the token's actor again from the world actor and the token's changes.
    await table.reload("gm");
    expect(names(orcOn(table.gm, ORC_ONE))).toEqual(["Club", "Scar"]);
    expect(names(orcOn(table.gm, ORC_TWO))).toEqual(["Club"]);
  });
});
