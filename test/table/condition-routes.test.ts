/**
 * ST-6, CD-17, CON-4 at the table, by the routes not driven elsewhere: the sheet's condition toggle (a
 * player's click on her own creature's sheet, on and off) and a non-attack spell's condition (MAG-6).
 * Each reaches the running round at once on every client, as the token HUD, the attack card and an
 * effect do (test/table/stance-forced.test.ts, test/table/conditions-lost.test.ts).
 */
import { describe, expect, it } from "vitest";
import { ACTORS, defaultWorld, Table, type Seat } from "./table";
import { attackWorld, SCENE, SWORD, TOKENS } from "./attack-card";
import { COMBAT, combatantId, nextCall, startCombat, stanceOn, everyoneDeclares } from "./play";
import { countdownOn } from "./countdown";
import type { RoundState } from "../../src/rules/round/state";
import type { WorldData } from "./server";

type ActorKey = keyof typeof ACTORS;

/** `seat` clicks `condition`'s chip on `actor`'s sheet (the sheet's toggleCondition action). */
async function sheetToggles(table: Table, seat: Seat, actor: ActorKey, condition: string): Promise<void> {
  const client = table.client(seat);
  await client.run(() => {
    const sheet = { actor: client.actors.get(ACTORS[actor]._id)!, isEditable: true, render() {} };
    const chip = { dataset: { condition } };
    return client.system.sheetActions.toggleCondition.call(sheet as never, {} as never, chip as never);
  });
  await table.settle();
}

describe("the sheet's condition toggle reaches the round", () => {
  it("ST-6, CON-4: Alice marks her Bold Ana Terrified on the sheet: Cautious on every client", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    await everyoneDeclares(table);
    await sheetToggles(table, "alice", "ana", "terrified");
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "ana")).toBe("cautious");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("CD-17: in the countdown, Stunned on the sheet and off again: marked, then acting in full", async () => {
    const table = await Table.open({
      world: defaultWorld({ "zilch.initiativeMode": "countdown" }),
      seats: ["gm", "alice", "bob"],
    });
    await startCombat(table);
    await everyoneDeclares(table);
    const ana = combatantId(table, "ana");
    const stunned = (client = table.bob) =>
      countdownOn(client).participants.find((p) => p.id === ana)!.stunned;
    await sheetToggles(table, "alice", "ana", "stunned");
    expect(stunned()).toBe(true);
    await sheetToggles(table, "alice", "ana", "stunned");
    for (const client of [table.gm, table.alice, table.bob]) expect(stunned(client)).toBe(false);
    expect(table.server.clock.errors).toEqual([]);
  });
});

const DAZE = "itmDaze000000001";

/** Ana a Wizard (♦8, 5 chips), her greatsword on her back, knowing a Daze that Stuns for 2 rounds. */
function dazeWorld(initiativeMode: "spades" | "countdown"): WorldData {
  const world = attackWorld();
  world.settings = { ...world.settings, "zilch.initiativeMode": initiativeMode };
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = {
    ...ana.system,
    classes: ["wizard"],
    suits: { diamonds: { primary: 8, secondary: 8 } },
    chips: { diamonds: 5 },
  };
  ana.items = [
    ...ana.items.map((item) =>
      item._id === SWORD ? { ...item, system: { ...item.system, slot: "pack" } } : item,
    ),
    {
      _id: DAZE,
      name: "Daze",
      type: "spell",
      system: { isAttack: false, chipCost: 1, maxRange: "near", condition: "stunned", duration: "rounds" },
    },
  ];
  return world;
}

/** The GM casts Ana's Daze on the orc (the orc's token targeted), from Ana's sheet. */
async function gmCastsDaze(table: Table): Promise<void> {
  const gm = table.gm;
  gm.targets.clear();
  gm.targets.add({ document: gm.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const cast = await gm.run(() => {
    const ana = gm.actors.get(ACTORS.ana._id)!;
    return gm.system.castSpell(ana as never, ana.items.get(DAZE) as never);
  });
  await table.settle();
  expect(cast).toBe(true);
}

describe("MAG-6: a non-attack spell's condition reaches the round", () => {
  it("ST-6: the Daze on a Bold orc turns it Cautious on every client", async () => {
    const table = await Table.open({ world: dazeWorld("spades") });
    await startCombat(table);
    await everyoneDeclares(table);
    await gmCastsDaze(table);
    expect(table.server.actor(ACTORS.orc._id).statuses).toContain("stunned");
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "orc")).toBe("cautious");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("CD-17: the Daze on an orc holding a die in the countdown: the held die is lost", async () => {
    const table = await Table.open({ world: dazeWorld("countdown") });
    await startCombat(table);
    await everyoneDeclares(table);
    const orc = combatantId(table, "orc");
    // The orc holds a 5 (CD-13), set as the GM's client would after its Hold.
    await table.act("gm", async () => {
      const combat = table.gm.combats.get(COMBAT)!;
      const round = combat.getFlag("zilch", "round") as RoundState;
      const cd = round.countdown!;
      const participants = cd.participants.map((p) => (p.id === orc ? { ...p, held: 5 } : p));
      await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
    });
    expect(await nextCall(table)).toBe(true);
    expect(countdownOn(table.bob).participants.find((p) => p.id === orc)!.held).toBe(5);
    await gmCastsDaze(table);
    const after = countdownOn(table.bob).participants.find((p) => p.id === orc)!;
    expect(after.held).toBeNull();
    expect(after.stunned).toBe(true);
  });
});
