/**
 * KN-2 Rage and DMG-1's Rage bonus at the table: Alice starts Ana's rage from her own client (the
 * sheet's Use button calls `useKnack`), paying 2 ♣ chips; the GM's attack check adds +1 to
 * Ana's melee hits while she rages and notes each attack; the rage ends on the GM's client at the end
 * of a round in which Ana made no attack, and with the encounter. The numbers are EX-KN-1's.
 */
import { describe, expect, it } from "vitest";
import type { AttackState } from "../../src/rules/attack/index";
import { DEFAULT_REQUEST } from "../../src/rules/roll-request";
import { attackWorld, clickStep, SCENE, stateOn, TOKENS, closeWindows } from "./attack-card";
import {
  ask,
  COMBAT,
  combatantId,
  declare,
  endTurnsUntil,
  firstTurnTo,
  nextCall,
  nextRound,
  startCombat,
  cautiousAnasTurn,
  everyoneDeclares,
  declareAll,
} from "./play";
import { ACTORS, Table } from "./table";
import type { ActorData } from "./permissions";

type ItemData = ActorData["items"][number];

const LONGSWORD = "itmLongsword0001";
const DAGGER = "itmDagger0000001";
const RAGE = "itmKnackRage0001";
const BOLT = "itmSpellBolt0001";

const items: ItemData[] = [
  {
    _id: LONGSWORD,
    name: "Longsword",
    type: "weapon",
    system: { category: "heavy", slot: "hands", hands: 1 },
  },
  {
    _id: DAGGER,
    name: "Dagger",
    type: "weapon",
    system: {
      category: "tiny",
      slot: "hands",
      hands: 1,
      modes: { melee: true, thrown: true },
      rangeClass: "thrown",
    },
  },
  {
    _id: BOLT,
    name: "Fire bolt",
    type: "spell",
    system: { isAttack: true, chipCost: 1, damage: 2, maxRange: "close", runes: 1 },
  },
  {
    _id: RAGE,
    name: "Rage",
    type: "knack",
    system: { key: "rage", class: "fighter", chipSuit: "clubs", chipCost: 2, trigger: "free" },
  },
];

/** Ana a Fighter with ♣12 (Strength 14: no shortfall) and 3 ♣ chips; the orc ♠6, so m = 6 outside a fight. */
function rageWorld(held: readonly string[] = [LONGSWORD, DAGGER]) {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  // A Fighter who also learnt a little magic (a Wizard too), with ♦ chips for a bolt.
  ana.system = {
    classes: ["fighter", "wizard"],
    suits: { clubs: { primary: 12, secondary: 14 }, diamonds: { primary: 10, secondary: 10 } },
    chips: { clubs: 3, diamonds: 5 },
  };
  // EQ-1: what is not held is carried in a handy slot.
  ana.items = items.map((i) =>
    i.type === "weapon" && !held.includes(i._id!) ? { ...i, system: { ...i.system, slot: "handy" } } : i,
  );
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { suits: { spades: { value: 6 }, hearts: { value: 12 } }, hp: { value: 20 } };
  return world;
}

const rageOf = (table: Table) =>
  (table.server.actor(ACTORS.ana._id).flags as { zilch?: { rage?: unknown } }).zilch?.rage;
const clubsOf = (table: Table) =>
  (table.server.actor(ACTORS.ana._id).system as { chips: { clubs: number } }).chips.clubs;

/** Alice presses Use on Ana's Rage knack: what her client's `useKnack` answers. */
async function rage(table: Table): Promise<unknown> {
  const client = table.alice;
  // The client's `game.actors` holds the system's document class (ZilchActor) on that client.
  const answer = await client.run(() => client.system.useKnack(game.actors!.get(ACTORS.ana._id)!, RAGE));
  await table.settle();
  return answer;
}

/** Alice attacks the orc with `item` in `mode`: whether the GM's client let it be declared. */
async function declareAttack(
  table: Table,
  item: string,
  mode: "melee" | "thrown" | "cast",
): Promise<boolean> {
  const client = table.alice;
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const declared = await client.run(() => {
    const ana = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(ana as never, ana.items.get(item) as never, { mode, aim: "chest" });
  });
  await table.settle();
  return declared;
}

/** Alice attacks the orc with `item` in `mode`; the card's state on the GM's client. */
async function attack(table: Table, item: string, mode: "melee" | "thrown"): Promise<AttackState> {
  const client = table.alice;
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const declared = await client.run(() => {
    const ana = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(ana as never, ana.items.get(item) as never, { mode, aim: "chest" });
  });
  await table.settle();
  expect(declared, "the attack was declared").toBe(true);
  return stateOn(table.gm)!;
}

/** Both windows close with nothing spent, and Alice rolls damage with the Fate die showing 0. */
async function rollDamage(table: Table): Promise<AttackState> {
  await closeWindows(table);
  table.gm.run(() => {
    // test/table/dice.ts: the Fate die shows ceil(u × 3) − 2, so 0.5 is a 0.
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => 0.5;
  });
  expect(await clickStep(table, "alice", "rollDamage")).toEqual({ ok: true });
  return stateOn(table.gm)!;
}

describe("KN-2 Rage, DMG-1: the +1 on a raging Fighter's melee hits", () => {
  it("EX-KN-1: a raging Fighter hits with a longsword, dF 0, m = 6: base 3 + 0 + 1 + 1 (Rage) = 5", async () => {
    const table = await Table.open({ world: rageWorld() });
    // Before the rage the same hit is 3 + 0 + 1 = 4.
    expect((await attack(table, LONGSWORD, "melee")).declaration.flat).toBe(0);
    expect((await rollDamage(table)).damage!.result.base).toBe(4);
    expect(await rage(table)).toBeNull();
    expect(clubsOf(table)).toBe(1);
    expect(rageOf(table)).toMatchObject({ raging: true });
    expect((await attack(table, LONGSWORD, "melee")).declaration.flat).toBe(1);
    const hit = await rollDamage(table);
    expect(hit.result!.margin).toBe(6);
    expect(hit.damage!.dF).toBe(0);
    expect(hit.damage!.result).toMatchObject({ base: 5, scaled: 5, final: 5 });
    expect(table.server.clock.errors).toEqual([]);
  });

  it("KN-2: a raging Fighter's thrown dagger gets no Rage bonus; a second Rage is refused with nothing paid", async () => {
    const table = await Table.open({ world: rageWorld() });
    expect(await rage(table)).toBeNull();
    expect(await rage(table)).toBe("alreadyRaging");
    expect(clubsOf(table)).toBe(1);
    expect((await attack(table, DAGGER, "thrown")).declaration.flat).toBe(0);
    expect((await attack(table, DAGGER, "melee")).declaration.flat).toBe(1);
  });
});

describe("KN-2 Rage: how long it lasts", () => {
  /** The combat started, every stance declared (Ana Reckless, as a rage allows). */
  async function fight(): Promise<Table> {
    const table = await Table.open({ world: rageWorld() });
    await startCombat(table);
    await declareAll(table, { ana: "reckless", bo: "bold", orc: "bold" });
    expect(await firstTurnTo(table, "ana")).toBe(true);
    return table;
  }

  /** AC-1: a new round, every stance declared again (Ana Reckless), and Ana's turn begun for her attack. */
  async function anaActsNext(table: Table): Promise<void> {
    await nextRound(table);
    await declareAll(table, { ana: "reckless", bo: "bold", orc: "bold" });
    expect(await firstTurnTo(table, "ana")).toBe(true);
  }

  it("KN-2: a rage outlasts a round with an attack and ends at the end of a round without one", async () => {
    const table = await fight();
    expect(await rage(table)).toBeNull();
    expect((await attack(table, LONGSWORD, "melee")).declaration.flat).toBe(1);
    await nextRound(table);
    expect(rageOf(table)).toEqual({ raging: true, attacked: false });
    // Round 2: Ana makes no attack, so her rage ends with the round, and the chat says so.
    const ended = () =>
      table.server.world.messages.filter((m) => String(m.content).includes("rage ends")).length;
    expect(ended()).toBe(0);
    await anaActsNext(table);
    expect(rageOf(table)).toMatchObject({ raging: false });
    expect(ended()).toBe(1);
    expect((await attack(table, LONGSWORD, "melee")).declaration.flat).toBe(0);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("KN-2: a rage begun after this round's attack (a free action after taking damage) counts that attack", async () => {
    const table = await fight();
    await attack(table, LONGSWORD, "melee");
    expect(await rage(table)).toBeNull();
    await nextRound(table);
    expect(rageOf(table)).toEqual({ raging: true, attacked: false });
  });

  it("KN-2: while raging, Ana may declare only Reckless or Bold; the GM's client refuses Cautious and Guarded", async () => {
    const table = await Table.open({ world: rageWorld() });
    await startCombat(table);
    expect(await rage(table)).toBeNull();
    expect(await declare(table, "alice", "ana", "cautious")).toBe(false);
    expect(await declare(table, "alice", "ana", "guarded")).toBe(false);
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("KN-2: no Cast while raging: in Ana's turn her bolt is refused once she rages, and allowed before", async () => {
    for (const raging of [false, true]) {
      // MAG-2: the bolt needs a free hand, so only the longsword is held.
      const table = await Table.open({ world: rageWorld([LONGSWORD]) });
      await startCombat(table);
      await everyoneDeclares(table);
      expect(await nextCall(table)).toBe(true);
      expect(await endTurnsUntil(table, "ana")).toBe(true);
      if (raging) expect(await rage(table)).toBeNull();
      expect(await declareAttack(table, BOLT, "cast"), raging ? "raging" : "calm").toBe(!raging);
    }
  });

  it("KN-2, AC-3: no Ready while raging: a Cautious Ana's Ready on the tracker is refused once she rages, and allowed before", async () => {
    for (const raging of [false, true]) {
      const table = await Table.open({ world: rageWorld() });
      await startCombat(table);
      // Cautious was declared before the rage (a rage is begun as a free action, here in her turn).
      await cautiousAnasTurn(table);
      if (raging) expect(await rage(table)).toBeNull();
      const ready = await ask(table, "alice", {
        kind: "takeAction",
        combatId: COMBAT,
        combatantId: combatantId(table, "ana"),
        action: "ready",
      });
      expect(ready, raging ? "raging" : "calm").toBe(!raging);
      if (raging) expect(table.alice.notices.at(-1)?.message).toBe("Not while raging.");
    }
  });

  it("KN-2: a raging Fighter is immune to Shaken: the GM's client gives it to Ana only before she rages", async () => {
    const table = await Table.open({ world: rageWorld() });
    // What a fear save, an injury's lost rank or a rider does on the GM's client (CON-5).
    const shake = () =>
      table.act("gm", () =>
        game.actors!.get(ACTORS.ana._id)!.applyCondition("shaken", { kind: "endOfEncounter" }, "fear"),
      );
    const shaken = () => table.server.actor(ACTORS.ana._id).statuses?.includes("shaken") ?? false;
    expect(await rage(table)).toBeNull();
    await shake();
    expect(shaken()).toBe(false);
    const calm = await Table.open({ world: rageWorld() });
    await calm.act("gm", () =>
      game.actors!.get(ACTORS.ana._id)!.applyCondition("shaken", { kind: "endOfEncounter" }, "fear"),
    );
    expect(calm.server.actor(ACTORS.ana._id).statuses?.includes("shaken")).toBe(true);
  });

  it("KN-2: +2 on Ana's ♣-based saves while raging, as her roll dialog's summary shows (♣12: 12, then 14)", async () => {
    const table = await Table.open({ world: rageWorld() });
    const target = (card: "clubs" | "strength" | "diamonds", save: boolean) =>
      table.alice.run(() => {
        const ana = game.actors!.get(ACTORS.ana._id)!;
        const { facts } = table.alice.system.rollerFacts(ana as never);
        return table.alice.system.rollSummaryContext({ ...DEFAULT_REQUEST, card, save }, facts).summary
          .target;
      });
    const before = [
      target("clubs", true),
      target("strength", true),
      target("clubs", false),
      target("diamonds", true),
    ];
    expect(before).toEqual([12, 14, 12, 10]);
    expect(await rage(table)).toBeNull();
    // Strength is a ♣-based card too (CH-3); a plain ♣ test and a ♦ save are unchanged.
    expect([
      target("clubs", true),
      target("strength", true),
      target("clubs", false),
      target("diamonds", true),
    ]).toEqual([14, 16, 12, 10]);
  });

  it("KN-2: a rage lasts until the encounter ends", async () => {
    const table = await fight();
    expect(await rage(table)).toBeNull();
    await table.act("gm", () => table.gm.combats.get("combatTable00001")!.delete());
    await table.settle();
    expect(rageOf(table)).toMatchObject({ raging: false });
  });
});
