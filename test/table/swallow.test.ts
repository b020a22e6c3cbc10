/**
 * Swallowing at the table (NPC-1 SA with numbers): in a started combat the GM targets Ana, whom the orc
 * holds (Grappled), and presses the orc's Swallow: Ana is Blind. At the start of her turn the GM's
 * client takes the swallow's damage less her ER, then rolls her ♣ save through the one test path: a
 * failure keeps her inside, a success lets her out, no longer Blind or Grappled. A creature not
 * grappled, or one too big, is refused, and so is a Swallow outside a combat.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, type Table } from "./table";
import { Table as TableClass } from "./table";
import { attackWorld, SCENE, TOKENS } from "./attack-card";
import { chatText, noticesOn, startCombat, cautiousAnasTurn } from "./play";

const SWALLOW = {
  kind: "swallow",
  name: "Swallow",
  damage: 2,
  damageType: "energy",
  save: "clubs",
  maxSize: "medium",
};

/** The attack world with the orc's swallow and Ana held (Grappled); the combat started unless `started` is false. */
async function open(swallow: object = SWALLOW, started = true): Promise<Table> {
  const world = attackWorld();
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { ...orc.system, specials: [swallow] };
  world.actors.find((a) => a._id === ACTORS.ana._id)!.statuses = ["grappled"];
  const table = await TableClass.open({ world });
  if (started) await startCombat(table);
  return table;
}

/** The GM targets `who` and presses the orc's Swallow. */
async function swallow(table: Table, who: "ana" | "bo"): Promise<void> {
  const client = table.gm;
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS[who])! });
  await client.run(() => {
    const sheet = { actor: client.actors.get(ACTORS.orc._id)!, isEditable: true, render() {} };
    return client.system.npcSheetActions.swallow.call(
      sheet as never,
      {} as never,
      {
        dataset: { index: "0" },
      } as never,
    );
  });
  await table.settle();
}

/** Every stance shown, then turns ended until Ana's starts, her ♣ save's d12 showing `face`. */
async function toAnasTurn(table: Table, face: number): Promise<void> {
  table.gm.run(() => {
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => (face - 0.5) / 12;
  });
  await cautiousAnasTurn(table);
}

const anaHp = (table: Table) => table.gm.run(() => game.actors!.get(ACTORS.ana._id)!.creature.hp.value);
const anaStatuses = (table: Table) => table.server.actor(ACTORS.ana._id).statuses ?? [];

describe("a swallow used from the stat block", () => {
  it("swallowed, Ana is Blind; at her turn start she loses 2 HP and, failing her ♣ save, stays inside", async () => {
    const table = await open();
    await swallow(table, "ana");
    expect(anaStatuses(table)).toEqual(expect.arrayContaining(["grappled", "blind"]));
    const before = anaHp(table);
    await toAnasTurn(table, 11);
    expect(anaHp(table)).toBe(before - 2);
    expect(anaStatuses(table)).toEqual(expect.arrayContaining(["grappled", "blind"]));
    const chat = chatText(table);
    expect(chat).toContain("Orc swallows Ana, who is Blind inside.");
    expect(chat).toContain("Ana is inside Orc and loses 2 HP.");
    expect(chat).toMatch(/Ana fails to get out of Orc \(rolled 11 against \d+\)/);
  });

  it("making her ♣ save at her turn start, she gets out: no longer Blind or Grappled", async () => {
    const table = await open();
    await swallow(table, "ana");
    await toAnasTurn(table, 1);
    expect(anaStatuses(table)).not.toContain("blind");
    expect(anaStatuses(table)).not.toContain("grappled");
    expect(chatText(table)).toMatch(/Ana gets out of Orc \(rolled 1 against \d+\)/);
  });

  it("Bo, not grappled, is refused; so is Ana when the swallow takes only Small creatures, and outside a combat", async () => {
    const table = await open();
    await swallow(table, "bo");
    expect(noticesOn(table, "gm")).toContain("Bo must be grappled first.");
    const small = await open({ ...SWALLOW, maxSize: "small" });
    await swallow(small, "ana");
    expect(noticesOn(small, "gm")).toContain("Ana is too big to swallow.");
    const calm = await open(SWALLOW, false);
    await swallow(calm, "ana");
    expect(noticesOn(calm, "gm")).toContain("Swallowing is played in a started combat");
    for (const t of [table, small, calm]) expect(chatText(t)).not.toContain("swallows");
    expect(anaStatuses(calm)).not.toContain("blind");
  });
});
