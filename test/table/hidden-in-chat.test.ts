/**
 * A combatant the GM hides from the players (core's "hidden" toggle on its tracker row) is not named
 * in public chat: the round's lines about it (its stance, its domino, its turn) go to the GMs alone.
 * Before, one public message in five named the hidden orc.
 */
import { describe, expect, it } from "vitest";
import { Table, USERS } from "./table";
import { combatantId, combatOn, forceReveal, playTurns, startCombat, everyoneDeclares } from "./play";

describe("a hidden combatant in the round's chat", () => {
  it("is named only in lines whispered to the GMs", async () => {
    const table = await Table.open();
    const orc = combatantId(table, "orc");
    await table.act("gm", () => combatOn(table.gm).combatants.get(orc)!.update({ hidden: true }));
    await startCombat(table);
    await everyoneDeclares(table);
    await forceReveal(table);
    await playTurns(table);
    const messages = table.server.world.messages;
    const whispered = (m: (typeof messages)[number]) => Array.isArray(m.whisper) && m.whisper.length > 0;
    const publicText = messages.filter((m) => !whispered(m)).map((m) => String(m.content));
    const gmText = messages.filter(whispered).map((m) => String(m.content));
    expect(publicText.length).toBeGreaterThan(0);
    expect(publicText.filter((t) => t.includes("Orc"))).toEqual([]);
    expect(gmText.some((t) => t.includes("Orc"))).toBe(true);
    for (const m of messages.filter(whispered)) expect(m.whisper).not.toContain(USERS.alice._id);
  });
});
