/**
 * CD-3 with CD-19 at the table: a pool over 8 keeps its 8 highest dice, shown in the chat; when the
 * owner keeps a die it rolled but did not keep instead (the tracker's "keep instead"), every client
 * sees the new hand and the chat says which die was let go, so the public record matches the hand.
 */
import { describe, expect, it } from "vitest";
import { defaultWorld, Table } from "./table";
import { ask, COMBAT, combatantId, startCombat, everyoneDeclares } from "./play";
import { countdownOn } from "./countdown";
import type { WorldData } from "./server";

/** A uniform in [0, 1) that the secret die (src/dice/secret-dice.ts) turns into `face` on a d6. */
const d6 = (...faces: number[]) => faces.map((face) => (face - 0.5) / 6);

/** Ana ♠13: a pool of 6 before the GM's modifier. */
function world(): WorldData {
  const w = defaultWorld({ "zilch.initiativeMode": "countdown" });
  w.actors = w.actors.map((a) => structuredClone(a));
  w.actors[0]!.system = { suits: { spades: { primary: 13 } } };
  return w;
}

const chat = (table: Table) => table.server.world.messages.map((m) => m.content).join("\n");

describe("CD-3: the dice a pool over 8 keeps, in the chat", () => {
  it("CD-3: Ana ♠13 with GM +5 rolls 11 and keeps 8; keeping a 1 instead, the chat says she lets a 2 go", async () => {
    const table = await Table.open({ world: world(), seats: ["gm", "alice", "bob"] });
    const ana = combatantId(table, "ana");
    // The GM's + on Ana's row, five times before the start.
    for (let i = 0; i < 5; i++)
      expect(await ask(table, "gm", { kind: "adjustPool", combatId: COMBAT, combatantId: ana, by: 1 })).toBe(
        true,
      );
    // Three tiebreakers, then Ana's eleven dice; the others roll what follows.
    const queue = [0.1, 0.5, 0.9, ...d6(6, 1, 5, 2, 4, 3, 6, 2, 5, 1, 3)];
    table.gm.scriptSecrets(() => queue.shift() ?? 0.5);
    await startCombat(table);
    // CD-1: the hands are rolled once the stances are shown.
    await everyoneDeclares(table);
    expect(queue).toEqual([]);
    const anaOn = (client: typeof table.gm) => countdownOn(client).participants.find((p) => p.id === ana)!;
    expect(anaOn(table.bob)).toMatchObject({ hand: [6, 6, 5, 5, 4, 3, 3, 2], unkept: [2, 1, 1] });
    expect(chat(table)).toContain("6, 6, 5, 5, 4, 3, 3, 2");
    expect(await ask(table, "alice", { kind: "swapIn", combatId: COMBAT, combatantId: ana, die: 1 })).toBe(
      true,
    );
    for (const client of [table.gm, table.alice, table.bob])
      expect(anaOn(client)).toMatchObject({ hand: [6, 6, 5, 5, 4, 3, 3, 1], unkept: [2, 2, 1] });
    expect(chat(table)).toContain("Ana keeps a 1 instead of a 2");
    // A refused swap says nothing.
    expect(await ask(table, "bob", { kind: "swapIn", combatId: COMBAT, combatantId: ana, die: 2 })).toBe(
      false,
    );
    expect(chat(table).match(/instead of/g)).toHaveLength(1);
    expect(table.server.clock.errors).toEqual([]);
  });
});
