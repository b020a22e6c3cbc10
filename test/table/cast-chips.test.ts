/**
 * MAG-1, MAG-3, CH-5 at the table: an attack spell cast from Alice's client goes through the GM's
 * attack declaration, which pays its ♦ chips before the card is posted; a Cast with too few chips is
 * refused and spends nothing. MAG-2: a Cast needs a free hand or a held focus, for a player and the GM,
 * from the attack flow and from the sheet's non-attack Cast.
 */
import { describe, expect, it } from "vitest";
import { Table, ACTORS } from "./table";
import { attackWorld, cardOn, SCENE, stateOn, SWORD, TOKENS } from "./attack-card";
import type { TableClient } from "./client";
import { endTurnsUntil, nextCall, startCombat, turnActions, everyoneDeclares } from "./play";

const BOLT = "itmBolt000000001";
const SLOW = "itmSlow000000001";

/** What Ana holds (MAG-2): her greatsword in both hands, on her back, or beside a focus or a sword. */
type Held = "greatsword" | "nothing" | "staff" | "sword";

/** Ana's hands for `held`: the attack world's greatsword (2 hands) stays in them only for "greatsword". */
function heldItems(held: Held) {
  const greatsword = { slot: held === "greatsword" ? "hands" : "pack" };
  if (held === "staff")
    return {
      greatsword,
      extra: [
        {
          _id: "itmStaff00000001",
          name: "Oak staff",
          type: "gear",
          system: { slot: "hands", hands: 2, focus: true },
        },
      ],
    };
  if (held === "sword")
    return {
      greatsword,
      extra: [
        {
          _id: "itmLong000000001",
          name: "Sword",
          type: "weapon",
          system: { category: "heavy", hands: 1, modes: { melee: true, thrown: false, launcher: false } },
        },
      ],
    };
  return { greatsword, extra: [] };
}

/**
 * The attack world with Ana a Wizard (♦8) holding `chips` ♦ chips, a 3-chip attack spell and a 1-chip
 * slowing spell; her hands as `held` says (by default nothing: the greatsword is on her back).
 */
function castWorld(chips: number, held: Held = "nothing") {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  const hands = heldItems(held);
  ana.system = {
    ...ana.system,
    classes: ["wizard"],
    suits: { diamonds: { primary: 8, secondary: 8 } },
    chips: { diamonds: chips },
  };
  ana.items = [
    ...ana.items.map((item) =>
      item._id === SWORD ? { ...item, system: { ...item.system, ...hands.greatsword } } : item,
    ),
    ...hands.extra,
    {
      _id: SLOW,
      name: "Slow",
      type: "spell",
      system: {
        isAttack: false,
        chipCost: 1,
        maxRange: "close",
        condition: "slowed",
        duration: "rounds",
        rounds: 2,
      },
    },
    {
      _id: BOLT,
      name: "Fire bolt",
      type: "spell",
      system: { isAttack: true, chipCost: 3, damage: 2, maxRange: "close", runes: 1 },
    },
  ];
  return world;
}

/** `client` (Alice by default) targets the orc and casts the bolt (the declaration a Cast sends: mode "cast"). */
async function cast(table: Table, client: TableClient = table.alice): Promise<boolean> {
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

describe("MAG-2: a Cast needs a free hand or a held focus", () => {
  /** `client` casts the slowing spell from the sheet at the orc (the non-attack Cast). */
  async function castSlow(table: Table, client: TableClient): Promise<boolean> {
    client.targets.clear();
    client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
    const result = await client.run(() => {
      const ana = client.actors.get(ACTORS.ana._id)!;
      return client.system.castSpell(ana as never, ana.items.get(SLOW) as never);
    });
    await table.settle();
    return result;
  }
  const words = (client: TableClient) => client.notices.map((n) => n.message).join(" ");

  it("both hands on a greatsword and no focus: Alice's bolt and her Slow are refused, nothing spent", async () => {
    const table = await Table.open({ world: castWorld(5, "greatsword") });
    expect(await cast(table)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
    expect(await castSlow(table, table.alice)).toBe(false);
    expect(words(table.alice)).toContain("it needs a free hand or a held focus");
    expect(diamonds(table)).toBe(5);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the GM casting for Ana with both hands on the greatsword is refused the same way", async () => {
    const table = await Table.open({ world: castWorld(5, "greatsword") });
    expect(await cast(table, table.gm)).toBe(false);
    expect(await castSlow(table, table.gm)).toBe(false);
    expect(words(table.gm)).toContain("it needs a free hand or a held focus");
    expect(diamonds(table)).toBe(5);
  });

  it("a staff held as a focus in both hands: the bolt is cast and paid, 5 chips less 3 leaves 2", async () => {
    const table = await Table.open({ world: castWorld(5, "staff") });
    expect(await cast(table)).toBe(true);
    expect(stateOn(table.gm)).toBeDefined();
    expect(diamonds(table)).toBe(2);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("a one-handed sword leaves a hand free: Alice's Slow is cast, 5 chips less 1 leaves 4", async () => {
    const table = await Table.open({ world: castWorld(5, "sword") });
    expect(await castSlow(table, table.alice)).toBe(true);
    expect(words(table.alice)).not.toContain("free hand");
    expect(diamonds(table)).toBe(4);
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("AC-4, MAG-2: a Cast in the turn, and who may cast, for every kind of spell", () => {
  /** The cast world with Ana's statuses; with `toHerTurn`, stances shown and in Ana's own Spades turn. */
  async function anasTurn(statuses: string[] = [], toHerTurn = true): Promise<Table> {
    const world = castWorld(5);
    world.actors.find((a) => a._id === ACTORS.ana._id)!.statuses = statuses;
    const table = await Table.open({ world });
    if (!toHerTurn) return table;
    await startCombat(table);
    await everyoneDeclares(table, "cautious");
    expect(await nextCall(table)).toBe(true);
    expect(await endTurnsUntil(table, "ana")).toBe(true);
    return table;
  }
  /** Alice casts the Slow from Ana's sheet at the orc (the non-attack Cast). */
  async function castSlow(table: Table): Promise<boolean> {
    const client = table.alice;
    client.targets.clear();
    client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
    const result = await client.run(() => {
      const ana = client.actors.get(ACTORS.ana._id)!;
      return client.system.castSpell(ana as never, ana.items.get(SLOW) as never);
    });
    await table.settle();
    return result;
  }
  /** Alice presses the bolt's Attack on Ana's tracker row (Shift: the declaration's defaults). */
  async function boltFromTracker(table: Table): Promise<boolean> {
    const client = table.alice;
    client.targets.clear();
    client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
    const result = await client.run(() => {
      const ana = client.actors.get(ACTORS.ana._id)!;
      return client.system.attackWith(ana as never, ana.items.get(BOLT) as never, true);
    });
    await table.settle();
    return result;
  }

  it("AC-4: Ana's Slow from the sheet is her turn's Standard action: her bolt after it is refused, 1 chip spent", async () => {
    const table = await anasTurn();
    expect(await castSlow(table)).toBe(true);
    expect(turnActions(table, "ana")).toEqual(["cast"]);
    expect(diamonds(table)).toBe(4);
    expect(await cast(table)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
    expect(diamonds(table)).toBe(4);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("AC-4: after her bolt, Ana's Slow from the sheet is refused and nothing more is spent", async () => {
    const table = await anasTurn();
    expect(await cast(table)).toBe(true);
    expect(diamonds(table)).toBe(2);
    expect(await castSlow(table)).toBe(false);
    expect(turnActions(table, "ana")).toEqual(["cast"]);
    expect(diamonds(table)).toBe(2);
  });

  // Outside a fight, so the turn's budget (AC-2: Helpless, mental actions only) cannot be what refuses.
  it.each([["pinned"], ["paralysed"], ["unconscious"]])(
    "MAG-2: a %s Ana (Helpless by implication) casts nothing: bolt from the sheet and the tracker, Slow",
    async (status) => {
      const table = await anasTurn([status], false);
      expect(await cast(table)).toBe(false);
      expect(await boltFromTracker(table)).toBe(false);
      expect(await castSlow(table)).toBe(false);
      expect(cardOn(table.gm)).toBeUndefined();
      expect(diamonds(table)).toBe(5);
    },
  );
});

describe("CON-4: a Deafened caster's spell attack is at −5", () => {
  it("CON-4: Deafened from the token HUD, Ana's bolt carries −5 on the card; hearing, nothing", async () => {
    const world = castWorld(5);
    world.actors.find((a) => a._id === ACTORS.ana._id)!.statuses = ["deafened"];
    const deaf = await Table.open({ world });
    expect(await cast(deaf)).toBe(true);
    expect(stateOn(deaf.gm)!.attacker.modifiers).toEqual([{ kind: "deafened", value: -5 }]);
    expect(stateOn(deaf.gm)!.attacker.side.modifier).toBe(-5);
    const hearing = await Table.open({ world: castWorld(5) });
    expect(await cast(hearing)).toBe(true);
    expect(stateOn(hearing.gm)!.attacker.side.modifier).toBe(0);
  });

  it("CON-4, INJ-7: a Sound injury's Deafened counts its −5 once, named by the injury", async () => {
    const world = castWorld(5);
    const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
    ana.statuses = ["deafened"];
    ana.items = [
      ...ana.items,
      {
        _id: "itmSound00000001",
        name: "Sound",
        type: "injury",
        system: { kind: "grievousInjury", location: "head", effect: "sound", daysRemaining: 14 },
      },
    ];
    const table = await Table.open({ world });
    expect(await cast(table)).toBe(true);
    expect(stateOn(table.gm)!.attacker.modifiers).toEqual([
      { kind: "injury", effect: "sound", location: "head", value: -5 },
    ]);
  });
});
