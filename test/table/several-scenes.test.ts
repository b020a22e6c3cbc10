/**
 * Several scenes at the table: each client views its own scene (`canvas.scene`), and what Foundry reads
 * from the canvas follows that view: `Actor#getActiveTokens` ("in the current canvas Scene", v13 API)
 * and `game.combat` for a combat bound to a scene (CombatData.scene). The GM preparing the next scene
 * while the players fight on the active one is the case the model exists for (docs/table-layer.md).
 */
import { describe, expect, it } from "vitest";
import { SCENE, TOKENS, CELLAR, twoScenes } from "./attack-card";
import { ACTORS, Table } from "./table";
import type { TableClient } from "./client";

const tokenIdsOf = (client: TableClient, actor: keyof typeof ACTORS): string[] =>
  client.run(() =>
    client.actors
      .get(ACTORS[actor]._id)!
      .getActiveTokens(false, true)
      .map((t) => t.id),
  );
const viewedCombatOn = (client: TableClient): string | null => client.run(() => game.combat?.id ?? null);

describe("several scenes: each client views its own", () => {
  it("every client views the active scene when it loads; the GM viewing another changes only the GM's canvas", async () => {
    const table = await Table.open({ world: twoScenes() });
    for (const client of table.clients.values()) {
      expect(client.run(() => game.scenes?.viewed?.id)).toBe(SCENE);
      expect(tokenIdsOf(client, "ana")).toEqual([TOKENS.ana]);
    }
    const applied = table.server.applied;
    table.gm.view(CELLAR);
    expect(table.gm.run(() => game.scenes?.viewed?.id)).toBe(CELLAR);
    expect(table.gm.run(() => game.scenes?.active?.id)).toBe(SCENE);
    // On the GM's canvas Ana has no token and the orc its Cellar one; the players' canvases are unchanged.
    expect(tokenIdsOf(table.gm, "ana")).toEqual([]);
    expect(tokenIdsOf(table.gm, "orc")).toEqual(["tokOrcCellar0001"]);
    expect(tokenIdsOf(table.alice, "ana")).toEqual([TOKENS.ana]);
    expect(tokenIdsOf(table.alice, "orc")).toEqual([TOKENS.orc]);
    // Viewing is local: nothing reached the server.
    expect(table.server.applied).toBe(applied);
  });

  it("game.combat: a combat bound to a scene is the viewed combat only where that scene is viewed", async () => {
    const table = await Table.open({ world: twoScenes() });
    const combatId = table.server.world.combats[0]!._id;
    expect(viewedCombatOn(table.gm)).toBe(combatId);
    table.gm.view(CELLAR);
    expect(viewedCombatOn(table.gm)).toBeNull();
    expect(viewedCombatOn(table.alice)).toBe(combatId);
    expect(table.gm.run(() => table.gm.combats.get(combatId)!.scene?.id)).toBe(SCENE);
  });

  it("a combat bound to no scene is the viewed combat on every scene", async () => {
    const table = await Table.open({ world: twoScenes(null) });
    table.gm.view(CELLAR);
    expect(viewedCombatOn(table.gm)).toBe(table.server.world.combats[0]!._id);
    expect(table.gm.run(() => table.gm.combats.get(table.server.world.combats[0]!._id)!.scene)).toBeNull();
  });

  it("viewing a scene the world does not hold throws", async () => {
    const table = await Table.open({ world: twoScenes() });
    expect(() => table.gm.view("sceneNowhere0001")).toThrow(/no scene/);
  });
});
