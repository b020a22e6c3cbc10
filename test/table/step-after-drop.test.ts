/**
 * A step of the attack card across a dropped connection: the GM's client applies Alice's injury roll,
 * the injury reaches the server, and the GM's connection drops before the card is written (the GM
 * never sees the echo: table.ts `dropAfter`). After the GM's reload the card still asks for the same
 * step, sealed, at the same step number; asking for it again must not injure the orc a second time.
 */
import { describe, expect, it } from "vitest";
import { attackWorld, clickStep, closeWindows, SCENE, stateOn, TOKENS } from "./attack-card";
import { ACTORS, Table } from "./table";
import type { Operation } from "./server";

const GREATSWORD = "itmGreatsword001";

/** Ana's greatsword hit for 4 on the orc at 4 of 12 HP: out of action, so the card asks for an injury. */
async function orcToInjure(): Promise<Table> {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  // ♣ 12 against ♠ 10: m = 2; Strength 14 leaves no shortfall with the greatsword.
  ana.system = { classes: ["fighter"], suits: { clubs: { primary: 12, secondary: 14 } } };
  ana.items = [
    {
      _id: GREATSWORD,
      name: "Greatsword",
      type: "weapon",
      system: { category: "great", slot: "hands", hands: 2 },
    },
  ];
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = {
    suits: { spades: { value: 10 }, hearts: { value: 12 } },
    hp: { value: 4, max: 12, temp: 0 },
  };
  // No Assistant GM: while the GM is away nobody applies requests, as at a table with one GM.
  const table = await Table.open({ world, seats: ["gm", "alice", "bob"] });
  const client = table.alice;
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const declared = await client.run(() => {
    const a = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(a as never, a.items.get(GREATSWORD) as never, {
      mode: "melee",
      aim: "chest",
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
  expect(await clickStep(table, "alice", "rollLocation")).toEqual({ ok: true });
  // The location dice show 3, 3, 3, 3: the left arm, which Alice may shift (INJ-3); the effect roll
  // then follows by itself (nobody decides it), and with it the injury.
  expect(stateOn(table.gm)?.step).toBe("injuryShift");
  return table;
}

const injuriesOfOrc = (table: Table) =>
  (table.server.actor(ACTORS.orc._id).items ?? []).filter((i) => i.type === "injury").length;

const createsAnItem = (op: Operation) => op.action === "create" && op.documentName === "Item";

describe("INJ-2: an injury step across the GM's dropped connection", () => {
  it("the injury reached the server before the GM's connection dropped: asked again after the reload, the orc is not injured twice", async () => {
    const table = await orcToInjure();
    const dropped = table.dropAfter("gm", createsAnItem);
    const first = await clickStep(table, "alice", "chooseLocation", { location: "leftArm" });
    expect(first.ok).toBe(false);
    expect(injuriesOfOrc(table)).toBe(1);
    await table.join("gm", await dropped);
    // The card was never written: it still asks for the location, sealed, at the same step number.
    expect(stateOn(table.gm)?.step).toBe("injuryShift");
    for (const seat of ["alice", "gm"] as const) {
      const again = await clickStep(table, seat, "chooseLocation", { location: "leftArm" });
      expect(again).toMatchObject({ ok: false, code: "stepInterrupted" });
    }
    expect(injuriesOfOrc(table)).toBe(1);
  });

  it("a step refused on its own checks (a location the dice do not reach) may be asked again, and applies once", async () => {
    const table = await orcToInjure();
    const far = await clickStep(table, "alice", "chooseLocation", { location: "rightLeg" });
    expect(far.ok).toBe(false);
    expect(injuriesOfOrc(table)).toBe(0);
    expect(await clickStep(table, "alice", "chooseLocation", { location: "leftArm" })).toEqual({ ok: true });
    expect(injuriesOfOrc(table)).toBe(1);
    expect(stateOn(table.gm)?.step).toBe("done");
  });
});
