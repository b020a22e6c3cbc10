/**
 * One player connected twice: Alice opens a second tab in the same browser (docs/table-layer.md, "one
 * user connected twice"). Each tab is a client of Alice's user; the server sends every broadcast to
 * both. Her requests must go through from either tab (the 2026-11-28 security review, N11: a second
 * tab replacing the first's key locked the first out).
 */
import { describe, expect, it } from "vitest";
import { declare, startCombat } from "./play";
import { Table, USERS } from "./table";

describe("a player's second tab", () => {
  it("both of Alice's tabs are connected as Alice, and each receives every broadcast", async () => {
    const table = await Table.open();
    const tab = await table.join("aliceTab");
    expect(tab.userId).toBe(USERS.alice._id);
    expect(tab.browser).toBe(table.alice.browser);
    expect(table.server.connections.filter((c) => c.userId === USERS.alice._id)).toHaveLength(2);
    const before = [table.alice.received.length, tab.received.length];
    await startCombat(table);
    expect(table.alice.received.length - before[0]!).toBe(tab.received.length - before[1]!);
    expect(table.alice.received.length).toBeGreaterThan(before[0]!);
  });

  // A player's second tab publishes a new key over the first's; the tabs of one browser share it (the
  // user's own tab channel), so the first tab's request is still confirmed.
  it("after Alice opens a second tab, her first tab's request still goes through, and so does the second's", async () => {
    const table = await Table.open();
    await startCombat(table);
    await table.join("aliceTab");
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    expect(table.alice.notices.map((n) => n.message).join(" ")).not.toMatch(/could not confirm who sent/);
    // The second tab's own request goes through.
    expect(await declare(table, "aliceTab", "ana", "bold")).toBe(true);
  });
});
