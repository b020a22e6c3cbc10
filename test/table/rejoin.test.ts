/**
 * Combatants that leave and come back mid-round, and combatants added while no GM is online: both
 * reach the table through the token HUD's combat toggle, which the table lets the token's owners use
 * (test/table/permissions.ts `canCreateCombatant`). INI-6 gives a joiner its round fields; the same
 * creature coming back in the same round is not a new joiner and keeps the turn it has had.
 */
import { describe, expect, it } from "vitest";
import { attackWorld, SCENE } from "./attack-card";
import {
  COMBAT,
  combatantId,
  currentActor,
  nextCall,
  playTurns,
  removeFromCombat,
  roundOn,
  startCombat,
  toggleIntoCombat,
  everyoneDeclares,
} from "./play";
import { ACTORS, Table } from "./table";
import type { WorldData } from "./server";

type Stored = Record<string, { turnTaken: boolean; domino: { state: string; greater: number | null } }>;
const storedRounds = (table: Table): Stored =>
  (table.server.combat(COMBAT).flags.zilch as { combatants: Stored }).combatants;

async function declaredTable(seats?: ("gm" | "assistant" | "alice" | "bob")[], world?: WorldData) {
  const table = await Table.open({ world: world ?? attackWorld(), ...(seats ? { seats } : {}) });
  await startCombat(table);
  await everyoneDeclares(table);
  return table;
}

describe("owners add their combatants from the token HUD", () => {
  it("Alice adds Ana's token to the combat; Bob cannot add Ana's", async () => {
    const table = await declaredTable();
    await removeFromCombat(table, "ana");
    await expect(toggleIntoCombat(table, "bob", "ana")).rejects.toThrow(/lacks permission/);
    const id = await toggleIntoCombat(table, "alice", "ana");
    const added = table.server.combat(COMBAT).combatants.find((c) => c._id === id)!;
    expect(added).toMatchObject({ actorId: ACTORS.ana._id, sceneId: SCENE });
    // The HUD sends no name: the tracker shows the token's.
    expect(table.alice.run(() => table.alice.combats.get(COMBAT)!.combatants.get(id)!.name)).toBe("Ana");
  });
});

describe("a combatant removed and added again in the same round (M5)", () => {
  it("after its Spades turn it keeps its domino and gets no second turn", async () => {
    const table = await declaredTable();
    const played = await playTurns(table);
    expect(played).toHaveLength(3);
    const before = storedRounds(table)[combatantId(table, "ana")]!;
    expect(before.turnTaken).toBe(true);
    await removeFromCombat(table, "ana");
    const id = await toggleIntoCombat(table, "alice", "ana");
    const after = storedRounds(table)[id]!;
    expect(after.turnTaken).toBe(true);
    expect(after.domino).toEqual(before.domino);
    expect(roundOn(table.gm)!.current).toBeNull();
    await nextCall(table);
    expect(currentActor(table, table.gm)).not.toBe("ana");
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("a combatant added while no GM is online (L15)", () => {
  it("gets its round fields when the GM comes back", async () => {
    const table = await declaredTable(["gm", "alice", "bob"]);
    await removeFromCombat(table, "ana");
    await table.leave("gm");
    const id = await toggleIntoCombat(table, "alice", "ana");
    expect(storedRounds(table)[id]).toBeUndefined();
    await table.join("gm");
    expect(storedRounds(table)[id]).toBeDefined();
    expect(roundOn(table.gm)!.order).toContain(id);
    expect(table.server.clock.errors).toEqual([]);
  });
});
