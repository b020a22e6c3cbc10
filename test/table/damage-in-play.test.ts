/**
 * DMG-1 to DMG-3, SZ-2 and SZ-3 at the table, with the worked examples EX-DMG-1 to EX-DMG-5: Alice
 * attacks the orc's token from her client (`startAttack`), each side closes its window, Alice rolls the
 * damage and the GM applies it, every click a card request. No combat is running, so no domino adds
 * pips and the margin is eff(♣) (or eff(♦) for a Cast) − eff(♠) exactly. The GM's dice source
 * (CONFIG.Dice.randomUniform, which the Roll reads: test/table/dice.ts) is set before the damage roll so
 * the Fate die shows the example's face.
 */
import { describe, expect, it } from "vitest";
import type { DamageResult } from "../../src/rules/damage";
import { attackWorld, clickStep, closeWindows, SCENE, stateOn, TOKENS } from "./attack-card";
import { ACTORS, Table } from "./table";
import type { ActorData } from "./permissions";

type ItemData = ActorData["items"][number];

const WEAPON = "itmWeapon0000001";

interface Scene {
  /** Ana's item (a weapon or an attack spell) and how she uses it. */
  readonly item: ItemData;
  readonly mode: "melee" | "cast";
  /** Ana's ♣ (or ♦ for a Cast) and the orc's ♠: the margin is their difference. */
  readonly attack: number;
  readonly spades: number;
  readonly anaSize?: string;
  readonly orc?: Record<string, unknown>;
  readonly orcItems?: ItemData[];
  readonly dF: -1 | 0 | 1;
  readonly settings?: Record<string, unknown>;
}

const weapon = (category: string, riders: unknown[] = []): ItemData => ({
  _id: WEAPON,
  name: `A ${category} weapon`,
  type: "weapon",
  system: { category, slot: "hands", hands: category === "great" ? 2 : 1, riders },
});

function damageWorld(s: Scene) {
  const world = attackWorld(s.settings);
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  const cast = s.mode === "cast";
  ana.system = {
    classes: cast ? ["wizard"] : ["fighter"],
    size: s.anaSize ?? "medium",
    // Strength 14 leaves no EQ-4 shortfall; a Cast reads ♦ and pays its chips.
    suits: cast
      ? { diamonds: { primary: s.attack, secondary: s.attack }, clubs: { primary: 6, secondary: 14 } }
      : { clubs: { primary: s.attack, secondary: 14 } },
    chips: cast ? { diamonds: 5 } : {},
  };
  ana.items = [s.item];
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { suits: { spades: { value: s.spades }, hearts: { value: 12 } }, hp: { value: 12 }, ...s.orc };
  orc.items = s.orcItems ?? [];
  return world;
}

/** The Fate die's face `dF` from a uniform in (0, 1): ceil(u × 3) − 2 (test/table/dice.ts). */
const UNIFORM_FOR: Record<-1 | 0 | 1, number> = { [-1]: 0.2, 0: 0.5, 1: 0.9 };

/** Alice's attack through the GM's Apply; the card's damage and the orc's HP before and after. */
async function hit(
  s: Scene,
): Promise<{ damage: DamageResult; hp: [number, number]; margin: number; clubsDrain: number; table: Table }> {
  const table = await Table.open({ world: damageWorld(s) });
  const client = table.alice;
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const declared = await client.run(() => {
    const ana = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(ana as never, ana.items.get(WEAPON) as never, {
      mode: s.mode,
      aim: "chest",
    });
  });
  await table.settle();
  expect(declared, "the attack was declared").toBe(true);
  const orc = () =>
    table.server.actor(ACTORS.orc._id).system as {
      hp: { value: number };
      suits: { clubs?: { drain?: number } };
    };
  const hpOf = () => orc().hp.value;
  const before = hpOf();
  await closeWindows(table);
  table.gm.run(() => {
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => UNIFORM_FOR[s.dF];
  });
  expect(await clickStep(table, "alice", "rollDamage")).toEqual({ ok: true });
  const state = stateOn(table.gm)!;
  expect(state.damage?.dF).toBe(s.dF);
  if (state.step === "apply") expect(await clickStep(table, "gm", "applyDamage")).toEqual({ ok: true });
  expect(table.server.clock.errors).toEqual([]);
  return {
    damage: state.damage!.result,
    hp: [before, hpOf()],
    margin: state.result!.margin,
    clubsDrain: orc().suits.clubs?.drain ?? 0,
    table,
  };
}

describe("DMG-1, DMG-3: base damage and DR through the attack card", () => {
  it("EX-DMG-1 (DMG-1, DMG-3): longsword +3, dF +1, m = 2: base 4, Medium vs Medium 4, chainmail DR 2: loses 2 HP", async () => {
    const chainmail: ItemData = {
      _id: "itmChainmail0001",
      name: "Chainmail",
      type: "armor",
      system: { category: "heavy", slot: "armor" },
    };
    const swing: Scene = { item: weapon("heavy"), mode: "melee", attack: 12, spades: 10, dF: 1 };
    expect((await hit(swing)).damage).toMatchObject({ base: 4, scaled: 4, final: 4 });
    // The same swing at an orc in chainmail (EQ-6: Heavy armour, DR 2).
    const { damage, hp, margin } = await hit({ ...swing, orcItems: [chainmail] });
    expect(margin).toBe(2);
    expect(damage).toMatchObject({ base: 4, scaled: 4, final: 2, outcome: "damage" });
    expect(hp).toEqual([12, 10]);
  });

  it("EX-DMG-2 (DMG-1, DMG-4): a dagger +1, dF −1, m = 3: base 0; DR 0 riders only, DR 1 nothing", async () => {
    const poison = [{ kind: "drain", suit: "clubs", amount: 1 }];
    const dagger = weapon("tiny", poison);
    const zero = await hit({ item: dagger, mode: "melee", attack: 10, spades: 7, dF: -1, orc: { dr: 0 } });
    expect(zero.damage).toMatchObject({ base: 0, scaled: 0, final: 0, outcome: "riders" });
    expect(zero.hp).toEqual([12, 12]);
    // DMG-6: the poison rider took effect on a final 0.
    expect(zero.clubsDrain).toBe(1);
    const none = await hit({ item: dagger, mode: "melee", attack: 10, spades: 7, dF: -1, orc: { dr: 1 } });
    expect(none.damage).toMatchObject({ base: 0, final: -1, outcome: "none" });
    expect(none.hp).toEqual([12, 12]);
    expect(none.clubsDrain).toBe(0);
  });

  it("EX-DMG-5 (DMG-3, DMG-2): a fire spell +2, dF 0, m = 7: base 3; DR 3 ignored, ER 1: final 2, even from a Large caster", async () => {
    const bolt: ItemData = {
      _id: WEAPON,
      name: "Fire bolt",
      type: "spell",
      system: { isAttack: true, chipCost: 1, damage: 2, maxRange: "close", runes: 1 },
    };
    const { damage, hp, margin } = await hit({
      item: bolt,
      mode: "cast",
      attack: 14,
      spades: 7,
      dF: 0,
      anaSize: "large",
      orc: { dr: 3, er: 1 },
    });
    expect(margin).toBe(7);
    expect(damage).toMatchObject({ base: 3, scaled: 3, final: 2, outcome: "damage" });
    expect(hp).toEqual([12, 10]);
  });
});

describe("DMG-2, SZ-3: the size ratio on physical hits", () => {
  it("EX-DMG-3 (DMG-2, SZ-3): a Large attacker's Great weapon +4, dF 0, m = 3: base 4, ×16/8 = 8, DR 1: loses 7", async () => {
    const { damage, hp } = await hit({
      item: weapon("great"),
      mode: "melee",
      attack: 10,
      spades: 7,
      dF: 0,
      anaSize: "large",
      orc: { dr: 1, size: "medium" },
    });
    expect(damage).toMatchObject({ base: 4, scaled: 8, final: 7, outcome: "damage" });
    expect(hp).toEqual([12, 5]);
  });

  it("EX-DMG-3 (SZ-3): Medium base 5 against a Large target: floor(5 × 8/16) = 2", async () => {
    const { damage, hp } = await hit({
      item: weapon("great"),
      mode: "melee",
      attack: 9,
      spades: 7,
      dF: 1,
      orc: { dr: 0, size: "large" },
    });
    expect(damage).toMatchObject({ base: 5, scaled: 2, final: 2 });
    expect(hp).toEqual([12, 10]);
  });

  it("EX-DMG-3 (SZ-3, DMG-4): base 3 against Huge: floor(3 × 8/32) = 0, riders only", async () => {
    const { damage, hp } = await hit({
      item: weapon("light"),
      mode: "melee",
      attack: 9,
      spades: 7,
      dF: 1,
      orc: { dr: 0, size: "huge" },
    });
    expect(damage).toMatchObject({ base: 3, scaled: 0, final: 0, outcome: "riders" });
    expect(hp).toEqual([12, 12]);
  });
});

describe("SZ-2: half-step sizes follow the world setting", () => {
  const halfling = (halfStepSizes: boolean): Scene => ({
    item: weapon("light"),
    mode: "melee",
    attack: 12,
    spades: 7,
    dF: 1,
    anaSize: "medium-",
    orc: { dr: 0, size: "medium" },
    settings: { "zilch.halfStepSizes": halfStepSizes },
  });

  it("EX-DMG-4 (SZ-2): half steps on, a Medium− Halfling's shortsword +2, dF +1, m = 5 (+1): base 4, ×6/8 = 3", async () => {
    const { damage, hp, margin } = await hit(halfling(true));
    expect(margin).toBe(5);
    expect(damage).toMatchObject({ base: 4, scaled: 3, final: 3 });
    expect(hp).toEqual([12, 9]);
  });

  it("EX-DMG-4 (SZ-2): half steps off, Medium− counts as Medium: 4", async () => {
    const { damage, hp } = await hit(halfling(false));
    expect(damage).toMatchObject({ base: 4, scaled: 4, final: 4 });
    expect(hp).toEqual([12, 8]);
  });
});

describe("DMG-6: condition and ongoing riders on a hit", () => {
  const rider = (r: Record<string, unknown>) => ({ amount: 1, suit: "hearts", saveModifier: 0, ...r });
  const orcOf = (table: Table) => table.server.actor(ACTORS.orc._id);

  it("DMG-6: a paralysing rider the orc cannot save (♥ 12 − 20) leaves it Paralysed, recorded with the weapon as source", async () => {
    const claw = weapon("light", [
      rider({
        kind: "condition",
        condition: "paralysed",
        saveSuit: "hearts",
        saveModifier: -20,
        duration: "endOfNextTurn",
      }),
    ]);
    const { table, damage } = await hit({ item: claw, mode: "melee", attack: 12, spades: 10, dF: 0 });
    expect(damage.outcome).toBe("damage");
    expect(orcOf(table).statuses).toContain("paralysed");
    expect((orcOf(table).system as { appliedConditions: unknown[] }).appliedConditions).toContainEqual(
      expect.objectContaining({ condition: "paralysed", source: "A light weapon" }),
    );
  });

  it("DMG-6: the same rider with a save the orc always makes (♥ 12 + 20) leaves it unparalysed", async () => {
    const claw = weapon("light", [
      rider({
        kind: "condition",
        condition: "paralysed",
        saveSuit: "hearts",
        saveModifier: 20,
        duration: "endOfNextTurn",
      }),
    ]);
    const { table } = await hit({ item: claw, mode: "melee", attack: 12, spades: 10, dF: 0 });
    expect(orcOf(table).statuses).not.toContain("paralysed");
  });

  it("DMG-6, OD-1: a poisoned blade's ongoing rider leaves a Poison 1 on ♥ on the orc", async () => {
    const blade = weapon("light", [rider({ kind: "ongoing", tag: "poison" })]);
    const { table } = await hit({ item: blade, mode: "melee", attack: 12, spades: 10, dF: 0 });
    expect((orcOf(table).system as { ongoing: unknown[] }).ongoing).toEqual([
      expect.objectContaining({ rating: 1, suit: "hearts", tag: "poison" }),
    ]);
  });
});
