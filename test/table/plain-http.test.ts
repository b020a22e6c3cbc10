/**
 * A self-hosted Foundry served over plain HTTP: no page at the table is a secure context, so none has
 * `crypto.subtle` (the GM's included, when the GM is not on the server's own machine). Request
 * identities and card seals must still work: players' declarations are accepted, and a player's
 * attack goes through its sealed steps to the injury, exactly as on HTTPS. Before the system hashed
 * with a library, every request here was refused and the GM's seal threw.
 */
import { describe, expect, it } from "vitest";
import { attackTable, attackWithSword, playCard, stateOn } from "./attack-card";
import { Table } from "./table";
import { declare, startCombat } from "./play";

/** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */

const CRYPTO_GM = 12;

describe("a table served over plain HTTP (no crypto.subtle on any page)", () => {
  it("the pages really have no crypto.subtle", async () => {
    const table = await Table.open({ secureContext: false });
    for (const client of [table.gm, table.alice])
      expect(client.run(() => [typeof crypto.subtle, isSecureContext])).toEqual(["undefined", false]);
  });

  it("players declare their stances and the GM accepts them", async () => {
    const table = await Table.open({ secureContext: false });
    await startCombat(table);
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    expect(await declare(table, "bob", "bo", "reckless")).toBe(true);
    expect(table.server.refusals).toEqual([]);
  });

  it("a player's attack goes through every sealed step to the grievous injury", async () => {
    const table = await attackTable({
      seeds: { gm: 5 },
      cryptoSeeds: { gm: CRYPTO_GM },
      secureContext: false,
    });
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    const steps = await playCard(table);
    expect(steps).toEqual(["damage", "apply", "injuryLocation"]);
    expect(stateOn(table.gm)?.step).toBe("done");
    expect(table.server.refusals).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });
});
