/**
 * KN-2 Sneak Attack and DMG-1's +2 at the table: the GM's attack check offers it on the card when the
 * attacker is a Rogue holding the knack and a ♠ chip, and the target is Defenseless (AT-4) or flanked
 * (CON-1: two melee-capable enemies reach it from opposite sides of the combat's square grid). Alice
 * chooses it with the damage roll from her client; the GM's client takes the chip and adds the +2.
 * The numbers are EX-KN-1's.
 */
import { describe, expect, it } from "vitest";
import type { AttackState } from "../../src/rules/attack/index";
import { attackCardView } from "../../src/views/attack-card/card-view";
import { attackWorld, clickStep, SCENE, stateOn, TOKENS, closeWindows } from "./attack-card";
import { firstTurnTo, startCombat, everyoneDeclares } from "./play";
import { ACTORS, Table } from "./table";
import type { ActorData } from "./permissions";
import type { WorldData } from "./server";

type ItemData = ActorData["items"][number];

const DAGGER = "itmDagger0000001";
const SNEAK = "itmKnackSneak001";

/** The card's Sneak Attack control's value, as Alice's rendering of the card carries it. */
const SNEAK_CONTROL = { sneakAttack: "sneakAttack" };

const dagger: ItemData = {
  _id: DAGGER,
  name: "Dagger",
  type: "weapon",
  system: { category: "tiny", slot: "hands", hands: 1 },
};
const sneakKnack: ItemData = {
  _id: SNEAK,
  name: "Sneak Attack",
  type: "knack",
  system: { key: "sneakAttack", class: "rogue", chipSuit: "spades", chipCost: 1, trigger: "afterHit" },
};

interface Setup {
  readonly classes?: string[];
  readonly spadesChips?: number;
  readonly orcStatuses?: string[];
  /** Bo's square on the grid (the orc stands at (2, 1), Ana at (1, 1)). */
  readonly bo?: [number, number];
}

/** Ana a Rogue with ♣8 and a dagger; the orc ♠6, so m = 2 outside a fight. Ana and Bo friendly, the orc hostile. */
function sneakWorld(s: Setup = {}): WorldData {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = {
    classes: s.classes ?? ["rogue"],
    suits: { clubs: { primary: 8, secondary: 14 }, spades: { primary: 10 } },
    chips: { spades: s.spadesChips ?? 2 },
  };
  ana.items = [dagger, sneakKnack];
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { suits: { spades: { value: 6 }, hearts: { value: 12 } }, hp: { value: 20 } };
  orc.statuses = s.orcStatuses ?? [];
  const scene = world.scenes![0]!;
  const [bx, by] = s.bo ?? [1, 2];
  for (const token of scene.tokens) {
    const friendly = token._id !== TOKENS.orc;
    Object.assign(token, { disposition: friendly ? 1 : -1 });
    if (token._id === TOKENS.bo) Object.assign(token, { x: bx * 100, y: by * 100 });
  }
  return world;
}

const spadesOf = (table: Table) =>
  (table.server.actor(ACTORS.ana._id).system as { chips: { spades: number } }).chips.spades;

/** Alice stabs the orc with her dagger; the card's state on the GM's client. */
async function stab(table: Table): Promise<AttackState> {
  const client = table.alice;
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const declared = await client.run(() => {
    const ana = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(ana as never, ana.items.get(DAGGER) as never, {
      mode: "melee",
      aim: "chest",
    });
  });
  await table.settle();
  expect(declared, "the attack was declared").toBe(true);
  return stateOn(table.gm)!;
}

/** Both windows close with nothing spent; the Fate die will show +1 on the GM's client. */
async function toDamage(table: Table): Promise<void> {
  await closeWindows(table);
  if (stateOn(table.gm)!.step === "margin")
    expect(await clickStep(table, "alice", "chooseMargin", { margin: [] })).toEqual({ ok: true });
  expect(stateOn(table.gm)!.step).toBe("damage");
  table.gm.run(() => {
    // test/table/dice.ts: the Fate die shows ceil(u × 3) − 2, so 0.9 is a +1.
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => 0.9;
  });
}

/** The damage controls Alice's client renders on its copy of the card (the card view her rendering uses). */
function aliceControls(table: Table): string[] {
  const alice = { isGM: false, ownsAttacker: true, ownsDefender: false };
  return attackCardView(stateOn(table.alice)!, alice)
    .controls.filter((c) => c.kind === "rollDamage")
    .map((c) => c.labelKey);
}

/** The combat started and every stance Bold (the attack comes next). */
async function fight(table: Table): Promise<void> {
  await startCombat(table);
  await everyoneDeclares(table);
  expect(await firstTurnTo(table, "ana")).toBe(true);
}

describe("KN-2 Sneak Attack, DMG-1: +2 on a hit against a Defenseless or flanked target", () => {
  it("EX-KN-1: a Rogue hits a Defenseless target with a dagger, dF +1, m = 2, and spends 1 ♠ chip: base 1 + 1 + 0 + 2 = 4", async () => {
    const table = await Table.open({ world: sneakWorld({ orcStatuses: ["defenseless"] }) });
    expect((await stab(table)).declaration.sneakAttack).toBe("offered");
    await toDamage(table);
    expect(aliceControls(table)).toEqual([
      "ZILCH.Attack.Action.rollDamage",
      "ZILCH.Attack.Action.rollDamageSneakAttack",
    ]);
    expect(await clickStep(table, "alice", "rollDamage", SNEAK_CONTROL)).toEqual({ ok: true });
    const hit = stateOn(table.gm)!;
    expect(hit.result!.margin).toBe(2);
    expect(hit.damage!.dF).toBe(1);
    expect(hit.declaration).toMatchObject({ flat: 2, sneakAttack: "taken" });
    expect(hit.damage!.result).toMatchObject({ base: 4, final: 4 });
    expect(spadesOf(table)).toBe(1);
    // The same stab without it: 1 + 1 + 0 = 2, and no chip.
    await stab(table);
    await toDamage(table);
    expect(await clickStep(table, "alice", "rollDamage")).toEqual({ ok: true });
    expect(stateOn(table.gm)!.damage!.result.base).toBe(2);
    expect(spadesOf(table)).toBe(1);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("KN-2: Sneak Attack asked with a Stunning Fist the dagger does not offer: refused with no ♠ chip paid; asked again alone, paid once", async () => {
    const table = await Table.open({ world: sneakWorld({ orcStatuses: ["defenseless"] }) });
    expect((await stab(table)).declaration).toMatchObject({ sneakAttack: "offered", stunningFist: "none" });
    await toDamage(table);
    const both = { ...SNEAK_CONTROL, stunningFist: true };
    expect(await clickStep(table, "alice", "rollDamage", both)).toMatchObject({ ok: false });
    expect(spadesOf(table)).toBe(2);
    expect(await clickStep(table, "alice", "rollDamage", SNEAK_CONTROL)).toEqual({ ok: true });
    expect(spadesOf(table)).toBe(1);
    expect(stateOn(table.gm)!.declaration.sneakAttack).toBe("taken");
  });

  it("KN-2: a flanked target (Ana and Bo on opposite sides of the orc) opens Sneak Attack in a fight", async () => {
    const table = await Table.open({ world: sneakWorld({ bo: [3, 1] }) });
    await fight(table);
    expect((await stab(table)).declaration.sneakAttack).toBe("offered");
    await toDamage(table);
    const before = stateOn(table.gm)!;
    expect(await clickStep(table, "alice", "rollDamage", SNEAK_CONTROL)).toEqual({ ok: true });
    const hit = stateOn(table.gm)!;
    expect(hit.declaration.flat).toBe(2);
    const margin = before.result!.marginBonus;
    expect(hit.damage!.result.base).toBe(1 + 1 + margin + 2);
    expect(spadesOf(table)).toBe(1);
  });

  it("KN-2: not flanked (Bo beside Ana) and not Defenseless: nothing offered, a Sneak Attack asked for is refused and costs nothing", async () => {
    const table = await Table.open({ world: sneakWorld({ bo: [1, 2] }) });
    await fight(table);
    expect((await stab(table)).declaration.sneakAttack).toBe("none");
    await toDamage(table);
    expect(aliceControls(table)).toEqual(["ZILCH.Attack.Action.rollDamage"]);
    const refused = await clickStep(table, "alice", "rollDamage", SNEAK_CONTROL);
    expect(refused).toMatchObject({ ok: false });
    expect(stateOn(table.gm)!.step).toBe("damage");
    expect(spadesOf(table)).toBe(2);
  });

  it("KN-2: a Fighter holding the knack, or a Rogue without a ♠ chip, is offered nothing", async () => {
    const fighter = await Table.open({
      world: sneakWorld({ classes: ["fighter"], orcStatuses: ["defenseless"] }),
    });
    expect((await stab(fighter)).declaration.sneakAttack).toBe("none");
    const broke = await Table.open({ world: sneakWorld({ spadesChips: 0, orcStatuses: ["defenseless"] }) });
    expect((await stab(broke)).declaration.sneakAttack).toBe("none");
  });
});
