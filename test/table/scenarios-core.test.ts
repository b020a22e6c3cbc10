/**
 * Concurrency scenarios that rest on the GM's serialised application and on secrets kept
 * outside one GM client's memory: two requests at the same instant, a GM
 * reload, and a change of active GM. Every request comes from the seat whose button it is.
 */
import { describe, expect, it } from "vitest";
import { Table, USERS } from "./table";
import { combatantId, declare, playTurns, roundOn, stanceOn, startCombat } from "./play";

describe("scenario: two players declare at the same instant", () => {
  it("both declarations reach the GM's round; none is lost while the first one's echo is pending", async () => {
    const table = await Table.open();
    await startCombat(table);
    const both = await Promise.all([
      declare(table, "alice", "ana", "reckless"),
      declare(table, "bob", "bo", "guarded"),
    ]);
    expect(both).toEqual([true, true]);
    expect(await declare(table, "gm", "orc", "bold")).toBe(true);
    for (const c of [table.alice, table.bob, table.gm]) {
      expect(roundOn(c)?.stancesShown).toBe(true);
      expect(stanceOn(table, c, "ana")).toBe("reckless");
      expect(stanceOn(table, c, "bo")).toBe("guarded");
    }
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("scenario: the GM reloads mid-declaration", () => {
  it("a stance declared before the reload is the one shown after it (the secret survives), and the round goes on", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    expect(await declare(table, "alice", "ana", "reckless")).toBe(true);
    await table.reload("gm");
    expect(await declare(table, "bob", "bo", "guarded")).toBe(true);
    expect(await declare(table, "gm", "orc", "bold")).toBe(true);
    expect(roundOn(table.alice)?.stancesShown).toBe(true);
    expect(stanceOn(table, table.alice, "ana")).toBe("reckless");
    expect(await playTurns(table)).toHaveLength(3);
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("scenario: two GMs online, and the active GM leaves", () => {
  it("when the active GM leaves, the table is told plainly what was lost, and the round recovers under the Assistant GM", async () => {
    const table = await Table.open();
    await startCombat(table);
    expect(await declare(table, "alice", "ana", "reckless")).toBe(true);
    const before = table.server.world.messages.length;
    await table.leave("gm");
    expect(table.alice.run(() => game.users!.activeGM?.id)).toBe(USERS.assistant._id);
    // The new active GM lacks the secret declaration. By the time it applies the next request it has
    // said so in chat, and Ana counts as undeclared again: nobody decides for her.
    expect(await declare(table, "bob", "bo", "guarded")).toBe(true);
    const told = table.server.world.messages.slice(before).filter((m) => m.author === USERS.assistant._id);
    expect(told.length).toBeGreaterThan(0);
    expect(told.map((m) => m.content).join(" ")).toContain("Ana");
    expect(roundOn(table.alice)?.declared).not.toContain(combatantId(table, "ana"));
    expect(await declare(table, "assistant", "orc", "bold")).toBe(true);
    expect(roundOn(table.alice)?.stancesShown).toBe(false);
    expect(await declare(table, "alice", "ana", "reckless")).toBe(true);
    expect(roundOn(table.alice)?.stancesShown).toBe(true);
    expect(stanceOn(table, table.alice, "ana")).toBe("reckless");
    expect(stanceOn(table, table.alice, "bo")).toBe("guarded");
    expect(table.server.clock.errors).toEqual([]);
  });
});
