/**
 * CD-19 at the table: "The Closing die is visible only to the GM, unless cdShowClosing is on." A
 * countdown round is played until it Closes; with the option off no player's client may hold the
 * Closing die's value (combat data, chat, its tracker, its browser storage), while the GM's client keeps
 * it (memory and localStorage, so a GM reload keeps it too). With the option on, everyone sees it.
 */
import { describe, expect, it } from "vitest";
import { defaultWorld, Table } from "./table";
import { COMBAT, startCombat, everyoneDeclares } from "./play";
import { countdownOn, countdownStep, type CountdownLog } from "./countdown";
import type { TableClient } from "./client";
import type { ZilchCombat } from "../../src/documents/combat/zilch-combat";
import { combatContext } from "../../src/applications/combat/turn-context";

const CLOSING_SECRETS = 2;

async function closedRound(show: boolean): Promise<Table> {
  const table = await Table.open({
    world: defaultWorld({
      "zilch.initiativeMode": "countdown",
      "zilch.cdBidding": true,
      "zilch.cdLowerClosing": true,
      "zilch.cdShowClosing": show,
    }),
    seats: ["gm", "alice", "bob"],
    seeds: { gm: 77 },
    // The GM's secret draws too (src/dice/secret-dice.ts): on these the round reaches its Closing die.
    cryptoSeeds: { gm: CLOSING_SECRETS },
  });
  await startCombat(table);
  await everyoneDeclares(table);
  const log: CountdownLog = { calls: 0, bids: 0, spends: 0, refused: [] };
  for (let n = 0; n < 60 && countdownOn(table.gm).phase !== "closed"; n++)
    await countdownStep(table, log, []);
  expect(countdownOn(table.gm).phase).toBe("closed");
  expect(countdownOn(table.gm).closingAfter, "the round must have reached its Closing die").not.toBeNull();
  expect(table.server.clock.errors).toEqual([]);
  return table;
}

const combatOn = (client: TableClient) => client.combats.get(COMBAT) as unknown as ZilchCombat;

/** What the client's tracker shows of the Closing die (the tracker's own context, for this user). */
function trackerClosing(client: TableClient): { value: number | null; label: string } {
  return client.run(() => {
    const combat = combatOn(client);
    const viewer = { isGM: client.user.isGM, owns: () => false };
    const ctx = combatContext(combat.zilchState, [], viewer, { closing: combat.zilchKeptClosing() });
    return { value: ctx.closing.value, label: ctx.closing.label };
  });
}

/** The Closed line as each client's chat log holds it. */
const closedLines = (client: TableClient) =>
  client.messages.contents.map((m) => m.content).filter((c) => c.includes("The round is Closed"));

describe("CD-19: the Closing die of a Closed round", () => {
  it("with cdShowClosing off, only the GM's client holds its value, and keeps it through a GM reload", async () => {
    const table = await closedRound(false);
    const kept = trackerClosing(table.gm).value;
    expect(kept, "the GM's tracker shows the die").toEqual(expect.any(Number));
    expect(kept).toBeGreaterThanOrEqual(1);
    expect(kept).toBeLessThanOrEqual(6);
    for (const player of [table.alice, table.bob]) {
      const cd = countdownOn(player);
      expect(cd.closing?.value ?? null).toBeNull();
      // The weights are what play showed in public; they must not point at one value unless play did.
      expect(cd.closing?.weights.filter((w) => w > 0).length).toBeGreaterThan(1);
      expect(JSON.stringify(combatOn(player).toObject())).not.toMatch(/"value":\s*[1-6]/);
      expect(trackerClosing(player)).toEqual({ value: null, label: "ZILCH.Combat.Closed" });
      const lines = closedLines(player);
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toMatch(/\(\d\)/);
      expect([...player.storage.items.keys()].filter((k) => k.startsWith("zilch.secrets"))).toEqual([]);
    }
    // A GM reload: memory is gone, the browser's storage keeps the die.
    const gm = await table.reload("gm");
    await table.settle();
    expect(trackerClosing(gm).value).toBe(kept);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("with cdShowClosing on, every client sees its value, in the tracker and the Closed line", async () => {
    const table = await closedRound(true);
    const value = countdownOn(table.gm).closing?.value;
    expect(value).toEqual(expect.any(Number));
    for (const client of [table.gm, table.alice, table.bob]) {
      expect(countdownOn(client).closing?.value).toBe(value);
      expect(trackerClosing(client).value).toBe(value);
      expect(closedLines(client)[0]).toContain(`(${value})`);
    }
  });
});
