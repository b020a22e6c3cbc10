/**
 * Concurrency scenarios at a table with echo latency: requests at the same instant, a GM
 * reload, a player who drops out, and two GMs online. Every request comes from the seat whose button
 * it is, through the system's own request function.
 */
import { describe, expect, it } from "vitest";
import { Table, USERS } from "./table";
import { combatOn, declare, forceReveal, nextRound, playTurns, roundOn, stanceOn, startCombat } from "./play";

describe("scenario: a player disconnects mid-round", () => {
  it("the GM reveals and ends the absent player's turn, the round finishes, and the player comes back to the same table", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    const storage = await table.leave("bob");
    expect(await declare(table, "gm", "orc", "bold")).toBe(true);
    expect(roundOn(table.alice)?.stancesShown).toBe(false);
    expect(await forceReveal(table)).toBe(true);
    expect(await playTurns(table, ["bob"])).toHaveLength(3);
    await nextRound(table);
    await table.join("bob", storage);
    expect(roundOn(table.bob)).toEqual(roundOn(table.alice));
    expect(combatOn(table.bob).round).toBe(2);
    expect(await declare(table, "bob", "bo", "cautious")).toBe(true);
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("scenario: two GMs online", () => {
  it("only the active GM applies: the Assistant GM's request goes to it like a player's", async () => {
    const table = await Table.open();
    expect(table.alice.run(() => game.users!.activeGM?.id)).toBe(USERS.gm._id);
    await startCombat(table);
    expect(await declare(table, "assistant", "orc", "reckless")).toBe(true);
    expect(table.gm.queriesReceived.length).toBeGreaterThan(0);
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    expect(await declare(table, "bob", "bo", "bold")).toBe(true);
    expect(roundOn(table.bob)?.stancesShown).toBe(true);
    expect(stanceOn(table, table.bob, "orc")).toBe("reckless");
    expect(table.server.clock.errors).toEqual([]);
  });
});
