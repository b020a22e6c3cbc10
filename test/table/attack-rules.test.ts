/**
 * AT-5 to AT-7 at the table with RULES.md's numbers: Alice attacks the orc with Ana's greatsword outside
 * combat (no dominoes, so no pips), the card's windows are clicked in AT-5's order, and the GM's client
 * decides the hit, margin, margin bonus and colour from the cards the actors hold.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { attackWorld, attackWithSword, clickStep, closeWindows, stateOn } from "./attack-card";

/**
 * The attack world with Ana's ♣ (and Strength, so no EQ-4 shortfall) and the orc's ♠ set; with
 * `choices`, Ana holds a Boon and the orc a ♠ chip, so both windows wait for their owner.
 */
async function duel(clubs: number, spades: number, choices = false): Promise<Table> {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  const held = (extra: object) => (choices ? extra : {});
  ana.system = { ...ana.system, suits: { clubs: { primary: clubs, secondary: 13 } }, ...held({ boons: 1 }) };
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = {
    ...orc.system,
    suits: { spades: { value: spades } },
    ...held({ chips: { spades: { value: 1, max: 1 } } }),
  };
  const table = await Table.open({ world });
  expect(await attackWithSword(table, "alice", "orc")).toBe(true);
  return table;
}

describe("AT-5 to AT-7 through the attack card", () => {
  it("AT-5: the attacker's window comes first, then the defender's, then the hit is decided", async () => {
    const table = await duel(12, 10, true);
    expect(stateOn(table.gm)?.step).toBe("attacker");
    expect(stateOn(table.gm)?.result).toBeNull();
    // The defender may not commit before the attacker's window closes.
    expect((await clickStep(table, "gm", "commitDefender")).ok).toBe(false);
    expect(await clickStep(table, "alice", "commitAttacker")).toEqual({ ok: true });
    expect(stateOn(table.gm)?.step).toBe("defender");
    expect(stateOn(table.gm)?.result).toBeNull();
    expect(await clickStep(table, "gm", "commitDefender")).toEqual({ ok: true });
    expect(stateOn(table.gm)?.result).not.toBeNull();
  });

  const decided = async (clubs: number, spades: number) => {
    const table = await duel(clubs, spades);
    await closeWindows(table);
    return stateOn(table.gm)!.result!;
  };

  it("EX-AT-1 (AT-6, AT-7): attack 12 against defence 10 hits, m = 2, Yellow, margin bonus 0", async () => {
    expect(await decided(12, 10)).toMatchObject({
      attack: 12,
      defense: 10,
      hit: true,
      margin: 2,
      colour: "yellow",
      marginBonus: 0,
    });
  });

  it("EX-AT-2 (AT-6, AT-7): 17 against 7 is Red with +2; 9 against 10 misses, White", async () => {
    expect(await decided(17, 7)).toMatchObject({ hit: true, margin: 10, colour: "red", marginBonus: 2 });
    expect(await decided(9, 10)).toMatchObject({ hit: false, margin: -1, colour: "white" });
  });

  it("AT-6: a tie hits, Green", async () => {
    expect(await decided(10, 10)).toMatchObject({ hit: true, margin: 0, colour: "green", marginBonus: 0 });
  });
});
