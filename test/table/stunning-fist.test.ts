/**
 * KN-2 Stunning Fist at the table: the GM's attack check offers it on the card when the attacker is a
 * Fighter holding the knack and a ♣ chip and the attack is unarmed (brawling). Alice chooses it with
 * the damage roll from her client; the GM's client takes the chip and, when the hit is applied, rolls
 * the orc's ♥ save: on a failure the orc is Stunned until the end of its next turn.
 */
import { describe, expect, it } from "vitest";
import type { AttackState } from "../../src/rules/attack/index";
import { attackCardView } from "../../src/views/attack-card/card-view";
import { attackWorld, clickStep, SCENE, stateOn, TOKENS, closeWindows } from "./attack-card";
import { ACTORS, Table } from "./table";
import type { ActorData } from "./permissions";
import type { WorldData } from "./server";

type ItemData = ActorData["items"][number];

const FIST = "itmFist000000001";
const DAGGER = "itmDagger0000001";
const STUNNING = "itmKnackStun0001";

/** The card's Stunning Fist control's value, as Alice's rendering of the card carries it. */
const STUNNING_CONTROL = { knack: "stunningFist" };

const items: ItemData[] = [
  {
    _id: FIST,
    name: "Fist",
    type: "weapon",
    system: { category: "tiny", slot: "hands", hands: 1, brawling: true },
  },
  { _id: DAGGER, name: "Dagger", type: "weapon", system: { category: "tiny", slot: "hands", hands: 1 } },
  {
    _id: STUNNING,
    name: "Stunning Fist",
    type: "knack",
    system: { key: "stunningFist", class: "fighter", chipSuit: "clubs", chipCost: 1, trigger: "afterHit" },
  },
];

/** Ana a Fighter with ♣10 and 2 ♣ chips; the orc ♠6 and ♥`hearts`. */
function fistWorld(hearts: number): WorldData {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = {
    classes: ["fighter"],
    suits: { clubs: { primary: 10, secondary: 14 } },
    chips: { clubs: 2 },
  };
  ana.items = items;
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { suits: { spades: { value: 6 }, hearts: { value: hearts } }, hp: { value: 20 } };
  orc.statuses = [];
  return world;
}

const clubsOf = (table: Table) =>
  (table.server.actor(ACTORS.ana._id).system as { chips: { clubs: number } }).chips.clubs;
const orcStatuses = (table: Table) => table.server.actor(ACTORS.orc._id).statuses;

/** Alice hits the orc with `item`; the card's state on the GM's client. */
async function punch(table: Table, item: string): Promise<AttackState> {
  const client = table.alice;
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const declared = await client.run(() => {
    const ana = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(ana as never, ana.items.get(item) as never, {
      mode: "melee",
      aim: "chest",
    });
  });
  await table.settle();
  expect(declared, "the attack was declared").toBe(true);
  return stateOn(table.gm)!;
}

/** Both windows close with nothing spent; every die the GM's client rolls next lands at `u`. */
async function toDamage(table: Table, u: number): Promise<void> {
  await closeWindows(table);
  if (stateOn(table.gm)!.step === "margin")
    expect(await clickStep(table, "alice", "chooseMargin", { margin: [] })).toEqual({ ok: true });
  expect(stateOn(table.gm)!.step).toBe("damage");
  table.gm.run(() => {
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => u;
  });
}

function aliceControls(table: Table): string[] {
  const alice = { isGM: false, ownsAttacker: true, ownsDefender: false };
  return attackCardView(stateOn(table.alice)!, alice)
    .controls.filter((c) => c.kind === "rollDamage")
    .map((c) => c.labelKey);
}

describe("KN-2 Stunning Fist: after an unarmed hit, a ♥ save or Stunned", () => {
  it("KN-2: Alice pays 1 ♣ chip; the orc (♥2) fails its ♥ save on the GM's client and is Stunned until the end of its next turn", async () => {
    const table = await Table.open({ world: fistWorld(2) });
    expect((await punch(table, FIST)).declaration.stunningFist).toBe("offered");
    // A high roll (19 on the d20-style test) fails a ♥2 save.
    await toDamage(table, 0.9);
    expect(aliceControls(table)).toEqual([
      "ZILCH.Attack.Action.rollDamage",
      "ZILCH.Attack.Action.rollDamageStunningFist",
    ]);
    expect(await clickStep(table, "alice", "rollDamage", STUNNING_CONTROL)).toEqual({ ok: true });
    expect(stateOn(table.gm)!.declaration.stunningFist).toBe("taken");
    expect(clubsOf(table)).toBe(1);
    expect(orcStatuses(table)).not.toContain("stunned");
    expect(await clickStep(table, "gm", "applyDamage")).toEqual({ ok: true });
    expect(orcStatuses(table)).toContain("stunned");
    // CB-4: the hit lands outside the orc's own turn, so the Stun lasts until its next turn ends (one turn end).
    const system = table.server.actor(ACTORS.orc._id).system as { appliedConditions?: unknown[] };
    expect(system.appliedConditions).toContainEqual(
      expect.objectContaining({ condition: "stunned", duration: "endOfNextTurn", count: 1 }),
    );
    expect(table.server.clock.errors).toEqual([]);
  });

  it("KN-2: the orc (♥14) makes its ♥ save on a low roll and is not Stunned; the chip stays spent", async () => {
    const table = await Table.open({ world: fistWorld(14) });
    await punch(table, FIST);
    await toDamage(table, 0.01);
    expect(await clickStep(table, "alice", "rollDamage", STUNNING_CONTROL)).toEqual({ ok: true });
    expect(stateOn(table.gm)!.step).toBe("apply");
    expect(await clickStep(table, "gm", "applyDamage")).toEqual({ ok: true });
    expect(clubsOf(table)).toBe(1);
    expect(orcStatuses(table)).not.toContain("stunned");
  });

  it("KN-2: not offered with a dagger; refused there with nothing paid", async () => {
    const table = await Table.open({ world: fistWorld(2) });
    expect((await punch(table, DAGGER)).declaration.stunningFist).toBe("none");
    await toDamage(table, 0.9);
    expect(aliceControls(table)).toEqual(["ZILCH.Attack.Action.rollDamage"]);
    expect(await clickStep(table, "alice", "rollDamage", STUNNING_CONTROL)).toMatchObject({ ok: false });
    expect(clubsOf(table)).toBe(2);
  });
});
