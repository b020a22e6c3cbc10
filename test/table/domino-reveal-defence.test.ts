/**
 * DOM-5 at the table: a face-down domino is revealed early for a defence only when its pips count. Ana
 * attacks the orc before its turn: a Bold orc's domino is revealed for its defensive pips; a Reckless
 * orc's (defensive pips 0, Defenseless: AT-4) stays face down, and so does a Helpless one's.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { COMBAT, combatantId, declare, firstTurnTo, startCombat } from "./play";
import { attackWithSword, attackWorld } from "./attack-card";
import type { StoredCombatants } from "../../src/rules/round/stored";

const dominoOf = (table: Table, key: "ana" | "orc") =>
  (table.server.combat(COMBAT).flags.zilch as { combatants: StoredCombatants }).combatants[
    combatantId(table, key)
  ]!.domino.state;

async function anaAttacks(orcStance: string, orcStatuses: string[] = []): Promise<Table> {
  const world = attackWorld();
  world.actors.find((a) => a._id === ACTORS.orc._id)!.statuses = orcStatuses;
  const table = await Table.open({ world });
  await startCombat(table);
  expect(await declare(table, "alice", "ana", "bold")).toBe(true);
  expect(await declare(table, "bob", "bo", "cautious")).toBe(true);
  expect(await declare(table, "gm", "orc", orcStance)).toBe(true);
  expect(await firstTurnTo(table, "ana")).toBe(true);
  expect(dominoOf(table, "orc")).toBe("faceDown");
  expect(await attackWithSword(table, "alice", "orc")).toBe(true);
  expect(table.server.clock.errors).toEqual([]);
  return table;
}

describe("DOM-5: a defence reveals the target's domino only when its pips count", () => {
  it("a Bold orc's domino is revealed for its defence", async () => {
    expect(dominoOf(await anaAttacks("bold"), "orc")).toBe("revealed");
  });

  it("a Reckless orc's stays face down", async () => {
    expect(dominoOf(await anaAttacks("reckless"), "orc")).toBe("faceDown");
  });

  it("a Helpless orc's stays face down", async () => {
    expect(dominoOf(await anaAttacks("cautious", ["helpless"]), "orc")).toBe("faceDown");
  });
});
