/**
 * CB-1, CD-2, NPC-3 at the table: the countdown and the Spades order agree on who may act. An Enemy
 * brought to 0 HP mid-round (out of the fight, Unconscious) leaves the countdown at once: it is never
 * called, its hand is gone and an Act for it is refused, as the Spades order skips its turn.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, defaultWorld, Table } from "./table";
import { ask, COMBAT, combatantId, currentActor, declare, endTurn, startCombat } from "./play";
import { countdownOn, countdownStarted, countdownStep, type CountdownLog } from "./countdown";

/** The GM's client deals the orc (an Enemy) damage enough for 0 HP, as the attack card's GM step does. */
async function orcFalls(table: Table): Promise<void> {
  await table.act("gm", async () => {
    await game.actors!.get(ACTORS.orc._id)!.applyDamage(99);
  });
  const orc = table.gm.run(() => game.actors!.get(ACTORS.orc._id)!);
  expect(orc.statuses.has("unconscious")).toBe(true);
}

describe("CD-2, NPC-3: an Enemy at 0 HP leaves the countdown at once", () => {
  it("its hand goes on every client, it is never called, and the GM's Act for it is refused", async () => {
    const table = await countdownStarted();
    const orc = combatantId(table, "orc");
    expect(countdownOn(table.gm).participants.find((p) => p.id === orc)!.hand.length).toBeGreaterThan(0);
    await orcFalls(table);
    for (const client of [table.gm, table.alice, table.bob]) {
      const p = countdownOn(client).participants.find((q) => q.id === orc)!;
      expect(p.active).toBe(false);
      expect(p.hand).toEqual([]);
      expect(p.held).toBeNull();
    }
    const act = {
      kind: "countdownChoice",
      combatId: COMBAT,
      combatantId: orc,
      choice: { kind: "act" },
    } as const;
    expect(await ask(table, "gm", act)).toBe(false);
    const log: CountdownLog = { calls: 0, bids: 0, spends: 0, refused: [] };
    const called: string[] = [];
    for (let n = 0; n < 40 && (await countdownStep(table, log)); n++) {
      const current = countdownOn(table.gm).current;
      if (current !== null) called.push(current);
    }
    expect(countdownOn(table.gm).phase).toBe("closed");
    expect(called.length).toBeGreaterThan(0);
    expect(called).not.toContain(orc);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the Spades order skips the same fallen Enemy: its turn never comes", async () => {
    const table = await Table.open({ world: defaultWorld(), seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    expect(await declare(table, "bob", "bo", "bold")).toBe(true);
    expect(await declare(table, "gm", "orc", "bold")).toBe(true);
    await orcFalls(table);
    const turns: string[] = [];
    for (let n = 0; n < 4; n++) {
      const who = currentActor(table, table.gm);
      if (who === null) break;
      turns.push(who);
      expect(await endTurn(table, who === "ana" ? "alice" : who === "bo" ? "bob" : "gm", who)).toBe(true);
    }
    expect(turns).not.toContain("orc");
  });
});
