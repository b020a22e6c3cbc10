/**
 * The character sheet's Combat tab (and the roll dialog's pips) read the combatant's round fields
 * from the combat's GM-written flags, on the player's own client (ST-1, ST-2, DOM-4).
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { startCombat, declareAll } from "./play";

describe("the sheet's combat facts", () => {
  it("show the owner's declared stance and revealed pips once every stance is shown, on the player's client", async () => {
    const table = await Table.open();
    await startCombat(table);
    const facts = () =>
      table.alice.run(() => table.alice.system.combatFacts(table.alice.actors.get(ACTORS.ana._id) as never));
    expect(facts()).toMatchObject({ stance: null });
    await declareAll(table, { ana: "bold", bo: "cautious", orc: "bold" });
    const shown = facts();
    expect(shown?.stance).toBe("bold");
    expect(shown?.domino.state).not.toBe("none");
    if (shown?.domino.state === "revealed") expect(shown.domino.offense).toBeGreaterThanOrEqual(0);
  });
});
