/**
 * KN-2 Spring Attack at the table: in Ana's own turn Alice presses Use on the knack (the sheet's Use
 * button calls `useKnack` on her client); 1 ♣ chip is paid, the active GM records it in
 * Ana's turn, and the turn holds one extra Move (a Minor), so Ana may Move, attack and Move again.
 * Outside her turn, or a second time in the same turn, nothing is paid.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { attackWorld, attackWithSword } from "./attack-card";
import {
  ask,
  COMBAT,
  combatantId,
  endTurn,
  endTurnsUntil,
  nextCall,
  startCombat,
  everyoneDeclares,
} from "./play";
import type { ActorData } from "./permissions";

const SPRING = "itmKnackSpring01";

/** Ana a Fighter (♣12, Strength 14 for her greatsword) with Spring Attack and 2 ♣ chips. */
function springWorld() {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = {
    classes: ["fighter"],
    suits: { clubs: { primary: 12, secondary: 14 } },
    chips: { clubs: 2 },
  };
  const knack: ActorData["items"][number] = {
    _id: SPRING,
    name: "Spring Attack",
    type: "knack",
    system: { key: "springAttack", class: "fighter", chipSuit: "clubs", chipCost: 1, trigger: "declared" },
  };
  ana.items = [...ana.items, knack];
  return world;
}

/** The combat started, stances declared (Ana Bold), and Spades turns ended until it is Ana's. */
async function fight(): Promise<Table> {
  const table = await Table.open({ world: springWorld() });
  await startCombat(table);
  await everyoneDeclares(table);
  expect(await nextCall(table)).toBe(true);
  expect(await endTurnsUntil(table, "ana")).toBe(true);
  return table;
}

/** Alice presses Use on Ana's Spring Attack: what her client's `useKnack` answers. */
async function spring(table: Table): Promise<unknown> {
  const client = table.alice;
  const answer = await client.run(() => client.system.useKnack(game.actors!.get(ACTORS.ana._id)!, SPRING));
  await table.settle();
  return answer;
}

/** Alice presses Move on Ana's tracker row: the request the tracker sends. */
function move(table: Table): Promise<boolean> {
  return ask(table, "alice", {
    kind: "takeAction",
    combatId: COMBAT,
    combatantId: combatantId(table, "ana"),
    action: "move",
  });
}

/** Alice targets the orc and declares a greatsword attack: whether the GM's client let it be declared. */
async function swing(table: Table): Promise<unknown> {
  return attackWithSword(table, "alice", "orc");
}

const clubsOf = (table: Table) =>
  (table.server.actor(ACTORS.ana._id).system as { chips: { clubs: number } }).chips.clubs;

function recorded(table: Table): { actions?: string[]; springAttack?: boolean } | undefined {
  const stored = table.gm.combats.get(COMBAT)!.getFlag("zilch", "combatants") as Record<
    string,
    { turn?: { actions: string[]; springAttack?: boolean } }
  >;
  return stored[combatantId(table, "ana")]?.turn;
}

describe("KN-2 Spring Attack: one extra Move this turn", () => {
  it("KN-2: Ana pays 1 ♣ chip and may Move, attack and Move again; without it the second Move is refused", async () => {
    const without = await fight();
    expect(await move(without)).toBe(true);
    expect(await swing(without)).toBe(true);
    expect(await move(without)).toBe(false);

    const table = await fight();
    expect(await move(table)).toBe(true);
    expect(await spring(table)).toBeNull();
    expect(clubsOf(table)).toBe(1);
    expect(recorded(table)?.springAttack).toBe(true);
    expect(await swing(table)).toBe(true);
    expect(await move(table)).toBe(true);
    expect(recorded(table)?.actions).toEqual(["move", "attack", "move"]);
    // The extra is one Move only: a third is refused.
    expect(await move(table)).toBe(false);
    const lines = table.server.world.messages.map((m) => String(m.content)).join("\n");
    expect(lines).toContain("One extra Move this turn");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("KN-2: once per turn, and outside Ana's turn nothing is paid", async () => {
    const table = await fight();
    expect(await spring(table)).toBeNull();
    expect(await spring(table)).toBe("springAttackUsed");
    expect(clubsOf(table)).toBe(1);
    expect(await endTurn(table, "alice", "ana")).toBe(true);
    expect(await spring(table)).toBe("notInTurn");
    expect(clubsOf(table)).toBe(1);
  });

  it("KN-2: Bob cannot record a Spring Attack in Ana's turn for her", async () => {
    const table = await fight();
    const asked = await ask(table, "bob", {
      kind: "springAttack",
      combatId: COMBAT,
      combatantId: combatantId(table, "ana"),
    });
    expect(asked).toBe(false);
    expect(recorded(table)?.springAttack ?? false).toBe(false);
  });
});
