/**
 * A breath weapon at the table (NPC-1 SA with numbers): the GM targets Ana's and Bo's tokens and presses
 * the orc's Breathe on its stat block. On the GM's client each makes the breath's ♠ save, a failure
 * takes the whole damage and a success half, after ER; the chat lists each. Pressed again before its
 * recharge has passed it is refused with the round it is ready again, and nothing is rolled; a player
 * may not breathe for it, and with nothing targeted nothing happens.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, type Seat, type Table } from "./table";
import { Table as TableClass } from "./table";
import { attackWorld, SCENE, TOKENS } from "./attack-card";
import { chatText, nextRound, noticesOn, startCombat } from "./play";

const BREATH = {
  kind: "breath",
  name: "Fire breath",
  area: { shape: "cone", size: 4 },
  damage: 4,
  damageType: "energy",
  save: "spades",
  recharge: 2,
};

async function open(breath: object = BREATH): Promise<Table> {
  const world = attackWorld();
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { ...orc.system, specials: [breath] };
  const table = await TableClass.open({ world });
  await startCombat(table);
  return table;
}

/** `seat` targets these tokens and presses the orc's Breathe, the save dice showing `faces` in turn. */
async function breathe(table: Table, seat: Seat, targets: ("ana" | "bo")[], faces: number[]): Promise<void> {
  const client = table.client(seat);
  client.targets.clear();
  for (const t of targets) client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS[t])! });
  await client.run(() => {
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () =>
      ((faces.shift() ?? 11) - 0.5) / 12;
    const sheet = { actor: client.actors.get(ACTORS.orc._id)!, isEditable: true, render() {} };
    return client.system.npcSheetActions.breathe.call(
      sheet as never,
      {} as never,
      { dataset: { index: "0" } } as never,
    );
  });
  await table.settle();
}

const hp = (table: Table, key: "ana" | "bo") =>
  table.gm.run(() => game.actors!.get(ACTORS[key]._id)!.creature.hp.value);

describe("a breath weapon used from the stat block", () => {
  it("Ana fails her ♠ save and loses 4 HP, Bo makes his and loses 2; the chat lists both", async () => {
    const table = await open();
    const [ana, bo] = [hp(table, "ana"), hp(table, "bo")];
    await breathe(table, "gm", ["ana", "bo"], [11, 1]);
    expect([hp(table, "ana"), hp(table, "bo")]).toEqual([ana - 4, bo - 2]);
    const chat = chatText(table);
    expect(chat).toContain("Orc uses Fire breath:");
    expect(chat).toMatch(/Ana fails the save \(rolled 11 against \d+\) and loses 4 HP/);
    expect(chat).toMatch(/Bo makes the save \(rolled 1 against \d+\) and loses 2 HP/);
    // Every client sees the same HP.
    expect(table.alice.run(() => game.actors!.get(ACTORS.ana._id)!.creature.hp.value)).toBe(ana - 4);
  });

  it("recharge 2: used in round 1 it is refused in rounds 1 to 3, naming round 4, and breathes again in round 4", async () => {
    // One damage a breath, so Ana (4 HP) takes both breaths.
    const table = await open({ ...BREATH, damage: 1 });
    await breathe(table, "gm", ["ana"], [11]);
    const after = hp(table, "ana");
    for (const round of [1, 2, 3]) {
      if (round > 1) await nextRound(table);
      await breathe(table, "gm", ["ana"], [11]);
      expect(hp(table, "ana"), `round ${round}`).toBe(after);
    }
    expect(noticesOn(table, "gm")).toContain(
      "Fire breath is not ready yet: it can be used again in round 4.",
    );
    await nextRound(table);
    await breathe(table, "gm", ["ana"], [11]);
    expect(hp(table, "ana")).toBe(after - 1);
  });

  it("a player may not breathe for the orc, and the GM with nothing targeted is told to target first", async () => {
    const table = await open();
    const ana = hp(table, "ana");
    await breathe(table, "alice", ["ana"], [11]);
    expect(noticesOn(table, "alice")).toContain("Only the GM uses a creature's breath.");
    await breathe(table, "gm", [], [11]);
    expect(noticesOn(table, "gm")).toContain("Target the tokens of the creatures in the area first.");
    expect(hp(table, "ana")).toBe(ana);
    expect(chatText(table)).not.toContain("Fire breath");
  });
});
