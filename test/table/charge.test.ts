/**
 * AC-4 Charge at the table: the declaration names a Charge, and the GM's client lets it through only
 * for an attacker that declared Reckless this round and is neither Slowed nor Anchored.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { attackWorld, cardOn, attackWithSword } from "./attack-card";
import { declare, firstTurnTo, startCombat } from "./play";

/** INJ-8: a fracture of Ana's right leg (a leg Fracture forbids the Charge while it lasts). */
const LEG_FRACTURE = {
  _id: "legFracture00001",
  name: "Fracture",
  type: "injury",
  system: { kind: "grievousInjury", effect: "fracture", location: "rightLeg", daysRemaining: 14 },
};

/** The attack world, the combat started, Ana in `stance` (the others Bold), Ana `statuses` on. */
async function chargeTable(
  stance: string,
  statuses: string[] = [],
  injuries: (typeof LEG_FRACTURE)[] = [],
): Promise<Table> {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.statuses = statuses;
  ana.items = [...(ana.items ?? []), ...injuries];
  const table = await Table.open({ world });
  await startCombat(table);
  expect(await declare(table, "alice", "ana", stance)).toBe(true);
  expect(await declare(table, "bob", "bo", "bold")).toBe(true);
  expect(await declare(table, "gm", "orc", "bold")).toBe(true);
  expect(await firstTurnTo(table, "ana")).toBe(true);
  return table;
}

/** Alice targets the orc and declares a Charge with Ana's greatsword; the answer her client gets. */
async function charge(table: Table): Promise<unknown> {
  return attackWithSword(table, "alice", "orc", { charge: true });
}

describe("AC-4: a Charge is checked by the GM's client", () => {
  it("a Reckless attacker charges: the attack card is posted", async () => {
    const table = await chargeTable("reckless");
    expect(await charge(table)).toBe(true);
    expect(cardOn(table.gm)).toBeDefined();
  });

  it("a Bold attacker may not Charge: refused, no card", async () => {
    const table = await chargeTable("bold");
    expect(await charge(table)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
  });

  it("INJ-8: a Reckless attacker with a fractured leg may not Charge: refused, no card", async () => {
    const table = await chargeTable("reckless", [], [LEG_FRACTURE]);
    expect(await charge(table)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
  });

  it("a Slowed Reckless attacker may not Charge either", async () => {
    const table = await chargeTable("reckless", ["slowed"]);
    expect(await charge(table)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
  });
});
