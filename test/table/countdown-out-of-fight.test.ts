/**
 * CB-1, CD-2, NPC-3 at the table: the countdown and the Spades order agree on who may act. An Enemy
 * brought to 0 HP mid-round (out of the fight, Unconscious) leaves the countdown at once: it is never
 * called, its hand is gone and an Act for it is refused, as the Spades order skips its turn.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, defaultWorld, Table } from "./table";
import {
  ask,
  COMBAT,
  combatantId,
  currentActor,
  endTurn,
  nextCall,
  startCombat,
  everyoneDeclares,
  seatOf,
} from "./play";
import { countdownOn, countdownStarted, countdownStep, type CountdownLog } from "./countdown";

/** The GM's client deals the orc (an Enemy) damage enough for 0 HP, as the attack card's GM step does. */
async function orcFalls(table: Table): Promise<void> {
  await table.act("gm", async () => {
    await game.actors!.get(ACTORS.orc._id)!.applyDamage(99);
  });
  const orc = table.gm.run(() => game.actors!.get(ACTORS.orc._id)!);
  expect(orc.statuses.has("unconscious")).toBe(true);
}

/** The countdown played to its close (the GM calls, each participant acts); the ids called, in order. */
async function calledUntilClosed(table: Table): Promise<string[]> {
  const log: CountdownLog = { calls: 0, bids: 0, spends: 0, refused: [] };
  const called: string[] = [];
  for (let n = 0; n < 40 && (await countdownStep(table, log)); n++) {
    const current = countdownOn(table.gm).current;
    if (current !== null) called.push(current);
  }
  expect(countdownOn(table.gm).phase).toBe("closed");
  return called;
}

/** The Spades turns once shown, each ended from its owner's seat; the actors whose turn came, in order. */
async function spadesTurns(table: Table): Promise<string[]> {
  expect(await nextCall(table)).toBe(true);
  const turns: string[] = [];
  for (let n = 0; n < 4; n++) {
    const who = currentActor(table, table.gm);
    if (who === null) break;
    turns.push(who);
    expect(await endTurn(table, seatOf(who), who)).toBe(true);
  }
  return turns;
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
      // CD-11: dropping out with its hand gone does not turn the round Closing, and rolls no Closing die.
      expect(countdownOn(client).phase).toBe("countdown");
      expect(countdownOn(client).closing).toBeNull();
    }
    const act = {
      kind: "countdownChoice",
      combatId: COMBAT,
      combatantId: orc,
      choice: { kind: "act" },
    } as const;
    expect(await ask(table, "gm", act)).toBe(false);
    const called = await calledUntilClosed(table);
    expect(called.length).toBeGreaterThan(0);
    expect(called).not.toContain(orc);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the Spades order skips the same fallen Enemy: its turn never comes", async () => {
    const table = await Table.open({ world: defaultWorld(), seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    await everyoneDeclares(table);
    await orcFalls(table);
    const turns = await spadesTurns(table);
    expect(turns.length).toBeGreaterThan(0);
    expect(turns).not.toContain("orc");
  });
});

/**
 * Bo's ♦ drained to 0 by the GM's client (as a spell's or a rider's drain does): DRN-4 makes him
 * Comatose, so Unconscious, through his derived data alone; no status effect comes or goes.
 */
async function boComatose(table: Table): Promise<void> {
  await table.act("gm", async () => {
    await game.actors!.get(ACTORS.bo._id)!.applyDrain("diamonds", 99);
  });
  const bo = table.gm.run(() => game.actors!.get(ACTORS.bo._id)!);
  expect(bo.creature.conditions.has("unconscious")).toBe(true);
  expect(bo.statuses.has("unconscious")).toBe(false);
}

describe("CB-1, CD-2: both modes read one test of who may act, whatever made a creature unable to", () => {
  it("countdown: Bo drained to Comatose is never called; the round goes on to its close", async () => {
    const table = await countdownStarted();
    const bo = combatantId(table, "bo");
    await boComatose(table);
    const called = await calledUntilClosed(table);
    expect(called.length).toBeGreaterThan(0);
    expect(called).not.toContain(bo);
    for (const client of [table.gm, table.alice, table.bob])
      expect(countdownOn(client).participants.find((p) => p.id === bo)!.active).toBe(false);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("Spades: the same Comatose Bo's turn never comes", async () => {
    const table = await Table.open({ world: defaultWorld(), seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    await everyoneDeclares(table);
    await boComatose(table);
    const turns = await spadesTurns(table);
    expect(turns.length).toBeGreaterThan(0);
    expect(turns).not.toContain("bo");
  });

  it("countdown: a combatant marked defeated by the GM is never called either", async () => {
    const table = await countdownStarted();
    const bo = combatantId(table, "bo");
    await table.act("gm", async () => {
      await game.combats!.get(COMBAT)!.combatants.get(bo)!.update({ defeated: true });
    });
    const log: CountdownLog = { calls: 0, bids: 0, spends: 0, refused: [] };
    const called: string[] = [];
    for (let n = 0; n < 40 && (await countdownStep(table, log)); n++) {
      const current = countdownOn(table.gm).current;
      if (current !== null) called.push(current);
    }
    expect(called).not.toContain(bo);
  });
});
