/**
 * Who sent a request rests on the key hash each user publishes on its own User document. A GM-role
 * user may write another user's document (an Assistant GM included: foundryvtt #9069, #9737), so an
 * Assistant GM's console can put the hash of a key of its own on Alice's User and send requests as
 * Alice. A hash written by anyone but its user proves nothing, and Alice's client publishes a new one.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Table, USERS } from "./table";
import { COMBAT, combatantId, declare, startCombat } from "./play";

/** A key of the Assistant GM's choosing, and its SHA-256 as the channel compares it. */
const KEY = "ab".repeat(32);
const HASH = createHash("sha256").update(KEY).digest("hex");

/** The Assistant GM's console: Alice's hash replaced with its own key's. */
async function overwriteAlicesHash(table: Table): Promise<void> {
  await table.assistant.raw({
    action: "update",
    documentName: "User",
    updates: [{ _id: USERS.alice._id, "flags.zilch.requestKey": HASH }],
  });
  await table.settle();
}

/** The Assistant GM's console: a declaration for Ana sent to the active GM in Alice's name, with its key. */
function speakAsAlice(table: Table, stance: string): Promise<unknown> {
  const payload = { kind: "declareStance", combatId: COMBAT, combatantId: combatantId(table, "ana"), stance };
  const envelope = { type: "combat", userId: USERS.alice._id, key: KEY, payload, id: "0123456789abcdef" };
  return table.assistant.run(() =>
    game.users!.activeGM!.query("zilch.request" as never, envelope as never).catch((e: unknown) => ({
      rejected: String(e),
    })),
  );
}

const aliceHash = (table: Table) =>
  (table.server.world.users.find((u) => u._id === USERS.alice._id)?.flags.zilch as Record<string, unknown>)
    ?.requestKey;

describe("a player's key hash written by an Assistant GM", () => {
  it("proves nothing: the Assistant GM cannot speak as Alice, and Alice's own requests still go through", async () => {
    const table = await Table.open();
    await startCombat(table);
    await overwriteAlicesHash(table);
    expect(await speakAsAlice(table, "reckless")).toEqual({ ok: false, code: "notYou" });
    // Alice's client saw another hand write its hash and published a key of its own again.
    expect(aliceHash(table)).not.toBe(HASH);
    expect(await declare(table, "alice", "ana", "guarded")).toBe(true);
    expect(await speakAsAlice(table, "reckless")).toEqual({ ok: false, code: "notYou" });
    expect(table.server.clock.errors).toEqual([]);
  });

  it("stays unproven while Alice has not published again (her client away from the table)", async () => {
    const table = await Table.open();
    await startCombat(table);
    const storage = await table.leave("alice");
    await overwriteAlicesHash(table);
    expect(aliceHash(table)).toBe(HASH);
    expect(await speakAsAlice(table, "reckless")).toEqual({ ok: false, code: "notYou" });
    // Back at the table, Alice's client publishes a fresh key at ready, and her requests go through.
    await table.join("alice", storage);
    expect(aliceHash(table)).not.toBe(HASH);
    expect(await declare(table, "alice", "ana", "guarded")).toBe(true);
  });
});
