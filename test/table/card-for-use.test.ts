/**
 * SU-5 at the table: each use reads its own card. Alice attacks the orc with Ana's greatsword (a
 * Great weapon, Strength 7): the attack total reads eff(♣), the Strength shortfall eff2(♣), and the
 * orc's defence its eff(♠). (A Cast's eff(♦): test/table/cast-chips.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { attackWorld, attackWithSword, stateOn } from "./attack-card";

describe("SU-5: which card a rule reads", () => {
  it("SU-5: Ana's ♣12 with Strength 5 attacks at 12 and takes −2 for the greatsword; the orc defends with ♠9", async () => {
    const world = attackWorld();
    const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
    ana.system = { ...ana.system, suits: { clubs: { primary: 12, secondary: 5 } } };
    const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
    orc.system = { ...orc.system, suits: { spades: { value: 9 }, clubs: { value: 4 } } };
    const table = await Table.open({ world });
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    const state = stateOn(table.gm)!;
    expect(state.attacker.side.card).toBe(12);
    expect(state.attacker.modifiers).toContainEqual({ kind: "shortfall", value: -2 });
    expect(state.defender.side.spades).toBe(9);
  });
});
