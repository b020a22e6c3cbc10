/**
 * MAG-1, MAG-6, CD-7 with CD-18 (a) bidding at the table: a Cast in a countdown round is priced by the
 * active GM's client from the spell its own copy of the caster holds (3 + runes), never from the speed
 * Alice's client names. Ana (Alice's Wizard, ♦8, 5 ♦ chips) knows two 3-rune spells (speed 6): a bolt
 * (an attack) and a Slow (a non-attack Cast). She wins the call's bid with a 5, or with a 6.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { attackWorld, cardOn, SCENE, TOKENS } from "./attack-card";
import { ask, COMBAT, combatantId, nextCall, startCombat, turnActions, everyoneDeclares } from "./play";
import { countdownOn } from "./countdown";
import type { RoundState } from "../../src/rules/round/state";
import type { TableClient } from "./client";

const BOLT = "itmBolt000000001";
const SLOW = "itmSlow000000001";

function castWorld() {
  const world = attackWorld({ "zilch.initiativeMode": "countdown", "zilch.cdBidding": true });
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = {
    ...ana.system,
    classes: ["wizard"],
    suits: { diamonds: { primary: 8, secondary: 8 } },
    chips: { diamonds: 5 },
  };
  ana.items = [
    // The greatsword on her back leaves her hands free (MAG-2).
    ...ana.items.map((item) => ({ ...item, system: { ...item.system, slot: "pack" } })),
    {
      _id: SLOW,
      name: "Slow",
      type: "spell",
      system: { isAttack: false, chipCost: 1, maxRange: "close", condition: "slowed", runeCount: 3 },
    },
    {
      _id: BOLT,
      name: "Fire bolt",
      type: "spell",
      system: { isAttack: true, chipCost: 3, damage: 2, maxRange: "close", runeCount: 3 },
    },
  ];
  return world;
}

/** Stances shown; Ana alone holds dice (`die` and a 2); Alice bids `die`, and the GM's call gives Ana the Act. */
async function anaWinsBidWith(die: number): Promise<Table> {
  const table = await Table.open({ world: castWorld() });
  await startCombat(table);
  await everyoneDeclares(table);
  const id = combatantId(table, "ana");
  await table.act("gm", async () => {
    const combat = table.gm.combats.get(COMBAT)!;
    const round = combat.getFlag("zilch", "round") as RoundState;
    const cd = round.countdown!;
    const participants = cd.participants.map((p) => ({ ...p, hand: p.id === id ? [die, 2] : [] }));
    await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
  });
  expect(await ask(table, "alice", { kind: "bid", combatId: COMBAT, combatantId: id, die })).toBe(true);
  expect(await nextCall(table)).toBe(true);
  expect(countdownOn(table.gm)).toMatchObject({ current: id, bid: die });
  // Alice's Act names the Slow at a speed her console made up; the GM's client prices it itself.
  const act = { kind: "act", action: { action: `cast:${SLOW}`, speed: 1 } } as const;
  expect(
    await ask(table, "alice", { kind: "countdownChoice", combatId: COMBAT, combatantId: id, choice: act }),
  ).toBe(true);
  expect(countdownOn(table.bob).participants.find((p) => p.id === id)).toMatchObject({ acts: 1, hand: [2] });
  return table;
}

/** Alice targets the orc and casts `spell` as her client does: the bolt through the attack flow, the Slow from the sheet. */
async function cast(table: Table, spell: typeof BOLT | typeof SLOW): Promise<boolean> {
  const client: TableClient = table.alice;
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const result = await client.run(() => {
    const ana = client.actors.get(ACTORS.ana._id)!;
    const item = ana.items.get(spell) as never;
    return spell === BOLT
      ? client.system.startAttack(ana as never, item, { mode: "cast", aim: "chest" })
      : client.system.castSpell(ana as never, item);
  });
  await table.settle();
  return result;
}

const diamonds = (table: Table) =>
  (table.server.actor(ACTORS.ana._id).system as { chips?: { diamonds?: number } }).chips?.diamonds;

describe("CD-7, MAG-6: a Cast won by a bid is priced from the named spell on the GM's client", () => {
  it("a bid 5 buys no 3-rune Cast (6): the Slow, the bolt and a console's cheap claim are refused, nothing paid", async () => {
    const table = await anaWinsBidWith(5);
    expect(await cast(table, SLOW)).toBe(false);
    expect(await cast(table, BOLT)).toBe(false);
    expect(cardOn(table.gm)).toBeUndefined();
    // A console recording the Cast itself, naming the Slow at speed 1: the GM's client prices it at 6.
    const claim = {
      kind: "takeAction",
      combatId: COMBAT,
      combatantId: combatantId(table, "ana"),
      action: "cast",
      named: { action: `cast:${SLOW}`, speed: 1 },
    } as const;
    expect(await ask(table, "alice", claim)).toBe(false);
    expect(table.alice.notices.map((n) => n.message).join(" ")).toContain("lower than that action's speed");
    expect(turnActions(table, "ana")).toEqual([]);
    expect(diamonds(table)).toBe(5);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("a bid 6 pays the 3-rune bolt: the attack is made and its 3 chips are paid", async () => {
    const table = await anaWinsBidWith(6);
    expect(await cast(table, BOLT)).toBe(true);
    expect(cardOn(table.gm)).toBeDefined();
    expect(turnActions(table, "ana")).toEqual(["cast"]);
    expect(diamonds(table)).toBe(2);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("a bid 6 pays the Slow from the sheet: 1 chip, recorded as the Act's Cast", async () => {
    const table = await anaWinsBidWith(6);
    expect(await cast(table, SLOW)).toBe(true);
    expect(turnActions(table, "ana")).toEqual(["cast"]);
    expect(diamonds(table)).toBe(4);
  });
});
