/**
 * MAG-1, MAG-3, CH-5 at the table: an attack spell cast from Alice's client goes through the GM's
 * attack declaration, which pays its ♦ chips before the card is posted; a Cast with too few chips is
 * refused and spends nothing.
 */
import { describe, expect, it } from "vitest";
import { Table, ACTORS } from "./table";
import { attackWorld, cardOn, SCENE, stateOn, TOKENS } from "./attack-card";

const BOLT = "itmBolt000000001";

/** The attack world with Ana a Wizard (♦8) holding `chips` ♦ chips and a 3-chip attack spell. */
function castWorld(chips: number) {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = {
    ...ana.system,
    classes: ["wizard"],
    suits: { diamonds: { primary: 8, secondary: 8 } },
    chips: { diamonds: chips },
  };
  // MAG-2: a Cast needs a free hand, so the Wizard holds no greatsword.
  ana.items = [
    {
      _id: BOLT,
      name: "Fire bolt",
      type: "spell",
      system: { isAttack: true, chipCost: 3, damage: 2, maxRange: "close", runes: 1 },
    },
  ];
  return world;
}

/** Alice targets the orc and casts the bolt (the declaration a Cast sends: mode "cast"). */
async function cast(table: Table): Promise<boolean> {
  const client = table.alice;
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const result = await client.run(() => {
    const ana = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(ana as never, ana.items.get(BOLT) as never, {
      mode: "cast",
      aim: "chest",
    });
  });
  await table.settle();
  return result;
}

const diamonds = (table: Table) =>
  (table.server.actor(ACTORS.ana._id).system as { chips?: { diamonds?: number } }).chips?.diamonds;

describe("MAG-1, MAG-3: an attack spell's Cast pays its ♦ chips through the attack flow", () => {
  it("MAG-1: a Wizard's Cast reads eff(♦), never ♣ chips; EX-MAG-1: 5 chips, cost 3 leaves 2", async () => {
    const table = await Table.open({ world: castWorld(5) });
    expect(await cast(table)).toBe(true);
    const state = stateOn(table.gm)!;
    // MAG-1: eff(♦) 8 in place of eff(♣); Fighter chips and a Strength shortfall do not apply.
    expect(state.attacker.side.card).toBe(8);
    expect(state.attacker.chips).toBe(0);
    expect((state.attacker.modifiers ?? []).map((m) => m.kind)).not.toContain("shortfall");
    expect(diamonds(table)).toBe(2);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("with 2 chips the Cast is refused: no card, no chip spent", async () => {
    const table = await Table.open({ world: castWorld(2) });
    expect(await cast(table)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
    expect(diamonds(table)).toBe(2);
  });
});
