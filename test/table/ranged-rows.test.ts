/**
 * NPC-1 at the table: a stat-block attack row with a range band is a missile attack that takes the
 * penalties of the range class whose last band is its own (RNG-2; src/rules/attack/row-range.ts) and
 * is refused past that band; a melee row still strikes only within its reach. The GM targets Ana's
 * token, N squares west of the orc's on the scene's grid, and attacks with one of the orc's rows.
 */
import { describe, expect, it } from "vitest";
import type { AttackState } from "../../src/rules/attack/index";
import { attackWorld, cardOn, SCENE, stateOn, TOKENS } from "./attack-card";
import { ACTORS, Table } from "./table";

const row = (name: string, range: string) => ({
  name,
  category: "light",
  damageType: "physical",
  reach: 1,
  range,
});
const ROWS = [
  row("Claws", "engaged"),
  row("Spit", "close"),
  row("Hurled rock", "near"),
  row("Lightning", "far"),
];

/** The GM's orc attacks Ana with row `index` in `mode` from `squares` away; the card's state or undefined. */
async function attack(index: number, squares: number, mode: "melee" | "thrown") {
  const world = attackWorld();
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { ...orc.system, attacks: ROWS };
  const token = world.scenes![0]!.tokens.find((t) => t._id === TOKENS.orc)!;
  Object.assign(token, { x: 100 + 100 * squares, y: 100 });
  const table = await Table.open({ world });
  const client = table.gm;
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.ana)! });
  const declared = await client.run(() => {
    const actor = client.actors.get(ACTORS.orc._id)!;
    return client.system.startAttack(actor as never, { natural: index }, { mode, aim: "chest" });
  });
  await table.settle();
  expect(table.server.clock.errors).toEqual([]);
  return { declared, state: cardOn(table.gm) ? stateOn(table.gm) : undefined };
}

const rangeOf = (state: AttackState | undefined) =>
  (state?.attacker.modifiers ?? []).filter((m) => m.kind === "range").reduce((sum, m) => sum + m.value, 0);

describe("NPC-1: a stat-block row's range band", () => {
  it("a hurled rock (Near) at 8 squares takes a thrown weapon's −2, and at 13 (Far) is refused", async () => {
    const near = await attack(2, 8, "thrown");
    expect(near.declared).toBe(true);
    expect(rangeOf(near.state)).toBe(-2);
    expect((await attack(2, 13, "thrown")).declared).toBe(false);
  });

  it("a lightning row (Far) at 15 squares takes a shortbow's −2; at 25 (Distant) it is refused", async () => {
    const far = await attack(3, 15, "thrown");
    expect(far.declared).toBe(true);
    expect(rangeOf(far.state)).toBe(-2);
    expect((await attack(3, 25, "thrown")).declared).toBe(false);
  });

  it("a spit (Close) reaches 6 squares with no penalty and no farther", async () => {
    const close = await attack(1, 6, "thrown");
    expect(close.declared).toBe(true);
    expect(rangeOf(close.state)).toBe(0);
    expect((await attack(1, 7, "thrown")).declared).toBe(false);
  });

  it("the claws (melee) still reach 1 square only, and a ranged row cannot be declared as a melee blow", async () => {
    expect((await attack(0, 1, "melee")).declared).toBe(true);
    expect((await attack(0, 8, "melee")).declared).toBe(false);
    expect((await attack(0, 1, "thrown")).declared).toBe(false);
    expect((await attack(2, 1, "melee")).declared).toBe(false);
  });
});
