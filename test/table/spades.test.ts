/**
 * Scenario: a full Spades round at a table of a GM, an Assistant GM and two players (INI-1, ST-1,
 * DOM-4, CB-2), every request made from the client of the person who would click the button.
 */
import { describe, expect, it } from "vitest";
import { Table, USERS } from "./table";
import {
  combatOn,
  currentActor,
  endTurn,
  nextCall,
  nextRound,
  roundOn,
  seatOf,
  startCombat,
  declareAll,
} from "./play";

describe("scenario: a full Spades round", () => {
  it("every stance is declared by its owner, each combatant takes one turn in order, and round 2 begins", async () => {
    const table = await Table.open();
    await startCombat(table);
    expect(roundOn(table.alice)?.round).toBe(1);

    await declareAll(table, { ana: "bold", bo: "cautious", orc: "bold" });
    expect(table.alice.notices.filter((n) => n.level !== "info")).toEqual([]);
    expect(table.bob.notices.filter((n) => n.level !== "info")).toEqual([]);
    // ST-1: all declared, so the stances are shown at once, the same on every client.
    for (const c of table.clients.values()) expect(roundOn(c)?.stancesShown).toBe(true);

    expect(await nextCall(table)).toBe(true);
    const order: string[] = [];
    for (let turn = 0; turn < 3; turn++) {
      const actor = currentActor(table, table.gm);
      expect(actor).not.toBeNull();
      order.push(actor!);
      expect(await endTurn(table, seatOf(actor!), actor!)).toBe(true);
    }
    expect(new Set(order).size).toBe(3);
    await nextRound(table);
    for (const c of table.clients.values()) {
      expect(roundOn(c)?.round).toBe(2);
      expect(combatOn(c).round).toBe(2);
    }
    // No player's request was refused by the server along the way.
    expect(table.server.refusals.filter((r) => r.userId !== USERS.gm._id)).toEqual([]);
  });
});
