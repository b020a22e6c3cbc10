/**
 * A reload draws a new request key, so a key captured before it proves nothing after it. The table
 * seeds each seat's Web Crypto so runs repeat; the stream goes on across a reload, as a browser's
 * unpredictable source never gives the same key twice. A stream started again at each reload would
 * draw the old key again and hide a channel that forgot to rotate it (2026-11-28 review, §4 row 23).
 */
import { describe, expect, it } from "vitest";
import { EVERY_SEAT_SEEDED, Table, USERS } from "./table";
import { COMBAT, combatantId, declare, startCombat } from "./play";
import { aliceQueries } from "./attacks";

interface Envelope {
  readonly type: string;
  readonly userId: string;
  readonly key: string;
  readonly payload: unknown;
  readonly id: string;
}

/** The last request envelope the GM's client received from Alice. */
function lastFromAlice(table: Table): Envelope {
  const envelopes = table.gm.queriesReceived
    .map((q) => q.data as Partial<Envelope>)
    .filter((d): d is Envelope => d.userId === USERS.alice._id && typeof d.key === "string");
  const last = envelopes.at(-1);
  if (!last) throw new Error("Alice's client sent the GM no request");
  return last;
}

const aliceHash = (table: Table): unknown =>
  (table.server.world.users.find((u) => u._id === USERS.alice._id)?.flags.zilch as Record<string, unknown>)
    ?.requestKey;

describe("a player's reload on a seeded seat", () => {
  it("publishes a new key hash, and a request made with the key from before the reload is refused", async () => {
    const table = await Table.open({ cryptoSeeds: EVERY_SEAT_SEEDED });
    await startCombat(table);
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    const before = lastFromAlice(table);
    const hashBefore = aliceHash(table);

    await table.reload("alice");
    expect(aliceHash(table)).not.toBe(hashBefore);

    // Alice's console after the reload: the captured request again, under a new id, with the old key.
    const payload = {
      kind: "declareStance",
      combatId: COMBAT,
      combatantId: combatantId(table, "ana"),
      stance: "reckless",
    };
    const replay = { ...before, payload, id: "fedcba9876543210" };
    const answer = await aliceQueries(table, "zilch.request", replay);
    expect(answer).toEqual({ ok: false, code: "notYou" });
    // Her own client's requests carry the new key and go through.
    expect(await declare(table, "alice", "ana", "guarded")).toBe(true);
    expect(lastFromAlice(table).key).not.toBe(before.key);
    expect(table.server.clock.errors).toEqual([]);
  });
});
