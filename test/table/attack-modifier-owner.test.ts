/**
 * AT-2 at the table: a modifier typed into the attack declaration counts either way, but the card
 * names whose it is. The GM's is the GM's ruling; a player's is the attacker's own claim, and the card
 * never shows it as the GM's (the security review's M2: a player's +99 was clamped, then named "GM modifier").
 */
import { describe, expect, it } from "vitest";
import { Table } from "./table";
import { attackWithSword, attackWorld, stateOn } from "./attack-card";

describe("AT-2: whose typed-in modifier it is", () => {
  it("Alice types +3 for Ana: it counts, named as the attacker's, not the GM's", async () => {
    const table = await Table.open({ world: attackWorld() });
    expect(await attackWithSword(table, "alice", "orc", { modifier: 3 })).toBe(true);
    const kinds = stateOn(table.gm)!.attacker.modifiers ?? [];
    expect(kinds).toContainEqual({ kind: "declared", value: 3 });
    expect(kinds.map((m) => m.kind)).not.toContain("gm");
  });

  it("the GM types +2 for Ana: it is the GM's modifier", async () => {
    const table = await Table.open({ world: attackWorld() });
    expect(await attackWithSword(table, "gm", "orc", { modifier: 2 })).toBe(true);
    const kinds = stateOn(table.gm)!.attacker.modifiers ?? [];
    expect(kinds).toContainEqual({ kind: "gm", value: 2 });
    expect(kinds.map((m) => m.kind)).not.toContain("declared");
  });
});
