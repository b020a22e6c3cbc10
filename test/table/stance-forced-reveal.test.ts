/**
 * ST-1 at the table: stances are secret until all are in or the GM forces the reveal; on a forced
 * reveal a participant that has not chosen keeps the previous round's stance if it is still legal,
 * and is otherwise Cautious. Every request comes from the seat whose button it is.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { declare, forceReveal, nextRound, playSpadesRound, roundOn, stanceOn } from "./play";

describe("ST-1: a forced reveal", () => {
  it("keeps the previous round's stance of who did not choose, or Cautious when it is no longer legal", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"] });
    // Round 1: Ana Reckless, Bo Bold, the orc Bold; round 2 starts with nothing declared.
    await playSpadesRound(table, {}, { ana: "reckless", bo: "bold", orc: "bold" });
    expect(await declare(table, "gm", "orc", "cautious")).toBe(true);
    // One declaration of three: nothing is shown yet, on any client.
    expect(roundOn(table.alice)?.stancesShown).toBe(false);
    // Bo is Stunned before the reveal: only Cautious is legal for him now (ST-3).
    await table.act("gm", async () => {
      const bo = game.actors!.get(ACTORS.bo._id)!;
      await bo.applyCondition("stunned", { kind: "endOfEncounter" }, "test");
    });
    expect(await forceReveal(table)).toBe(true);
    for (const client of [table.gm, table.alice, table.bob]) {
      expect(roundOn(client)?.stancesShown).toBe(true);
      expect(stanceOn(table, client, "ana")).toBe("reckless");
      expect(stanceOn(table, client, "bo")).toBe("cautious");
      expect(stanceOn(table, client, "orc")).toBe("cautious");
    }
    expect(table.server.clock.errors).toEqual([]);
  });

  it("all three declared: shown at once without the GM, each as declared", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"] });
    await playSpadesRound(table);
    expect(await declare(table, "alice", "ana", "guarded")).toBe(true);
    expect(await declare(table, "bob", "bo", "reckless")).toBe(true);
    expect(roundOn(table.bob)?.stancesShown).toBe(false);
    expect(await declare(table, "gm", "orc", "bold")).toBe(true);
    expect(roundOn(table.bob)?.stancesShown).toBe(true);
    expect(stanceOn(table, table.bob, "ana")).toBe("guarded");
    expect(stanceOn(table, table.alice, "bo")).toBe("reckless");
    await nextRound(table);
  });
});
