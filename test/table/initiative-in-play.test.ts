/**
 * INI-3 and INI-6 at the table. INI-3 with EX-INI-1: the GM starts the combat from the tracker with
 * `spadesRandomizer` perSide, and the GM's round draws (src/dice/secret-dice.ts, scripted through the
 * table's `scriptSecrets`) give the PC side 2 and the other side 5.
 * INI-6: during round 1 the GM adds a goblin to the combat (a Combatant created in it, as the token's
 * "add to combat" does); the GM's client deals it a face-down domino and a place in the order at once,
 * and it acts this round only if its place has not passed.
 */
import { describe, expect, it } from "vitest";
import { seededUniform, uniformFor } from "./dice";
import {
  COMBAT,
  combatantId,
  combatOn,
  endTurn,
  nextCall,
  roundOn,
  startCombat,
  everyoneDeclares,
} from "./play";
import { defaultWorld, npc, Table } from "./table";

/** EX-INI-1's three: Ana (PC, ♠7, Cunning 8), Bo (PC, ♠7, Cunning 6), an orc (NPC, ♠7). */
function exIni1World(settings: Record<string, unknown> = {}) {
  const world = defaultWorld(settings);
  const [ana, bo, orc] = world.actors;
  ana!.system = { suits: { spades: { primary: 7, secondary: 8 } } };
  bo!.system = { suits: { spades: { primary: 7, secondary: 6 } } };
  orc!.system = { suits: { spades: { value: 7 } } };
  return world;
}

/** The round's order as actor names, from the GM's copy of the combat. */
/** The stance the GM's client shows for the combatant named `name`. */
function stanceOn(table: Table, name: string): string | null {
  const combat = combatOn(table.gm);
  const id = [...combat.combatants].find((c) => c.name === name)!.id;
  const stored = table.server.combat(COMBAT).flags.zilch as {
    combatants: Record<string, { stance: string | null }>;
  };
  return stored.combatants[id]!.stance;
}

function orderOf(table: Table): string[] {
  const combat = combatOn(table.gm);
  return roundOn(table.gm)!.order.map((id) => combat.combatants.get(id)!.name ?? id);
}

describe("INI-3: the random part", () => {
  it("EX-INI-1 (INI-3): perSide, PCs roll 2 and NPCs 5: orc 12, Ana 9, Bo 9 (Ana before Bo)", async () => {
    const table = await Table.open({ world: exIni1World({ "zilch.spadesRandomizer": "perSide" }) });
    // The GM's round draws: each combatant's tiebreaker, then the PC
    // side's d6 (2) and the other side's (5). Reads of the combat on the way roll nothing.
    const queue = [0.1, 0.5, 0.9, uniformFor(2, 6), uniformFor(5, 6)];
    table.gm.scriptSecrets(() => queue.shift() ?? 0.5);
    await startCombat(table);
    expect(queue).toEqual([]);
    expect(roundOn(table.gm)!.sides).toEqual({ pc: 2, other: 5 });
    expect(orderOf(table)).toEqual(["Orc", "Ana", "Bo"]);
  });

  it("INI-3: reading the combat before it starts rolls no dice, on the GM's client or a player's", async () => {
    const table = await Table.open({ world: exIni1World({ "zilch.spadesRandomizer": "perSide" }) });
    let draws = 0;
    // Every round draw (src/dice/secret-dice.ts) and every Foundry die, counted on both clients.
    for (const client of [table.gm, table.alice]) {
      const words = seededUniform(7);
      client.scriptSecrets(() => {
        draws += 1;
        return words();
      });
      client.run(() => {
        const uniform = CONFIG.Dice.randomUniform;
        (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => {
          draws += 1;
          return uniform();
        };
      });
    }
    for (const client of [table.gm, table.alice])
      for (let n = 0; n < 3; n++) {
        const state = client.run(() => game.combats!.get(COMBAT)!.zilchState);
        expect(state.round).toBe(0);
        expect(state.sides).toBeNull();
      }
    expect(draws).toBe(0);
    // As the GM starts the combat: one tiebreaker per combatant, then the two side dice, once.
    await startCombat(table);
    expect(draws).toBe(5);
    expect(roundOn(table.alice)!.sides).toEqual(roundOn(table.gm)!.sides);
  });

  it("EX-INI-1 (INI-3): without a randomiser the order is Ana, Bo, orc; the sides roll nothing", async () => {
    const table = await Table.open({ world: exIni1World({ "zilch.spadesRandomizer": "none" }) });
    await startCombat(table);
    expect(roundOn(table.gm)!.sides).toBeNull();
    expect(orderOf(table)).toEqual(["Ana", "Bo", "Orc"]);
  });

  it("INI-3: perCombatant, each rolls its own d6 once as it joins and keeps it next round (INI-5)", async () => {
    const table = await Table.open({ world: exIni1World({ "zilch.spadesRandomizer": "perCombatant" }) });
    // Each combatant in turn: its tiebreaker, then its own d6 (Ana 1, Bo 6, the orc 3).
    const queue = [0.1, uniformFor(1, 6), 0.5, uniformFor(6, 6), 0.9, uniformFor(3, 6)];
    table.gm.scriptSecrets(() => queue.shift() ?? 0.5);
    await startCombat(table);
    expect(queue).toEqual([]);
    // Bo 7 + 6 = 13, the orc 7 + 3 = 10, Ana 7 + 1 = 8.
    expect(orderOf(table)).toEqual(["Bo", "Orc", "Ana"]);
    const stored = table.server.combat(COMBAT).flags.zilch as {
      combatants: Record<string, { ownDie: number }>;
    };
    expect(stored.combatants[combatantId(table, "ana")]!.ownDie).toBe(1);
  });
});

describe("INI-6: joining mid-combat", () => {
  const GOBLIN = "actGoblin000001";

  /** Round 1 under way: Ana (♠9) has taken her turn, Bo (♠6) acts now; the orc (♠3) is next. */
  async function roundUnderWay(): Promise<Table> {
    const world = defaultWorld();
    const [ana, bo, orc] = world.actors;
    ana!.system = { suits: { spades: { primary: 9, secondary: 9 } } };
    bo!.system = { suits: { spades: { primary: 6, secondary: 6 } } };
    orc!.system = { suits: { spades: { value: 3 } } };
    world.actors.push(npc(GOBLIN, "Goblin"));
    const table = await Table.open({ world });
    await startCombat(table);
    await everyoneDeclares(table);
    expect(await nextCall(table)).toBe(true);
    expect(await endTurn(table, "alice", "ana")).toBe(true);
    return table;
  }

  /** The GM adds the goblin (♠ `spades`) to the running combat; its stored round on the GM's client. */
  async function join(table: Table, spades: number) {
    await table.gm.raw({
      action: "update",
      documentName: "Actor",
      updates: [{ _id: GOBLIN, "system.suits.spades.value": spades }],
    });
    await table.settle();
    await table.gm.raw({
      action: "create",
      documentName: "Combatant",
      parentId: COMBAT,
      data: [
        {
          actorId: GOBLIN,
          name: "Goblin",
          type: "base",
          hidden: false,
          defeated: false,
          system: {},
          flags: {},
        },
      ],
    });
    await table.settle();
    expect(table.server.clock.errors).toEqual([]);
    const combat = combatOn(table.gm);
    const id = [...combat.combatants].find((c) => c.actorId === GOBLIN)!.id;
    const stored = table.server.combat(COMBAT).flags.zilch as {
      combatants: Record<
        string,
        { domino: { state: string } | null; turnTaken: boolean; stance: string | null }
      >;
    };
    return { id, round: stored.combatants[id]! };
  }

  it("INI-6: a joiner whose place is still to come (♠4, after Bo) gets a face-down domino and acts this round", async () => {
    const table = await roundUnderWay();
    const { id, round } = await join(table, 4);
    expect(round.domino?.state).toBe("faceDown");
    expect(round.turnTaken).toBe(false);
    expect(orderOf(table)).toEqual(["Ana", "Bo", "Goblin", "Orc"]);
    // Its stance is declared at once, by the GM for an NPC.
    const declared = await table.act("gm", () =>
      table.gm.system.requestCombat({
        kind: "declareStance",
        combatId: COMBAT,
        combatantId: id,
        stance: "bold",
      }),
    );
    expect(declared).toBe(true);
    expect(stanceOn(table, "Goblin")).toBe("bold");
    expect(await endTurn(table, "bob", "bo")).toBe(true);
    expect(roundOn(table.gm)!.current).toBe(id);
  });

  it("INI-6: a joiner whose place has passed (♠12, before Ana) waits for the next round", async () => {
    const table = await roundUnderWay();
    const { round } = await join(table, 12);
    expect(round.domino?.state).toBe("faceDown");
    expect(round.turnTaken).toBe(true);
    expect(orderOf(table)[0]).toBe("Goblin");
    expect(await endTurn(table, "bob", "bo")).toBe(true);
    expect(roundOn(table.gm)!.current).toBe(combatantId(table, "orc"));
  });
});
