/**
 * SW-2 at the table: a melee attack names an aiming point, Chest by default. Who is mounted is the
 * attacker's say in the declaration (the system has no mounts); the active GM's check then refuses
 * a point the attacker cannot reach: on foot against a rider only Chest, Gut or Legs, from a mount
 * against a foe on foot no Legs, and a reach of 2 or more reaches anywhere.
 */
import { describe, expect, it } from "vitest";
import { attackWorld, cardOn, SCENE, stateOn, SWORD, TOKENS } from "./attack-card";
import { ACTORS, Table } from "./table";
import type { AimingPoint } from "../../src/rules/vocabulary";

const POLEARM = "itmPolearm000001";

async function world(): Promise<Table> {
  const w = attackWorld();
  const ana = w.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = { classes: ["fighter"], suits: { clubs: { primary: 10, secondary: 14 } } };
  const sword = ana.items[0]!;
  ana.items = [sword, { ...sword, _id: POLEARM, name: "Polearm", system: { ...sword.system, reach: 2 } }];
  return Table.open({ world: w });
}

/** Alice declares Ana's melee attack on the orc; the refusal's words if refused. */
async function declare(
  table: Table,
  declaration: { aim?: AimingPoint; attackerMounted?: boolean; targetMounted?: boolean },
  weapon = SWORD,
) {
  const alice = table.alice;
  alice.notices.length = 0;
  alice.targets.clear();
  alice.targets.add({ document: alice.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const cardsBefore = [...table.gm.messages.values()].filter((m) => m.type === "attack").length;
  const ok = await alice.run(() => {
    const ana = alice.actors.get(ACTORS.ana._id)!;
    return alice.system.startAttack(ana as never, ana.items.get(weapon) as never, {
      mode: "melee",
      ...declaration,
    });
  });
  await table.settle();
  const cards = [...table.gm.messages.values()].filter((m) => m.type === "attack").length;
  expect(cards - cardsBefore).toBe(ok ? 1 : 0);
  return { ok, words: alice.notices.map((n) => n.message).join(" ") };
}

describe("SW-2: aiming points of a melee attack", () => {
  it("SW-2: with no point named the card aims at the Chest; a named point stands between two on foot", async () => {
    const table = await world();
    expect((await declare(table, {})).ok).toBe(true);
    expect(stateOn(table.gm)?.declaration.aim).toBe("chest");
    expect((await declare(table, { aim: "head" })).ok).toBe(true);
    expect(stateOn(table.gm)?.declaration.aim).toBe("head");
    expect(cardOn(table.bob)?.content).toContain("Head");
  });

  it("SW-2: on foot against a rider: Chest, Gut and Legs only; Head and Arms are refused with the reason", async () => {
    const table = await world();
    for (const aim of ["chest", "abdomen", "rightLeg", "leftLeg"] as const)
      expect((await declare(table, { aim, targetMounted: true })).ok, aim).toBe(true);
    for (const aim of ["head", "rightArm", "leftArm"] as const) {
      const { ok, words } = await declare(table, { aim, targetMounted: true });
      expect(ok, aim).toBe(false);
      expect(words).toContain("cannot be reached past the mount");
    }
  });

  it("SW-2: from a mount against a foe on foot: no Legs; Head, Arms, Chest and Gut stand", async () => {
    const table = await world();
    for (const aim of ["head", "rightArm", "chest", "abdomen"] as const)
      expect((await declare(table, { aim, attackerMounted: true })).ok, aim).toBe(true);
    for (const aim of ["rightLeg", "leftLeg"] as const)
      expect((await declare(table, { aim, attackerMounted: true })).ok, aim).toBe(false);
    // Both mounted: equals again, every point.
    expect((await declare(table, { aim: "leftLeg", attackerMounted: true, targetMounted: true })).ok).toBe(
      true,
    );
  });

  it("SW-2: a reach-2 polearm reaches the rider's Head and, from a mount, the Legs", async () => {
    const table = await world();
    expect((await declare(table, { aim: "head", targetMounted: true }, POLEARM)).ok).toBe(true);
    expect((await declare(table, { aim: "rightLeg", attackerMounted: true }, POLEARM)).ok).toBe(true);
  });
});
