/**
 * RNG-1 and RNG-2 at the table, with EX-RNG-1: Alice targets the orc's token, which stands N squares
 * east of Ana's on the scene's grid (100 px squares), and attacks from her client. The GM's client
 * counts the squares between the tokens, refuses what is out of reach or range (no card, nothing
 * spent), and puts the range modifier on the card.
 */
import { describe, expect, it } from "vitest";
import type { AttackState } from "../../src/rules/attack/state";
import { attackWorld, cardOn, SCENE, stateOn, TOKENS } from "./attack-card";
import { ACTORS, Table } from "./table";

const ITEM = "itmRanged0000001";

interface Shot {
  readonly squares: number;
  readonly mode: "melee" | "thrown" | "launcher" | "cast";
  readonly system: Record<string, unknown>;
  readonly type?: "weapon" | "spell";
}

const SHORTBOW = {
  category: "light",
  modes: { melee: false, thrown: false, launcher: true },
  rangeClass: "short",
  hands: 2,
};
const LONGBOW = {
  category: "heavy",
  modes: { melee: false, thrown: false, launcher: true },
  rangeClass: "long",
  hands: 2,
};
const DAGGER = {
  category: "tiny",
  modes: { melee: true, thrown: true, launcher: false },
  rangeClass: "thrown",
  hands: 1,
};

/** Alice's attack at `squares`; the card's state, or undefined when the GM's client refused it. */
async function shoot(s: Shot): Promise<{ declared: boolean; state: AttackState | undefined; chips: number }> {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = {
    classes: ["wizard"],
    suits: { clubs: { primary: 8, secondary: 14 }, diamonds: { primary: 8, secondary: 8 } },
    chips: { diamonds: 5 },
  };
  ana.items = [
    { _id: ITEM, name: "Ranged", type: s.type ?? "weapon", system: { slot: "hands", ...s.system } },
  ];
  const orc = world.scenes![0]!.tokens.find((t) => t._id === TOKENS.orc)!;
  Object.assign(orc, { x: 100 + 100 * s.squares, y: 100 });
  const table = await Table.open({ world });
  const client = table.alice;
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const declared = await client.run(() => {
    const actor = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(actor as never, actor.items.get(ITEM) as never, {
      mode: s.mode,
      aim: "chest",
    });
  });
  await table.settle();
  expect(table.server.clock.errors).toEqual([]);
  const chips = (table.server.actor(ACTORS.ana._id).system as { chips: { diamonds: number } }).chips.diamonds;
  return { declared, state: cardOn(table.gm) ? stateOn(table.gm) : undefined, chips };
}

const rangeOf = (state: AttackState | undefined) =>
  (state?.attacker.modifiers ?? []).filter((m) => m.kind === "range").reduce((sum, m) => sum + m.value, 0);

describe("RNG-2: range penalties on the attack card", () => {
  it("EX-RNG-1 (RNG-2): a shortbow at 15 squares (Far) takes −2", async () => {
    const shot = await shoot({ squares: 15, mode: "launcher", system: SHORTBOW });
    expect(shot.declared).toBe(true);
    expect(rangeOf(shot.state)).toBe(-2);
  });

  it("EX-RNG-1 (RNG-2): a thrown dagger at 8 squares (Near) takes −2; at 13 it is refused", async () => {
    const near = await shoot({ squares: 8, mode: "thrown", system: DAGGER });
    expect(near.declared).toBe(true);
    expect(rangeOf(near.state)).toBe(-2);
    const far = await shoot({ squares: 13, mode: "thrown", system: DAGGER });
    expect(far.declared).toBe(false);
    expect(far.state).toBeUndefined();
  });

  it("EX-RNG-1 (RNG-2): a longbow at 30 squares (Distant) takes −5; at 24 (Far) nothing", async () => {
    expect(rangeOf((await shoot({ squares: 30, mode: "launcher", system: LONGBOW })).state)).toBe(-5);
    const far = await shoot({ squares: 24, mode: "launcher", system: LONGBOW });
    expect(far.declared).toBe(true);
    expect(rangeOf(far.state)).toBe(0);
  });

  it("RNG-2: a shortbow at 25 squares (Distant) is refused; at 12 (Near) it takes nothing", async () => {
    expect((await shoot({ squares: 25, mode: "launcher", system: SHORTBOW })).declared).toBe(false);
    const near = await shoot({ squares: 12, mode: "launcher", system: SHORTBOW });
    expect(near.declared).toBe(true);
    expect(rangeOf(near.state)).toBe(0);
  });
});

describe("RNG-1: distance categories decide reach and a spell's range", () => {
  it("RNG-1: melee reaches 1 square (Engaged); at 2 a sword is refused and a reach weapon strikes", async () => {
    const sword = { category: "heavy", modes: { melee: true, thrown: false, launcher: false }, hands: 1 };
    expect((await shoot({ squares: 1, mode: "melee", system: sword })).declared).toBe(true);
    expect((await shoot({ squares: 2, mode: "melee", system: sword })).declared).toBe(false);
    const polearm = { ...sword, category: "great", hands: 2, reach: 2 };
    expect((await shoot({ squares: 2, mode: "melee", system: polearm })).declared).toBe(true);
  });

  it("RNG-1 (MAG-5): a Close spell reaches 6 squares, not 7 (Near); the refused Cast spends no chip", async () => {
    const bolt = { isAttack: true, chipCost: 1, damage: 2, maxRange: "close", runes: 1 };
    const close = await shoot({ squares: 6, mode: "cast", system: bolt, type: "spell" });
    expect(close.declared).toBe(true);
    expect(close.chips).toBe(4);
    const near = await shoot({ squares: 7, mode: "cast", system: bolt, type: "spell" });
    expect(near.declared).toBe(false);
    expect(near.chips).toBe(5);
  });
});
