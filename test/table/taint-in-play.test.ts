/**
 * DMG-5 and DRN-5 at the table: a weapon, an attack spell or an NPC's stat-block attack marked
 * tainted deals tainted damage through the attack card. The attacker's player declares with
 * `startAttack`, both windows close, the attacker rolls the damage and the GM applies it, every click a
 * card request; then the target's healing meets the taint first (DRN-6). No combat runs, so the margin is
 * the card difference (EX-DMG-1's numbers: 12 against 10, dF +1, final 4).
 */
import { describe, expect, it } from "vitest";
import { attackWorld, clickStep, SCENE, stateOn, TOKENS, closeWindows } from "./attack-card";
import type { ActorData } from "./permissions";
import { ACTORS, Table, type Seat } from "./table";

type ItemData = ActorData["items"][number];
const ITEM = "itmTaint00000001";

const sword = (tainted: boolean): ItemData => ({
  _id: ITEM,
  name: "Cursed blade",
  type: "weapon",
  system: { category: "heavy", slot: "hands", hands: 1, tainted },
});

/** EX-DMG-5's fire bolt (+2), marked tainted. */
const BOLT: ItemData = {
  _id: ITEM,
  name: "Black bolt",
  type: "spell",
  system: { isAttack: true, chipCost: 1, damage: 2, maxRange: "close", runes: 1, tainted: true },
};

interface Strike {
  /** Ana's item, or the orc's stat-block claw (tainted or not) against Ana. */
  readonly item?: ItemData;
  readonly claw?: { tainted: boolean };
  /** The target's system beyond its suits. */
  readonly target?: Record<string, unknown>;
}

type Vitals = { hp: { value: number }; suits: { hearts: { taint: number; drain: number } } };

/** The world: Ana (♣ 12, ♦ 14) and the orc (♣ 12) face targets with ♠ 10 and ♥ 12, 12 HP. */
function taintWorld(s: Strike) {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  const defender = { suits: { spades: { value: 10 }, hearts: { value: 12 } }, hp: { value: 12 } };
  ana.system = {
    classes: ["wizard"],
    suits: { clubs: { primary: 12, secondary: 14 }, diamonds: { primary: 14, secondary: 14 } },
    chips: { diamonds: 5 },
  };
  ana.items = s.item ? [s.item] : [];
  orc.system = { ...defender, ...s.target };
  if (s.claw) {
    ana.system = {
      classes: ["fighter"],
      suits: { spades: { primary: 10, secondary: 10 }, hearts: { primary: 12, secondary: 12 } },
      hp: { value: 12 },
      ...s.target,
    };
    orc.system = {
      suits: { clubs: { value: 12 }, spades: { value: 6 }, hearts: { value: 8 } },
      attacks: [{ name: "Grave claw", category: "heavy", damageType: "physical", reach: 1, ...s.claw }],
    };
  }
  return world;
}

/** The attack through the GM's Apply; the card's final damage and the target's vitals. */
async function strike(s: Strike) {
  const table = await Table.open({ world: taintWorld(s) });
  const [attacker, defender, seat, target]: [string, string, Seat, keyof typeof TOKENS] = s.claw
    ? [ACTORS.orc._id, ACTORS.ana._id, "gm", "ana"]
    : [ACTORS.ana._id, ACTORS.orc._id, "alice", "orc"];
  const client = table.client(seat);
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS[target])! });
  const declared = await client.run(() => {
    const actor = client.actors.get(attacker)!;
    const weapon = s.claw ? { natural: 0 } : actor.items.get(ITEM);
    return client.system.startAttack(actor as never, weapon as never, {
      mode: s.item?.type === "spell" ? "cast" : "melee",
      aim: "chest",
    });
  });
  await table.settle();
  expect(declared, "the attack was declared").toBe(true);
  await closeWindows(table, { attacker: seat, defender: s.claw ? "alice" : "gm" });
  table.gm.run(() => {
    // The Fate die shows +1 (test/table/dice.ts: ceil(u × 3) − 2).
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => 0.9;
  });
  expect(await clickStep(table, seat, "rollDamage")).toEqual({ ok: true });
  expect(await clickStep(table, "gm", "applyDamage")).toEqual({ ok: true });
  expect(table.server.clock.errors).toEqual([]);
  const vitals = () => table.server.actor(defender).system as Vitals;
  return { table, defender, final: stateOn(table.gm)!.damage!.result.final, vitals };
}

describe("DMG-5, DRN-5: tainted damage through the attack card", () => {
  it("DMG-5 (DRN-5): a tainted heavy blade's 4 damage leaves 8/12 HP and 4 ♥ taint; the same blade untainted, none", async () => {
    const tainted = await strike({ item: sword(true) });
    expect(tainted.final).toBe(4);
    expect(tainted.vitals().hp.value).toBe(8);
    expect(tainted.vitals().suits.hearts).toMatchObject({ taint: 4, drain: 0 });
    const plain = await strike({ item: sword(false) });
    expect(plain.vitals().hp.value).toBe(8);
    expect(plain.vitals().suits.hearts.taint).toBe(0);
  });

  it("DMG-5 (DRN-5, DRN-6): the taint soaks up healing first: 3 points of healing remove 3 taint and no HP comes back", async () => {
    const { table, defender, vitals } = await strike({ item: sword(true) });
    await table.gm.run(() => {
      const actor = table.gm.actors.get(defender)!;
      return (actor as unknown as { recoverHP(n: number): Promise<unknown> }).recoverHP(3);
    });
    await table.settle();
    expect(vitals().suits.hearts.taint).toBe(1);
    expect(vitals().hp.value).toBe(8);
  });

  it("DMG-5 (HP-2, DRN-5): a tainted spell (EX-DMG-5's bolt) and a Foe's overflow: the drain is tainted too", async () => {
    // ♦ 14 against ♠ 10: m = 4, base 2 + 1 = 3, energy against ER 0: final 3 on a Foe at 1 HP.
    const { final, vitals } = await strike({ item: BOLT, target: { tier: "foe", hp: { value: 1 } } });
    expect(final).toBe(3);
    expect(vitals().hp.value).toBe(0);
    // 1 HP lost (1 taint), 2 overflow as ♥ drain (2 more taint).
    expect(vitals().suits.hearts).toMatchObject({ drain: 2, taint: 3 });
  });

  it("DMG-5 (NPC-4): an NPC's tainted stat-block claw taints the character it hits; an untainted one does not", async () => {
    const tainted = await strike({ claw: { tainted: true } });
    expect(tainted.final).toBeGreaterThan(0);
    expect(tainted.vitals().suits.hearts.taint).toBe(12 - tainted.vitals().hp.value);
    const plain = await strike({ claw: { tainted: false } });
    expect(plain.vitals().suits.hearts.taint).toBe(0);
  });
});
