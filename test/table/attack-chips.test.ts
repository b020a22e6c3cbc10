/**
 * CH-7 at the table: a Fighter's ♣ chips are committed in the attacker's window of the attack card
 * (AT-5), after both totals are shown and before the hit is decided, by the attacker's owner only;
 * the attacker cannot reach into the defender's window; and a chip spent is gone even when the
 * attack misses. Outside combat, so no pips count: Ana's ♣ 8 against the orc's ♠ 10.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { SCENE, SWORD, TOKENS, attackWorld, clickStep, stateOn } from "./attack-card";

/** Ana, a Fighter with ♣ 8 (Strength 13, so no EQ-4 shortfall) and 2 ♣ chips, attacks the orc (♠ 10). */
async function atAnasWindow(): Promise<Table> {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = {
    ...ana.system,
    classes: ["fighter"],
    chips: { clubs: 2 },
    suits: { clubs: { primary: 8, secondary: 13 } },
  };
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { ...orc.system, suits: { spades: { value: 10 } } };
  const table = await Table.open({ world });
  const client = table.alice;
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const declared = await client.run(() => {
    const actor = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(actor as never, actor.items.get(SWORD) as never, {
      mode: "melee",
      aim: "chest",
    });
  });
  await table.settle();
  expect(declared).toBe(true);
  expect(stateOn(table.gm)!.step).toBe("attacker");
  return table;
}

const clubsChips = (table: Table) =>
  (table.server.actor(ACTORS.ana._id).system as { chips: { clubs: number } }).chips.clubs;

describe("CH-7: attack chips are committed in the attacker's window", () => {
  it("CH-7: Bob may not commit Ana's chips; Alice commits 1: 9 against 10 misses and the chip stays spent", async () => {
    const table = await atAnasWindow();
    expect((await clickStep(table, "bob", "commitAttacker", { chips: 1 })).ok).toBe(false);
    expect(clubsChips(table)).toBe(2);
    // Her window open, the defender's is not: she cannot commit there.
    expect((await clickStep(table, "alice", "commitDefender", { chips: 1 })).ok).toBe(false);
    expect(await clickStep(table, "alice", "commitAttacker", { chips: 1 })).toEqual({ ok: true });
    expect(clubsChips(table)).toBe(1);
    // The orc's window (the GM's), closed with nothing, decides the hit: 8 + 1 = 9 against 10.
    if (stateOn(table.gm)!.step === "defender")
      expect(await clickStep(table, "gm", "commitDefender")).toEqual({ ok: true });
    expect(stateOn(table.gm)!.result).toMatchObject({ attack: 9, defense: 10, hit: false });
    expect(clubsChips(table)).toBe(1);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("CH-7: with both chips the same attack reaches 10 and hits (T-11); none are left", async () => {
    const table = await atAnasWindow();
    expect(await clickStep(table, "alice", "commitAttacker", { chips: 2 })).toEqual({ ok: true });
    if (stateOn(table.gm)!.step === "defender")
      expect(await clickStep(table, "gm", "commitDefender")).toEqual({ ok: true });
    expect(stateOn(table.gm)!.result).toMatchObject({ attack: 10, defense: 10, hit: true });
    expect(clubsChips(table)).toBe(0);
  });

  it("CH-7: chips the attacker does not hold are refused, and nothing is spent", async () => {
    const table = await atAnasWindow();
    expect((await clickStep(table, "alice", "commitAttacker", { chips: 3 })).ok).toBe(false);
    expect(clubsChips(table)).toBe(2);
    expect(stateOn(table.gm)!.step).toBe("attacker");
  });
});
