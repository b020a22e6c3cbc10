/**
 * The live batch's own logic (src/quench/scenario.ts) played at the table layer, so the batch cannot
 * drift from the system: the GM drives a Spades round by next calls and a countdown round by the
 * batch's `countdownRequest` until it closes, and Foundry's turn agrees with Zilch's after every step
 * (`turnAgrees`, as the batch asserts it); the batch's tokens put the orc within reach of Ana; the
 * deprecation watch catches Foundry's warning text and restores the console.
 */
import { describe, expect, it, vi } from "vitest";
import { Table } from "./table";
import { ask, COMBAT, combatOn, roundOn, startCombat, everyoneDeclares } from "./play";
import { countdownWorld } from "./countdown";
import { countdownRequest, tokenPlaces, turnAgrees, watchDeprecations } from "../../src/quench/scenario";

async function declaredTable(world?: ReturnType<typeof countdownWorld>): Promise<Table> {
  const table = await Table.open({ seats: ["gm", "alice", "bob"], ...(world ? { world } : {}) });
  await startCombat(table);
  await everyoneDeclares(table, "cautious");
  return table;
}

const agrees = (table: Table) => turnAgrees(combatOn(table.gm), roundOn(table.gm)!);

describe("the live batch's scenario at the table", () => {
  it("Spades: three next calls, Foundry's turn following Zilch's after each", async () => {
    const table = await declaredTable();
    expect(agrees(table)).toBe(true);
    for (let turn = 0; turn < 3; turn++) {
      expect(await ask(table, "gm", { kind: "nextCall", combatId: COMBAT })).toBe(true);
      expect(agrees(table)).toBe(true);
    }
  });

  it("countdown: the batch's requests close the round, Foundry's turn following at every step", async () => {
    const table = await declaredTable(countdownWorld());
    let steps = 0;
    for (let asked = countdownRequest(roundOn(table.gm)!, COMBAT); asked; steps++) {
      expect(steps).toBeLessThan(80);
      expect(await ask(table, "gm", asked), asked.kind).toBe(true);
      expect(agrees(table)).toBe(true);
      asked = countdownRequest(roundOn(table.gm)!, COMBAT);
    }
    expect(roundOn(table.gm)?.countdown?.phase).toBe("closed");
    expect(steps).toBeGreaterThan(3);
  });

  it("places the orc in the square next to Ana, and Bo beside her", () => {
    const [ana, bo, orc] = tokenPlaces(100);
    expect(Math.max(Math.abs(orc!.x - ana!.x), Math.abs(orc!.y - ana!.y))).toBe(100);
    expect(Math.max(Math.abs(bo!.x - ana!.x), Math.abs(bo!.y - ana!.y))).toBe(100);
  });

  it("the deprecation watch keeps Foundry's warnings and gives the console back", () => {
    const target = { warn: vi.fn(), error: vi.fn() };
    const { warn, error } = target;
    const watch = watchDeprecations(target);
    target.warn(
      "Error: Deprecated since Version 14\nBackwards-compatible support will be removed in Version 16",
    );
    target.warn("Zilch | something else");
    expect(watch.stop()).toEqual(["Error: Deprecated since Version 14"]);
    expect([target.warn, target.error]).toEqual([warn, error]);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
