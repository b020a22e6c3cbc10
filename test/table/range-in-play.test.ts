/**
 * RNG-1 and RNG-2 at the table, with EX-RNG-1: Alice targets the orc's token, which stands N squares
 * east of Ana's on the scene's grid (100 px squares), and attacks from her client. The GM's client
 * counts the squares between the tokens, refuses what is out of reach or range (no card, nothing
 * spent), and puts the range modifier on the card.
 */
import { describe, expect, it } from "vitest";
import type { AttackState } from "../../src/rules/attack/index";
import { attackWorld, cardOn, SCENE, stateOn, TOKENS } from "./attack-card";
import { ACTORS, Table } from "./table";

const ITEM = "itmRanged0000001";

interface Shot {
  readonly squares: number;
  /** Squares south of Ana's row (a diagonal when both are set). */
  readonly south?: number;
  /** The orc token's size in squares. */
  readonly size?: number;
  /** The scene's grid: its type (0 gridless) and diagonal rule (CONST.GRID_DIAGONALS). */
  readonly grid?: { type?: number; diagonals?: number };
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
async function shoot(
  s: Shot,
): Promise<{ declared: boolean; state: AttackState | undefined; chips: number; notices: string[] }> {
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
  Object.assign(orc, { x: 100 + 100 * s.squares, y: 100 + 100 * (s.south ?? 0) });
  if (s.size) Object.assign(orc, { width: s.size, height: s.size });
  Object.assign(world.scenes![0]!.grid, s.grid ?? {});
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
  const notices = table.gm.notices.map((n) => n.message);
  return { declared, state: cardOn(table.gm) ? stateOn(table.gm) : undefined, chips, notices };
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

describe("MV-2: reach and range are counted with the scene grid's rule", () => {
  const SWORD = { category: "heavy", modes: { melee: true, thrown: false, launcher: false }, hands: 1 };
  const BOLT = { isAttack: true, chipCost: 1, damage: 2, maxRange: "close", runes: 1 };
  const EQUIDISTANT = 0;
  const ALTERNATING_1 = 4;
  const RECTILINEAR = 3;

  it("MV-2: a sword reaches the diagonal square; on a grid where a diagonal costs 2 it is refused", async () => {
    expect((await shoot({ squares: 1, south: 1, mode: "melee", system: SWORD })).declared).toBe(true);
    const doubled = { diagonals: RECTILINEAR };
    const refused = await shoot({ squares: 1, south: 1, mode: "melee", system: SWORD, grid: doubled });
    expect(refused.declared).toBe(false);
    expect(refused.state).toBeUndefined();
  });

  it("MV-2 (MAG-5): a Close bolt 4 squares diagonally reaches (4, or 6 with 1-2-1 diagonals), not at 8", async () => {
    const at = { squares: 4, south: 4, mode: "cast", system: BOLT, type: "spell" } as const;
    expect((await shoot({ ...at, grid: { diagonals: EQUIDISTANT } })).declared).toBe(true);
    const alternating = await shoot({ ...at, grid: { diagonals: ALTERNATING_1 } });
    expect(alternating.declared).toBe(true);
    expect(alternating.chips).toBe(4);
    const doubled = await shoot({ ...at, grid: { diagonals: RECTILINEAR } });
    expect(doubled.declared).toBe(false);
    expect(doubled.chips).toBe(5);
  });

  it("MV-2 (RNG-2): a dagger thrown 5 squares diagonally is Close, Near (7) with 1-2-1 diagonals; at 7 diagonally a grid whose diagonals cost 2 counts 14 and refuses it", async () => {
    const at = { squares: 5, south: 5, mode: "thrown", system: DAGGER } as const;
    expect(rangeOf((await shoot(at)).state)).toBe(0);
    expect(rangeOf((await shoot({ ...at, grid: { diagonals: ALTERNATING_1 } })).state)).toBe(-2);
    const far = { ...at, squares: 7, south: 7 };
    expect((await shoot(far)).declared).toBe(true);
    expect((await shoot({ ...far, grid: { diagonals: RECTILINEAR } })).declared).toBe(false);
  });

  it("MV-2: a Large orc whose nearer square is next to Ana is in a sword's reach", async () => {
    // The orc covers the 2 × 2 squares west of Ana: its top-left is 2 columns away, its nearer edge 1.
    const large = await shoot({ squares: -2, mode: "melee", system: SWORD, size: 2 });
    expect(large.declared).toBe(true);
    expect((await shoot({ squares: -3, mode: "melee", system: SWORD, size: 2 })).declared).toBe(false);
  });

  it("MV-2: on a scene without a grid the GM judges: nothing is refused for distance and the GM is told", async () => {
    const gridless = await shoot({ squares: 30, mode: "melee", system: SWORD, grid: { type: 0 } });
    expect(gridless.declared).toBe(true);
    expect(gridless.notices.join(" ")).toContain("this scene has no grid");
    const gridded = await shoot({ squares: 1, mode: "melee", system: SWORD });
    expect(gridded.notices.join(" ")).not.toContain("no grid");
  });
});

describe("MV-2 (MAG-5): a non-attack Cast from the sheet measures range with the grid's rule", () => {
  const SLOW = {
    isAttack: false,
    chipCost: 1,
    maxRange: "close",
    condition: "slowed",
    duration: "rounds",
    rounds: 2,
  };

  /** Alice casts Ana's slowing spell at the orc, 4 squares east and 4 south, on a grid with `grid`. */
  async function castAt(grid: { type?: number; diagonals?: number }) {
    const world = attackWorld();
    const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
    ana.system = {
      classes: ["wizard"],
      suits: { diamonds: { primary: 8, secondary: 8 } },
      chips: { diamonds: 5 },
    };
    ana.items = [{ _id: ITEM, name: "Slow", type: "spell", system: { slot: "hands", ...SLOW } }];
    const orc = world.scenes![0]!.tokens.find((t) => t._id === TOKENS.orc)!;
    Object.assign(orc, { x: 500, y: 500 });
    Object.assign(world.scenes![0]!.grid, grid);
    const table = await Table.open({ world });
    const client = table.alice;
    client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
    const cast = await client.run(() => {
      const actor = client.actors.get(ACTORS.ana._id)!;
      return client.system.castSpell(actor as never, actor.items.get(ITEM) as never);
    });
    await table.settle();
    expect(table.server.clock.errors).toEqual([]);
    const chips = (table.server.actor(ACTORS.ana._id).system as { chips: { diamonds: number } }).chips
      .diamonds;
    return { cast, chips, notices: client.notices.map((n) => n.message) };
  }

  it("MV-2: 4 squares diagonally is Close when a diagonal counts 1; where it costs 2 (8) the Cast is refused and costs nothing", async () => {
    const close = await castAt({ diagonals: 0 });
    expect(close.cast).toBe(true);
    expect(close.chips).toBe(4);
    const doubled = await castAt({ diagonals: 3 });
    expect(doubled.cast).toBe(false);
    expect(doubled.chips).toBe(5);
  });

  it("MV-2: on a scene without a grid the Cast goes ahead and the caster is told the GM judges the distance", async () => {
    const gridless = await castAt({ type: 0 });
    expect(gridless.cast).toBe(true);
    expect(gridless.notices.join(" ")).toContain("this scene has no grid");
  });
});
