/**
 * HP-5 at the table: Ana lies at 0 HP, Unconscious, when the GM ends the fight (deletes the started
 * combat). Alice presses First Aid on Ana's injuries tab on her own client (she has no character of
 * her own, so Ana's Knowledge is tested, +5 with the skill): a success brings Ana round at 1 HP on
 * every client. Knocked down again in the same aftermath, Alice's second press is refused in words
 * and nothing is rolled; the next fight's end gives the try back.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, combatOf, defaultWorld, Table, type Seat } from "./table";
import { chatText, COMBAT, noticesOn, startCombat } from "./play";
import type { WorldData } from "./server";

const SECOND = "combatTable00002";

/** Ana ♦ 7/4 (Knowledge 4) with First Aid, at 0 HP and Unconscious. */
function world(): WorldData {
  const w = defaultWorld();
  w.actors = w.actors.map((a) => structuredClone(a));
  const ana = w.actors[0]!;
  ana.system = {
    suits: { diamonds: { primary: 7, secondary: 4 }, hearts: { primary: 6 } },
    hp: { value: 0 },
  };
  ana.statuses = ["unconscious"];
  // A second fight the GM runs later, with the same creatures.
  w.combats = [...w.combats, combatOf(SECOND, w.actors)];
  ana.items = [
    { _id: "itmFirstAid00001", name: "First Aid", type: "skill", system: { key: "firstAid", bonus: 1 } },
  ];
  return w;
}

/** `seat` presses First Aid on Ana's injuries tab, the d12 showing `face` (test/table/dice.ts: ceil(u × 12)). */
async function firstAid(table: Table, seat: Seat, face: number): Promise<void> {
  const client = table.client(seat);
  await client.run(() => {
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => (face - 0.5) / 12;
    const sheet = { actor: client.actors.get(ACTORS.ana._id)!, isEditable: true, render() {} };
    return client.system.sheetActions.firstAid.call(sheet as never);
  });
  await table.settle();
}

/** Ana's HP and Unconscious as the server and each client hold them. */
function ana(table: Table): { hp: number; unconscious: boolean }[] {
  const stored = table.server.actor(ACTORS.ana._id);
  const hp = (stored.system as { hp?: { value?: number } }).hp?.value;
  const seen = [table.gm, table.alice, table.bob].map((c) =>
    c.run(() => {
      const actor = game.actors!.get(ACTORS.ana._id)!;
      return { hp: actor.creature.hp.value, unconscious: actor.statuses.has("unconscious") };
    }),
  );
  return [{ hp: hp ?? -1, unconscious: stored.statuses.includes("unconscious") }, ...seen];
}

async function fightEnds(table: Table, combat: string): Promise<void> {
  await table.act("gm", () => table.gm.combats.get(combat)!.delete());
  await table.settle();
}

describe("HP-5: First Aid after a fight brings a creature at 0 HP round, once per encounter", () => {
  it("Alice's success brings Ana round at 1 HP everywhere; her second try after the same fight is refused", async () => {
    const table = await Table.open({ world: world(), seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    await fightEnds(table, COMBAT);
    await firstAid(table, "alice", 7);
    expect(ana(table)).toEqual(Array(4).fill({ hp: 1, unconscious: false }));
    expect(chatText(table)).toContain("Ana comes round at 1 HP");
    await table.act("gm", () =>
      table.gm.actors.get(ACTORS.ana._id)!.update({ system: { hp: { value: 0 } } }),
    );
    await table.settle();
    const messages = table.server.world.messages.length;
    await firstAid(table, "alice", 2);
    expect(noticesOn(table, "alice")).toContain("Ana has already had their one First Aid try");
    expect(table.server.world.messages).toHaveLength(messages);
    expect(ana(table)[0]!.hp).toBe(0);
    // The next fight ends (the GM's client notes it): Alice may try again, and a 2 succeeds.
    await table.act("gm", () => table.gm.combats.get(SECOND)!.startCombat());
    await fightEnds(table, SECOND);
    await firstAid(table, "alice", 2);
    expect(ana(table)).toEqual(Array(4).fill({ hp: 1, unconscious: false }));
    expect(table.server.clock.errors).toEqual([]);
  });
});
