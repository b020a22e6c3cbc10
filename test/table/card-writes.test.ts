/**
 * The GM's writes of an attack card replace what they write (src/documents/attack/card.ts): Foundry
 * merges an update's objects into the stored ones unless the update asks otherwise, so a part of a
 * record the new state no longer has would stay in the stored card and in the seal the GM hashes of
 * it. Here the GM writes the card twice, the second time without one part of a record; the card every
 * client holds and its seal are those of the second state. The same for a card kept in its flags
 * (before the `attack` subtype), whose other packages' flags stay as they were.
 */
import { describe, expect, it } from "vitest";
import type { AttackState } from "../../src/rules/attack/index";
import { hashCardState } from "../../src/requests/seal";
import { attackTable, attackWithSword, cardOn, stateOn } from "./attack-card";
import type { Table } from "./table";
import type { TableChatMessage } from "./documents";

/**
 * A Bullrush's record at two steps: first a push of 2 squares, then (a ruling later) no effect. The
 * outcome's `squares` belongs only to the push.
 */
const special = (push: boolean) => ({
  kind: "bullrush",
  ruling: null,
  attacker: null,
  defender: null,
  winner: push ? "a" : "draw",
  outcome: push ? { effect: "push", squares: 2 } : { effect: "none" },
  held: [],
});

async function write(
  table: Table,
  message: TableChatMessage,
  state: AttackState,
  seq: number,
): Promise<void> {
  await table.gm.run(() => table.gm.system.writeCard(message as never, state, seq));
  await table.settle();
}

const sealOf = (table: Table, id: string) =>
  (table.server.world.settings["zilch.attackSeals"] as Record<string, { hash: string }>)[id]?.hash;

describe("the GM's writes of an attack card", () => {
  it("a part of a record the new state drops is gone from every copy of the card and from its seal", async () => {
    const table = await attackTable();
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    const card = cardOn(table.gm)!;
    // At the contest's step: a finished card without damage keeps no seal (src/documents/attack/seals.ts).
    const base = { ...stateOn(table.gm)!, step: "special" } as AttackState;
    await write(table, card, { ...base, special: special(true) } as never, 2);
    expect(stateOn(table.bob)?.special).toEqual(special(true));
    const next = { ...base, special: special(false) } as never as AttackState;
    await write(table, card, next, 3);
    for (const client of [table.gm, table.alice, table.bob])
      expect(stateOn(client)?.special).toEqual(special(false));
    const stored = table.server.world.messages.find((m) => m._id === card.id)!;
    expect((stored.system as { special: unknown }).special).toEqual(special(false));
    const hash = (state: unknown) => table.gm.run(() => hashCardState({ state, seq: 3 }));
    expect(sealOf(table, card.id)).toBe(await hash(stateOn(table.gm)));
    expect(sealOf(table, card.id)).toBe(await hash(next));
  });

  it("a card kept in its flags is rewritten whole there, and other packages' flags are kept", async () => {
    const table = await attackTable();
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    const base = stateOn(table.gm)!;
    const created = await table.act("gm", () =>
      ChatMessage.create({
        content: "old card",
        flags: { zilch: { attack: { ...base, special: special(true) }, attackSeq: 1 }, other: { kept: 1 } },
      } as never),
    );
    const id = (created as unknown as { id: string }).id;
    const old = table.gm.messages.get(id)!;
    await write(table, old, { ...base, special: special(false) } as never, 2);
    const stored = table.server.world.messages.find((m) => m._id === id)!;
    const flags = stored.flags as {
      zilch: { attack: { special: unknown }; attackSeq: number };
      other: unknown;
    };
    expect(flags.zilch.attack.special).toEqual(special(false));
    expect(flags.zilch.attackSeq).toBe(2);
    expect(flags.other).toEqual({ kept: 1 });
    expect(table.bob.messages.get(id)?.getFlag("zilch", "attack")).toMatchObject({ special: special(false) });
  });
});
