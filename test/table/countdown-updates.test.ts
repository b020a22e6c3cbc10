/**
 * Every combat update renders the tracker on every client, so a countdown request is one update of the
 * combat: a call, an act or a bid each write the round in one go, and a lowering once the GM resolves
 * it (the chat line is a message of its own, which the tracker does not draw).
 */
import { describe, expect, it } from "vitest";
import { countdownOn, countdownStarted, countdownStep, type CountdownLog } from "./countdown";

describe("a countdown round's combat updates", () => {
  it("each call, act and bid, and each lowering once resolved, is one update of the combat on a player's client", async () => {
    const table = await countdownStarted({ gmSeed: 83 });
    let updates = 0;
    table.alice.hooks.on("updateCombat", () => void (updates += 1));
    const log: CountdownLog = { calls: 0, bids: 0, spends: 0, refused: [] };
    const steps: { expected: number; seen: number }[] = [];
    for (let n = 0; n < 60; n++) {
      const cd = countdownOn(table.gm);
      const [bids, seen] = [log.bids, updates];
      if (!(await countdownStep(table, log))) break;
      // A lowering's spends stay on the GM's client until the GM resolves it in one update; a call
      // step is each player's bid, then the call.
      const expected = cd.lowering || cd.current !== null ? 1 : log.bids - bids + 1;
      steps.push({ expected, seen: updates - seen });
    }
    expect(countdownOn(table.gm).phase).toBe("closed");
    expect(log.calls).toBeGreaterThan(5);
    expect(steps.map((s) => s.seen)).toEqual(steps.map((s) => s.expected));
  });
});
