/**
 * INJ-1 at the table: Alice's greatsword hit on the orc (+4, dF 0, m = 2: Yellow, no margin bonus, so
 * final damage 4 against no DR) is applied by the GM, and the card then asks for one injury roll or
 * ends, as the orc's HP before the hit and its maximum say. The card tells everyone which triggers
 * held and whether the roll is a Killing Blow. The orc is an enemy, so it rolls only while
 * `injuriesForEnemies` is on (NPC-3).
 */
import { describe, expect, it } from "vitest";
import { attackWorld, cardOn, clickStep, closeWindows, SCENE, stateOn, TOKENS } from "./attack-card";
import { ACTORS, Table } from "./table";

const SWORD = "itmGreatsword001";

/** The orc's HP (value and max, so trauma and massive read `max`) and the world's settings. */
async function hitFor4(
  hp: { value: number; max: number },
  settings: Record<string, unknown> = {},
  target: "orc" | "bo" = "orc",
  knockout = false,
) {
  const world = attackWorld(settings);
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  // ♣ 12 against ♠ 10: m = 2; Strength 14 leaves no EQ-4 shortfall.
  ana.system = { classes: ["fighter"], suits: { clubs: { primary: 12, secondary: 14 } } };
  ana.items = [
    {
      _id: SWORD,
      name: "Greatsword",
      type: "weapon",
      system: { category: "great", slot: "hands", hands: 2 },
    },
  ];
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { suits: { spades: { value: 10 }, hearts: { value: 12 } }, hp: { ...hp, temp: 0 } };
  // Bo, a PC: ♥ 12 gives 12 max HP; only `value` is set.
  const bo = world.actors.find((a) => a._id === ACTORS.bo._id)!;
  bo.system = {
    suits: { spades: { primary: 10, secondary: 10 }, hearts: { primary: 12 } },
    hp: { value: hp.value },
  };
  const table = await Table.open({ world });
  const client = table.alice;
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS[target])! });
  const declared = await client.run(() => {
    const a = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(a as never, a.items.get(SWORD) as never, {
      mode: "melee",
      aim: "chest",
      knockout,
    });
  });
  await table.settle();
  expect(declared).toBe(true);
  await closeWindows(table);
  table.gm.run(() => {
    // The Fate die shows 0 (test/table/dice.ts: ceil(u × 3) − 2).
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => 0.5;
  });
  expect(await clickStep(table, "alice", "rollDamage")).toEqual({ ok: true });
  expect(await clickStep(table, "gm", "applyDamage")).toEqual({ ok: true });
  const state = stateOn(table.gm)!;
  expect(state.result).toMatchObject({ margin: 2, colour: "yellow" });
  expect(state.damage?.result.final).toBe(4);
  const hpAfter = (table.server.actor(ACTORS[target]._id).system as { hp: { value: number } }).hp.value;
  return { table, state, hpAfter, bobSees: cardOn(table.bob)?.content ?? "" };
}

describe("INJ-1: which hits call for an injury roll", () => {
  it("INJ-1: 4 damage on 12 of 12 HP (4 × 2 ≤ 12) calls for none: the card ends", async () => {
    const { state, hpAfter, bobSees } = await hitFor4({ value: 12, max: 12 });
    expect(hpAfter).toBe(8);
    expect(state.step).toBe("done");
    expect(state.injury).toBeNull();
    expect(bobSees).not.toContain("attack-injury");
  });

  it("INJ-1 (a): 4 damage on exactly 4 of 12 HP puts the orc out of action: one roll, no Killing Blow", async () => {
    const { state, hpAfter, bobSees } = await hitFor4({ value: 4, max: 12 });
    expect(hpAfter).toBe(0);
    expect(state.step).toBe("injuryLocation");
    expect(state.injury?.trigger).toEqual({ roll: true, killingBlow: false, triggers: ["outOfAction"] });
    expect(bobSees).toContain('<span class="tag">out of action</span>');
    expect(bobSees).not.toContain("Killing Blow");
  });

  it("INJ-1 (b): 4 damage on Bo's last 3 HP overflows into ♥ drain (HP-2): a Killing Blow", async () => {
    const { state, hpAfter, bobSees } = await hitFor4({ value: 3, max: 12 }, {}, "bo");
    expect(hpAfter).toBe(0);
    expect(state.applied?.hpMax).toBe(12);
    expect(state.applied?.drainAdded).toBeGreaterThan(0);
    expect(state.injury?.trigger).toMatchObject({ roll: true, killingBlow: true });
    expect(state.injury?.trigger.triggers).toEqual(["outOfAction", "drain"]);
    expect(bobSees).toContain("Killing Blow (+1)");
  });

  it("INJ-1 (c): 4 damage against 7 max HP (8 > 7) is trauma: one roll, no Killing Blow, the orc still up", async () => {
    const { state, hpAfter, bobSees } = await hitFor4({ value: 7, max: 7 });
    expect(hpAfter).toBe(3);
    expect(state.injury?.trigger).toEqual({ roll: true, killingBlow: false, triggers: ["trauma"] });
    expect(bobSees).toContain('<span class="tag">trauma</span>');
    // 8 > 8 does not hold: against 8 max HP the same hit calls for none.
    expect((await hitFor4({ value: 8, max: 8 })).state.injury).toBeNull();
  });

  it("INJ-1 (d): 4 damage against 4 max HP is massive: one roll (with out of action and trauma), a Killing Blow", async () => {
    const { state, bobSees } = await hitFor4({ value: 4, max: 4 });
    expect(state.injury?.trigger).toEqual({
      roll: true,
      killingBlow: true,
      triggers: ["outOfAction", "trauma", "massive"],
    });
    expect(bobSees).toContain("Killing Blow (+1)");
  });

  it("INJ-1, HP-2: the same 4 on the enemy orc's last 3 HP drains nothing (NPC-3): out of action only", async () => {
    const { state } = await hitFor4({ value: 3, max: 12 });
    expect(state.applied?.drainAdded).toBe(0);
    expect(state.injury?.trigger).toEqual({ roll: true, killingBlow: false, triggers: ["outOfAction"] });
  });

  it("INJ-1, HP-3: a knock-out's 4 temporary damage on 4 of 4 HP calls for none", async () => {
    const { state, hpAfter } = await hitFor4({ value: 4, max: 4 }, {}, "orc", true);
    expect(hpAfter).toBe(0);
    expect(state.damage?.temporary).toBe(true);
    expect(state.injury).toBeNull();
    expect(state.step).toBe("done");
  });

  it("INJ-1, NPC-3: with injuriesForEnemies off, the enemy orc rolls none even when out of action", async () => {
    const { state, hpAfter } = await hitFor4({ value: 4, max: 4 }, { "zilch.injuriesForEnemies": false });
    expect(hpAfter).toBe(0);
    expect(state.step).toBe("done");
    expect(state.injury).toBeNull();
  });
});
