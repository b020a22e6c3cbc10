/**
 * SP-2 and T-10 at the table, with EX-T-3: Alice declares a Special Attack with Ana's greatsword on the
 * orc's (or Bo's) token, it hits (no combat runs, so no pips: ♣8 against ♠6), and the GM rolls the
 * contest from the card with the defender's chosen card. The GM's dice source (CONFIG.Dice.randomUniform,
 * which the Roll reads: test/table/dice.ts) is scripted just before, so the attacker's d12 and then the
 * defender's show the example's rolls.
 */
import { describe, expect, it } from "vitest";
import type { AttackState } from "../../src/rules/attack/index";
import { attackWorld, clickStep, closeWindows, SCENE, stateOn, SWORD, TOKENS } from "./attack-card";
import { ACTORS, Table } from "./table";

interface Special {
  readonly kind: "bullrush" | "disarm" | "grapple" | "trip";
  readonly target: "orc" | "bo";
  /** The attacker's d12, then the defender's. */
  readonly rolls: [number, number];
  /** The defender's ♣ (its chosen card here). */
  readonly clubs: number;
}

async function special(s: Special): Promise<{ state: AttackState; table: Table }> {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = { suits: { clubs: { primary: 8, secondary: 14 } } };
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { suits: { clubs: { value: s.clubs }, spades: { value: 6 } } };
  const bo = world.actors.find((a) => a._id === ACTORS.bo._id)!;
  bo.system = { suits: { clubs: { primary: s.clubs, secondary: 14 }, spades: { primary: 6, secondary: 6 } } };
  bo.items = [
    {
      _id: "itmLongsword0001",
      name: "Longsword",
      type: "weapon",
      system: { category: "heavy", slot: "hands", hands: 1 },
    },
  ];
  const table = await Table.open({ world });
  const client = table.alice;
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS[s.target])! });
  const declared = await client.run(() => {
    const actor = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(actor as never, actor.items.get(SWORD) as never, {
      mode: "special",
      special: s.kind,
      aim: "chest",
    });
  });
  await table.settle();
  expect(declared).toBe(true);
  await closeWindows(table);
  expect(stateOn(table.gm)!.result).toMatchObject({ attack: 8, defense: 6, hit: true });
  // A d12 below 12 is the roll (T-1): ceil(u × 12) in the table's Roll.
  const queue = s.rolls.map((face) => (face - 0.5) / 12);
  table.gm.run(() => {
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => {
      const next = queue.shift();
      if (next === undefined) throw new Error("the contest read more than its two d12");
      return next;
    };
  });
  expect(await clickStep(table, "gm", "specialContest", { suit: "clubs" })).toEqual({ ok: true });
  expect(table.server.clock.errors).toEqual([]);
  return { state: stateOn(table.gm)!, table };
}

const statuses = (table: Table, key: "ana" | "orc" | "bo") =>
  table.server.actor(ACTORS[key]._id).statuses ?? [];

describe("T-10: points won by, on a Bullrush", () => {
  it("EX-T-3 (T-10, SP-2): A (8) rolls 3, CS, margin 5; B (6) rolls 9, F, margin −3: won by 5, pushed 6 squares", async () => {
    const { state } = await special({ kind: "bullrush", target: "orc", rolls: [3, 9], clubs: 6 });
    expect(state.special).toMatchObject({
      attacker: { target: 8, roll: 3, dos: "CS" },
      defender: { target: 6, roll: 9, dos: "F" },
      winner: "a",
      outcome: { effect: "push", squares: 6 },
    });
  });

  it("EX-T-3 variant (T-10): A (8) rolls 2 and B (7) rolls 5; both succeed, the lower roll wins by 4: pushed 5", async () => {
    const { state } = await special({ kind: "bullrush", target: "orc", rolls: [2, 5], clubs: 7 });
    expect(state.special).toMatchObject({ winner: "a", outcome: { effect: "push", squares: 5 } });
  });

  it("T-10: points won by are at least 1: A (8) rolls 7, B (8) rolls 8, both S, margins 1 and 0: pushed 2", async () => {
    const { state } = await special({ kind: "bullrush", target: "orc", rolls: [7, 8], clubs: 8 });
    expect(state.special).toMatchObject({ winner: "a", outcome: { effect: "push", squares: 2 } });
  });
});

describe("SP-2: what each kind does when the attacker wins", () => {
  it("SP-2 Grapple: the attacker is Grappling and the target Grappled", async () => {
    const { table } = await special({ kind: "grapple", target: "orc", rolls: [3, 9], clubs: 6 });
    expect(statuses(table, "ana")).toContain("grappling");
    expect(statuses(table, "orc")).toContain("grappled");
  });

  it("SP-2 Trip: the target falls Prone; a defender who wins the contest stays up", async () => {
    const won = await special({ kind: "trip", target: "orc", rolls: [3, 9], clubs: 6 });
    expect(statuses(won.table, "orc")).toContain("prone");
    const lost = await special({ kind: "trip", target: "orc", rolls: [10, 3], clubs: 6 });
    expect(lost.state.special).toMatchObject({ winner: "b", outcome: { effect: "none" } });
    expect(statuses(lost.table, "orc")).not.toContain("prone");
  });

  it("SP-2 Disarm: the card names what the target holds, for the attacker to choose from", async () => {
    const { state } = await special({ kind: "disarm", target: "bo", rolls: [3, 9], clubs: 6 });
    expect(state.special).toMatchObject({ winner: "a", outcome: { effect: "disarm" }, held: ["Longsword"] });
  });
});
