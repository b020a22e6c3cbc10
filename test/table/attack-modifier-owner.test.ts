/**
 * AT-2 at the table: a modifier typed into the attack declaration counts either way, but the card
 * names whose it is. The GM's is the GM's ruling; a player's is the attacker's own claim, and the card
 * never shows it as the GM's (the security review's M2: a player's +99 was clamped, then named "GM modifier").
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import { attackWorld, SCENE, stateOn, SWORD, TOKENS } from "./attack-card";
import type { Seat } from "./table";

async function attackWithModifier(table: Table, seat: Seat, modifier: number): Promise<boolean> {
  const client = table.client(seat);
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const result = await client.run(() => {
    const ana = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(ana as never, ana.items.get(SWORD) as never, {
      mode: "melee",
      aim: "chest",
      modifier,
    });
  });
  await table.settle();
  return result;
}

describe("AT-2: whose typed-in modifier it is", () => {
  it("Alice types +3 for Ana: it counts, named as the attacker's, not the GM's", async () => {
    const table = await Table.open({ world: attackWorld() });
    expect(await attackWithModifier(table, "alice", 3)).toBe(true);
    const kinds = stateOn(table.gm)!.attacker.modifiers ?? [];
    expect(kinds).toContainEqual({ kind: "declared", value: 3 });
    expect(kinds.map((m) => m.kind)).not.toContain("gm");
  });

  it("the GM types +2 for Ana: it is the GM's modifier", async () => {
    const table = await Table.open({ world: attackWorld() });
    expect(await attackWithModifier(table, "gm", 2)).toBe(true);
    const kinds = stateOn(table.gm)!.attacker.modifiers ?? [];
    expect(kinds).toContainEqual({ kind: "gm", value: 2 });
    expect(kinds.map((m) => m.kind)).not.toContain("declared");
  });
});
