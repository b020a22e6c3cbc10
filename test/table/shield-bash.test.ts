/**
 * EQ-9 Shield bash at the table: Ana (Alice's) attacks the orc with the shield in her hand, through
 * `startAttack` as the Combat tab's and the tracker's Attack buttons call it. The GM's client makes the
 * bash a Tiny weapon (a Light one with spikes), never brawling, and refuses a buckler, a tower shield
 * or a shield not in hand with the reasons, posting nothing.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { attackWorld, SCENE, stateOn, TOKENS } from "./attack-card";
import { firstTurnTo, startCombat, everyoneDeclares } from "./play";
import { weaponDamage } from "../../src/rules/equipment";

const SHIELD = "itmShield0000001";

/** The attack world with Ana holding (or carrying in `slot`) a shield of `kind`; stances declared Bold. */
async function shieldTable(kind: string, extra: Record<string, unknown> = {}): Promise<Table> {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.items = [
    { _id: SHIELD, name: "Round shield", type: "shield", system: { kind, slot: "hands", ...extra } },
  ];
  const table = await Table.open({ world });
  await startCombat(table);
  await everyoneDeclares(table);
  expect(await firstTurnTo(table, "ana")).toBe(true);
  return table;
}

/** Alice targets the orc and attacks with Ana's shield (a melee attack at the chest). */
async function bash(table: Table): Promise<unknown> {
  const client = table.alice;
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const asked = client.run(() => {
    const ana = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(ana as never, ana.items.get(SHIELD) as never, {
      mode: "melee",
      aim: "chest",
    });
  });
  await table.settle();
  return asked;
}

const lastWarning = (table: Table) => table.alice.notices.map((n) => n.message).at(-1) ?? "";

describe("EQ-9: a shield in use bashes", () => {
  it("a Small shield bashes as a Tiny weapon (damage 1), not brawling; the card names the bash", async () => {
    const table = await shieldTable("small");
    expect(await bash(table)).toBe(true);
    const d = stateOn(table.alice)!.declaration;
    expect(d.weaponValue).toBe(weaponDamage("tiny"));
    expect(d.weaponValue).toBe(1);
    expect(d.brawling).toBe(false);
    expect(d.weaponName).toBe("Round shield (bash)");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("a spiked Large shield bashes as a Light weapon (damage 2)", async () => {
    const table = await shieldTable("large", { spikes: true });
    expect(await bash(table)).toBe(true);
    expect(stateOn(table.gm)!.declaration.weaponValue).toBe(weaponDamage("light"));
  });

  it("a buckler and a tower shield cannot bash: refused with the reason, no card", async () => {
    for (const kind of ["buckler", "tower"]) {
      const table = await shieldTable(kind);
      expect(await bash(table)).toBe(false);
      expect(stateOn(table.gm)).toBeUndefined();
      expect(lastWarning(table)).toContain("a buckler or tower shield cannot bash");
    }
  });

  it("a shield in the pack is not in use: refused, no card", async () => {
    const table = await shieldTable("small", { slot: "pack" });
    expect(await bash(table)).toBe(false);
    expect(stateOn(table.gm)).toBeUndefined();
    expect(lastWarning(table)).toContain("in your hand");
  });
});
