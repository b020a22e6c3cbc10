/**
 * An attack while the GM's client views another scene (the security review's L8): the GM's client
 * reads the attacker's token, its domino's pips, its turn and the target's defence from the fight's own
 * combat and tokens, not from the scene its canvas shows (`Actor#getActiveTokens` and `game.combat`
 * follow the viewed scene: docs/table-layer.md). Before, Ana's card lost her offence and the orc's
 * defence, her turn recorded nothing, and an attack outside her turn went through.
 */
import { describe, expect, it } from "vitest";
import { attackWithSword, stateOn, CELLAR, twoScenes } from "./attack-card";
import { currentActor, firstTurnTo, nextCall, startCombat, turnActions, everyoneDeclares } from "./play";
import { Table } from "./table";

async function fight(): Promise<Table> {
  const table = await Table.open({ world: twoScenes() });
  await startCombat(table);
  await everyoneDeclares(table);
  return table;
}

describe("the GM's client viewing another scene", () => {
  it("Ana's attack in her turn counts her pips and the orc's, and is her turn's action, as with the GM on the fight's scene", async () => {
    const seen: Record<string, unknown>[] = [];
    for (const away of [false, true]) {
      const table = await fight();
      expect(await firstTurnTo(table, "ana")).toBe(true);
      if (away) table.gm.view(CELLAR);
      expect(await attackWithSword(table, "alice", "orc")).toBe(true);
      const state = stateOn(table.gm)!;
      expect(state.attacker.side.offense).toBeGreaterThan(0);
      expect(turnActions(table, "ana")).toEqual(["attack"]);
      seen.push({ attacker: state.attacker.side, defender: state.defender.side });
    }
    expect(seen[1]).toEqual(seen[0]);
  });

  it("Alice's attack outside Ana's turn is still refused", async () => {
    const table = await fight();
    expect(await nextCall(table)).toBe(true);
    expect(currentActor(table, table.gm)).not.toBe("ana");
    table.gm.view(CELLAR);
    expect(await attackWithSword(table, "alice", "orc")).toBe(false);
    expect(stateOn(table.gm)).toBeUndefined();
  });
});
