/**
 * CD-13 at the table: a challenge by someone holding no die is refused before anything is rolled.
 * Ten such challenges from Alice's console used to post ten chat messages of contest rolls, each
 * answered "No die is being held".
 */
import { describe, expect, it } from "vitest";
import { countdownStarted, countdownOn } from "./countdown";
import { ask, COMBAT, combatantId, nextCall } from "./play";

describe("a challenge from someone holding no die", () => {
  it("is refused, and no contest is rolled or posted", async () => {
    const table = await countdownStarted();
    for (let n = 0; n < 10 && countdownOn(table.gm).current === null; n++)
      expect(await nextCall(table)).toBe(true);
    expect(countdownOn(table.gm).current).not.toBeNull();
    const ana = combatantId(table, "ana");
    expect(countdownOn(table.gm).participants.find((p) => p.id === ana)?.held ?? null).toBeNull();
    const messages = table.server.world.messages.length;
    for (let n = 0; n < 10; n++)
      expect(await ask(table, "alice", { kind: "challenge", combatId: COMBAT, combatantId: ana })).toBe(
        false,
      );
    expect(table.server.world.messages.length).toBe(messages);
  });
});
