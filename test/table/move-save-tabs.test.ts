/**
 * INJ-7 at the table: a creature with a Foot injury makes one ♠ save at each Move. The `moveToken` hook
 * runs in every tab of the mover (`isSelf` in each), so a GM with two tabs open must still roll one save
 * and post one line, as a drag counts one Move (src/documents/drag-move.ts).
 */
import { describe, expect, it } from "vitest";
import { ACTORS } from "./table";
import { attackTable, attackWorld, SCENE, TOKENS } from "./attack-card";
import { chatText, endTurnsUntil, nextCall } from "./play";

const FOOT = {
  _id: "footInjury000001",
  name: "Foot",
  type: "injury",
  system: { kind: "grievousInjury", effect: "foot", location: "rightLeg", daysRemaining: 14 },
};

describe("INJ-7: one move save per Move, however many tabs the mover has", () => {
  it("the GM, with a second tab open, drags the footsore orc in its turn: one save line", async () => {
    const world = attackWorld();
    const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
    orc.items = [...(orc.items ?? []), FOOT];
    const table = await attackTable({ world, seats: ["gm", "gmTab", "alice", "bob"] });
    expect(await nextCall(table)).toBe(true);
    expect(await endTurnsUntil(table, "orc")).toBe(true);
    await table.act("gm", () =>
      table.gm.scenes.get(SCENE)!.tokens.get(TOKENS.orc)!.move({ x: 300, y: 100 }, { method: "dragging" }),
    );
    expect(chatText(table).match(/despite the injury|fails the ♠ save for the injury/g)).toHaveLength(1);
  });
});
