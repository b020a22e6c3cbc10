/**
 * Secrecy by indistinguishability (issue 15, point 9): the same public history is played twice with
 * different secrets — the GM's dice (the dominoes not yet shown), the other player's and the NPC's
 * declared stances — and everything an observing player's client holds (./snapshot.ts: documents,
 * flags, settings, chat, browser storage) must be identical at every step, until the rules make the
 * secret public. Each variant's secret requests must be accepted, or the comparison proves nothing.
 */
import { describe, expect, it } from "vitest";
import { Table, type Seat } from "./table";
import { declare, endTurn, currentActor, nextCall, nextRound, seatOf, startCombat } from "./play";
import { snapshot, type ClientSnapshot } from "./snapshot";

interface Secrets {
  readonly gmSeed: number;
  /** The stance the other player declares, and the orc's. */
  readonly other: string;
  readonly orc: string;
}

/**
 * Round 1 is played in public (the same in every run); then the GM's dice part ways, round 2 is
 * dealt, and the other player and the GM declare their secret stances. Returns the observer's
 * snapshot after each step of round 2, before the observer's own declaration would show them all.
 */
async function spadesHistory(observer: "alice" | "bob", secrets: Secrets): Promise<ClientSnapshot[]> {
  const table = await Table.open({ seats: ["gm", "alice", "bob"] });
  const other: Seat = observer === "alice" ? "bob" : "alice";
  const otherActor = observer === "alice" ? "bo" : "ana";
  const seen: ClientSnapshot[] = [];
  const look = () => seen.push(snapshot(table.client(observer)));
  await startCombat(table);
  expect(await declare(table, "alice", "ana", "bold")).toBe(true);
  expect(await declare(table, "bob", "bo", "bold")).toBe(true);
  expect(await declare(table, "gm", "orc", "bold")).toBe(true);
  expect(await nextCall(table)).toBe(true);
  for (let n = 0; n < 3; n++) {
    const actor = currentActor(table, table.gm);
    if (actor === null) break;
    expect(await endTurn(table, seatOf(actor), actor)).toBe(true);
  }
  table.gm.reseed(secrets.gmSeed);
  look();
  await nextRound(table);
  look();
  expect(await declare(table, other, otherActor, secrets.other)).toBe(true);
  look();
  expect(await declare(table, "gm", "orc", secrets.orc)).toBe(true);
  look();
  expect(table.server.clock.errors).toEqual([]);
  return seen;
}

describe("secrecy by indistinguishability", () => {
  for (const observer of ["alice", "bob"] as const) {
    it(`Spades round: ${observer}'s client holds the same data whatever the dominoes and the others' stances`, async () => {
      const a = await spadesHistory(observer, { gmSeed: 1111, other: "reckless", orc: "guarded" });
      const b = await spadesHistory(observer, { gmSeed: 9999, other: "guarded", orc: "reckless" });
      expect(a).toHaveLength(4);
      a.forEach((step, i) => expect(b[i], `step ${i}`).toEqual(step));
    });
  }
});
