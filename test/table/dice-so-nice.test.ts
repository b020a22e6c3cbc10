/**
 * Dice So Nice on the GM's client: its `showForRoll(roll, user, synchronize)` resolves when the 3D
 * animation ends (Foundryborne/daggerheart#1024, asacolips-projects/13th-age#325), which in a
 * background tab or with slow dice settings can take longer than a player's request waits (15 s,
 * src/requests/channel.ts). Here each animation takes 20 s of the table's clock. Alice's steps of
 * her attack card must still be answered as applied, and every roll still animates.
 */
import { describe, expect, it } from "vitest";
import { attackTable, attackWithSword, playCard, stateOn } from "./attack-card";

/** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */

const CRYPTO_GM = 12;

/** The animation time of one roll: longer than a request's wait. */
const ANIMATION_MS = 20_000;

describe("Dice So Nice animating the GM's rolls slowly", () => {
  it("Alice's steps are answered as applied, and every roll of the card is shown", async () => {
    const table = await attackTable({ seeds: { gm: 5 }, cryptoSeeds: { gm: CRYPTO_GM } });
    const shown: unknown[] = [];
    table.gm.run(() => {
      const later = setTimeout;
      Reflect.set(game, "dice3d", {
        showForRoll: (roll: unknown) =>
          new Promise<void>((resolve) =>
            later(() => {
              shown.push(roll);
              resolve();
            }, ANIMATION_MS),
          ),
      });
    });
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    // playCard expects every click, Alice's included, to be answered `{ ok: true }`.
    const steps = await playCard(table);
    expect(steps).toContain("damage");
    expect(stateOn(table.alice)?.step).toBe("done");
    await table.settle();
    expect(shown.length).toBeGreaterThan(0);
    expect(table.server.clock.errors).toEqual([]);
  });
});
