/**
 * `game.users.activeGM` as each client knows it: a client learns that a GM came or went only when the
 * news reaches it, after its own link latency (docs/table-layer.md; the 2026-11-28 security review, §4
 * row 17). Until then it names the GM it knew, so for a moment the clients of one table disagree.
 */
import { describe, expect, it } from "vitest";
import { declare, startCombat } from "./play";
import { Table, USERS } from "./table";
import type { TableClient } from "./client";

const activeGMOn = (client: TableClient): string | null => client.run(() => game.users!.activeGM?.id ?? null);

/** What `client` names as the active GM `after` virtual ms from now. */
function activeGMAfter(table: Table, client: TableClient, after: number, seen: (string | null)[]): void {
  table.server.clock.schedule(after, client.context, () => void seen.push(activeGMOn(client)));
}

describe("each client learns of a GM coming or going at its own time", () => {
  it("when the GM leaves, the Assistant GM and the players name it until the news arrives", async () => {
    const table = await Table.open();
    const half = table.latency / 2;
    const seen: (string | null)[] = [];
    for (const client of [table.assistant, table.alice]) activeGMAfter(table, client, half, seen);
    const leaving = table.leave("gm");
    for (const client of [table.assistant, table.alice]) activeGMAfter(table, client, table.latency, seen);
    await leaving;
    expect(seen).toEqual([USERS.gm._id, USERS.gm._id, USERS.assistant._id, USERS.assistant._id]);
  });

  it("a GM who joins names itself at once; until the others hear of it the Assistant GM also names itself", async () => {
    const table = await Table.open({ seats: ["assistant", "alice"] });
    expect(activeGMOn(table.alice)).toBe(USERS.assistant._id);
    const seen: (string | null)[] = [];
    for (const client of [table.assistant, table.alice])
      activeGMAfter(table, client, table.latency / 2, seen);
    await table.join("gm");
    expect(seen).toEqual([USERS.assistant._id, USERS.assistant._id]);
    // After the news arrived, every client names the GAMEMASTER.
    expect([...table.clients.values()].map(activeGMOn)).toEqual(Array(3).fill(USERS.gm._id));
  });

  it("a request sent before the news of the GM's departure arrived goes to the gone GM and fails; sent after, it is applied", async () => {
    const table = await Table.open({ seats: ["gm", "assistant", "alice", "bob"] });
    await startCombat(table);
    const answers: boolean[] = [];
    const leaving = table.leave("gm");
    // Alice asks within the window in which her client still names the GM.
    const early = declare(table, "alice", "ana", "bold").then((ok) => void answers.push(ok));
    await leaving;
    await early;
    expect(answers).toEqual([false]);
    expect(activeGMOn(table.alice)).toBe(USERS.assistant._id);
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
  });
});
