/**
 * RNG-3 at the table: Alice declares Ana's sword attack on the orc with the cover her dialog names
 * (the system's `startAttack` on her client), and the GM's client adds it to the orc's defence total
 * (AT-3) or refuses the attack behind total cover (AT-1). Outside combat, so no pips count.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { attackWorld, closeWindows, stateOn, attackWithSword } from "./attack-card";

/** Ana's ♣ 12 (Strength 13, so no EQ-4 shortfall) against the orc's ♠ 10, with the orc's `statuses`. */
async function duel(statuses: string[] = []): Promise<Table> {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = { ...ana.system, suits: { clubs: { primary: 12, secondary: 13 } } };
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { ...orc.system, suits: { spades: { value: 10 } } };
  orc.statuses = statuses;
  return Table.open({ world });
}

/** Alice attacks the orc with Ana's sword, naming `cover`: whether the GM's client let it be declared. */
async function attackBehind(table: Table, cover: { cover?: number; totalCover?: boolean }): Promise<boolean> {
  return attackWithSword(table, "alice", "orc", { ...cover });
}

async function decided(cover: number, statuses: string[] = []) {
  const table = await duel(statuses);
  expect(await attackBehind(table, { cover })).toBe(true);
  await closeWindows(table);
  return stateOn(table.gm)!.result!;
}

describe("RNG-3: cover in the defence total", () => {
  it("RNG-3: attack 12 against the orc's ♠ 10 hits in the open; light cover makes 11, half 12, heavy 14", async () => {
    expect(await decided(0)).toMatchObject({ attack: 12, defense: 10, hit: true });
    expect(await decided(1)).toMatchObject({ attack: 12, defense: 11, hit: true });
    expect(await decided(2)).toMatchObject({ attack: 12, defense: 12, hit: true, margin: 0 });
    expect(await decided(4)).toMatchObject({ attack: 12, defense: 14, hit: false });
  });

  it("RNG-3, AT-4: a Paralysed (so Defenseless) orc is hit anyway, and cover still adds to its defence for the margin", async () => {
    expect(await decided(0, ["paralysed"])).toMatchObject({ attack: 12, defense: 10, hit: true });
    expect(await decided(2, ["paralysed"])).toMatchObject({ attack: 12, defense: 12, hit: true });
    expect(await decided(4, ["paralysed"])).toMatchObject({ attack: 12, defense: 14, hit: true });
  });

  it("RNG-3, AT-1: behind total cover the attack is refused and no card is posted", async () => {
    const table = await duel();
    const messages = table.gm.messages.size;
    expect(await attackBehind(table, { totalCover: true })).toBe(false);
    expect(stateOn(table.gm)).toBeUndefined();
    expect(table.gm.messages.size).toBe(messages);
  });
});
