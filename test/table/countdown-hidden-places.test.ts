/**
 * CD-5 at the table: the tracker numbers each row's place in the call order. A player's tracker lists
 * no combatant the GM hid, and its numbers count only the rows it lists, so no gap in them tells the
 * player that a hidden combatant exists or when it acts. The GM's tracker keeps the whole numbering.
 */
import { describe, expect, it } from "vitest";
import type { ZilchCombat } from "../../src/documents/combat/zilch-combat";
import type { TableClient } from "./client";
import { countdownStarted } from "./countdown";
import { combatantId, combatOn } from "./play";

/** No die, bid or action picked on any row. */
const NO_PICKS = { die: {}, plusOne: {}, bid: {}, action: {}, npcStance: "" as const };

/** Each row's name and place number as `client`'s tracker renders it. */
function places(client: TableClient): [string, number | null][] {
  return client.run(() => {
    const ctx = client.system.trackerContext(combatOn(client) as unknown as ZilchCombat, NO_PICKS);
    return ctx.turns.map((t) => [t.name, t.countdown?.position ?? null]);
  });
}

describe("CD-5: the call places a player sees with a hidden combatant", () => {
  it("run 1, 2, … over the rows the player sees; the GM's run over every row", async () => {
    const table = await countdownStarted();
    const before = places(table.gm);
    expect(before.map(([, place]) => place)).toEqual([1, 2, 3]);
    // The first to be called that is not Alice's Ana: hidden, it leaves a gap before someone she sees.
    const first = before.find(([name]) => name !== "Ana")![0];
    const key = first === "Bo" ? "bo" : "orc";
    await table.act("gm", () =>
      combatOn(table.gm).combatants.get(combatantId(table, key))!.update({ hidden: true }),
    );
    await table.settle();
    expect(places(table.gm)).toEqual(before);
    const alice = places(table.alice);
    expect(alice.map(([name]) => name)).toEqual(before.map(([name]) => name).filter((n) => n !== first));
    expect(alice.map(([, place]) => place)).toEqual([1, 2]);
  });
});
