/**
 * CD-8 at the table: a participant saving dice toward an action may declare it will not take that
 * action, and the pool is lost. Alice does it from the tracker's "Give up pool" button, on Ana's idle
 * row and while Ana is called; the call stays hers to answer. Bob, who does not own Ana, is refused
 * and the pool stays. Ana (Alice's) holds a Heavy sword (speed 5).
 */
import { describe, expect, it } from "vitest";
import { ACTORS, defaultWorld, Table } from "./table";
import {
  ask,
  chatText,
  COMBAT,
  combatantId,
  combatOn,
  nextCall,
  startCombat,
  everyoneDeclares,
} from "./play";
import { countdownOn } from "./countdown";
import { requestFor } from "../../src/applications/combat/button-requests";
import type { ZilchCombat } from "../../src/documents/combat/zilch-combat";
import type { RoundState } from "../../src/rules/round/state";
import type { TableClient } from "./client";
import type { WorldData } from "./server";

const SWORD = "itmSword00000001";

function world(): WorldData {
  const w = defaultWorld({ "zilch.initiativeMode": "countdown" });
  w.actors = w.actors.map((a) => structuredClone(a));
  const ana = w.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.items = [
    { _id: SWORD, name: "Sword", type: "weapon", system: { category: "heavy", slot: "hands", hands: 1 } },
  ];
  return w;
}

/** Stances shown; Ana holds 3 and 2, the others nothing; Alice saves the 3 toward the sword (5). */
async function anaSaving(): Promise<Table> {
  // The GM's secret draws (hands, Closing die) are seeded, so every run plays the same calls.
  const table = await Table.open({ world: world(), seats: ["gm", "alice", "bob"], cryptoSeeds: { gm: 3 } });
  await startCombat(table);
  await everyoneDeclares(table);
  const id = combatantId(table, "ana");
  await table.act("gm", async () => {
    const combat = table.gm.combats.get(COMBAT)!;
    const round = combat.getFlag("zilch", "round") as RoundState;
    const cd = round.countdown!;
    const participants = cd.participants.map((p) => ({ ...p, hand: p.id === id ? [3, 2] : [] }));
    await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
  });
  expect(await nextCall(table)).toBe(true);
  const accumulate = {
    kind: "countdownChoice",
    combatId: COMBAT,
    combatantId: id,
    choice: { kind: "accumulate", action: { action: `attack:${SWORD}`, speed: 5 }, die: 3 },
  } as const;
  expect(await ask(table, "alice", accumulate)).toBe(true);
  expect(anaOn(table, table.bob).pool).toEqual({ action: `attack:${SWORD}`, speed: 5, dice: [3] });
  return table;
}

const anaOn = (table: Table, client: TableClient) =>
  countdownOn(client).participants.find((p) => p.id === combatantId(table, "ana"))!;

const NO_PICKS = { die: {}, plusOne: {}, bid: {}, action: {}, npcStance: "" as const };

/** The "Give up pool" buttons on Ana's row of `client`'s tracker: idle-row extras, then the called panel. */
function giveUpButtons(table: Table, client: TableClient) {
  return client.run(() => {
    const ctx = client.system.trackerContext(combatOn(client) as unknown as ZilchCombat, NO_PICKS);
    const row = ctx.turns.find((t) => t.id === combatantId(table, "ana"))!;
    return [...row.extras, ...(row.panel?.actions ?? [])].filter((c) => c.action === "zilchAbandonPool");
  });
}

/** Alice clicks the button: the request its data attributes stand for, through her client's channel. */
async function click(table: Table, seat: "alice" | "bob", combatant: string): Promise<boolean> {
  const request = requestFor("zilchAbandonPool", COMBAT, { combatantId: combatant }, null);
  expect(request).toEqual({ kind: "abandonPool", combatId: COMBAT, combatantId: combatant });
  return ask(table, seat, request!);
}

describe("CD-8: declaring the pool's action will not be taken", () => {
  it("Alice gives up Ana's pool from her called row: the pool is lost everywhere and the call stays hers", async () => {
    const table = await anaSaving();
    expect(await nextCall(table)).toBe(true);
    const id = combatantId(table, "ana");
    expect(countdownOn(table.gm).current).toBe(id);
    const [button] = giveUpButtons(table, table.alice);
    expect(button).toMatchObject({ label: "ZILCH.Combat.AbandonPool", detailData: { total: 3, speed: 5 } });
    expect(await click(table, "alice", button!.data.id as string)).toBe(true);
    for (const client of [table.gm, table.alice, table.bob])
      expect(anaOn(table, client)).toMatchObject({ pool: null, hand: [2], acts: 0 });
    // CD-8 is a declaration, not an answer: Ana is still the one called, and she answers now.
    expect(countdownOn(table.alice).current).toBe(id);
    expect(chatText(table)).toContain("Ana gives up the action they were saving dice for");
    expect(giveUpButtons(table, table.alice)).toEqual([]);
    expect(
      await ask(table, "alice", {
        kind: "countdownChoice",
        combatId: COMBAT,
        combatantId: id,
        choice: { kind: "pass", die: 2 },
      }),
    ).toBe(true);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the button is on Ana's idle row for Alice and the GM; Bob sees none and his console is refused", async () => {
    const table = await anaSaving();
    expect(countdownOn(table.gm).current).toBeNull();
    expect(giveUpButtons(table, table.alice)).toHaveLength(1);
    expect(giveUpButtons(table, table.gm)).toHaveLength(1);
    expect(giveUpButtons(table, table.bob)).toEqual([]);
    const id = combatantId(table, "ana");
    expect(await click(table, "bob", id)).toBe(false);
    expect(table.bob.notices.map((n) => n.message).join(" ")).toContain("You do not own that combatant.");
    for (const client of [table.gm, table.alice, table.bob])
      expect(anaOn(table, client).pool).toEqual({ action: `attack:${SWORD}`, speed: 5, dice: [3] });
    expect(chatText(table)).not.toContain("gives up");
    // The owner may declare it off-call too; a second click finds nothing left to lose and says nothing.
    expect(await click(table, "alice", id)).toBe(true);
    expect(await click(table, "alice", id)).toBe(true);
    expect(anaOn(table, table.bob).pool).toBeNull();
    expect(chatText(table).match(/gives up/g)).toHaveLength(1);
  });
});
