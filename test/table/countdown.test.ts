/**
 * Scenario: a full countdown round with bidding and lowering the Closing die (CD-1 … CD-18), played
 * from every seat at a table with echo latency.
 */
import { describe, expect, it } from "vitest";
import { countdownOn, countdownStarted, countdownStep, type CountdownLog } from "./countdown";
import { nextRound, roundOn } from "./play";

describe("scenario: a full countdown round with bidding and lowering", () => {
  it("players bid and act when called, spend dice to lower the Closing die, the round closes and the next begins", async () => {
    // Seeds chosen so that this round has bids, a lowering with spends, and closes.
    const table = await countdownStarted({ gmSeed: 83 });
    expect(countdownOn(table.alice).phase).toBe("countdown");
    const log: CountdownLog = { calls: 0, bids: 0, spends: 0, refused: [] };
    for (let n = 0; n < 60 && (await countdownStep(table, log)); n++);
    expect(countdownOn(table.alice).phase).toBe("closed");
    expect(log.refused).toEqual([]);
    expect(log.calls).toBeGreaterThan(1);
    expect(log.bids).toBeGreaterThan(0);
    expect(log.spends).toBeGreaterThan(0);
    await nextRound(table);
    for (const c of [table.alice, table.bob]) expect(roundOn(c)?.round).toBe(2);
    expect(table.server.clock.errors).toEqual([]);
  });
});
