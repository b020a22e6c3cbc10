/**
 * AC-1, AC-4, AC-5 at the table: dragging a token in its own turn of a started combat is that turn's
 * Move, counted by the active GM's client like the tracker's Move button. A drag the turn has no room
 * for still stands (nothing can refuse a drag), and Alice and the GM are both told. A drag after the
 * Move button, a step or a Charge is that movement, not another one; a Manipulate from the tracker is
 * a Minor action like any other.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, type Seat, type Table } from "./table";
import { attackTable, attackWorld, SCENE, SWORD, TOKENS } from "./attack-card";
import type { RoundState } from "../../src/rules/round/state";
import {
  ask,
  chatText,
  COMBAT,
  combatantId,
  currentActor,
  endTurnsUntil,
  nextCall,
  noticesOn,
  turnActions,
} from "./play";

/** The attack world in Spades mode, every stance `stance`, and Ana's turn begun. */
async function anasTurn(stance: "bold" | "reckless" = "bold"): Promise<Table> {
  const table = await attackTable({}, stance);
  expect(currentActor(table, table.gm)).toBe("ana");
  return table;
}

/** `seat` drags Ana's token to the pixel point (`x`, `y`). */
async function drag(table: Table, x: number, y: number, seat: Seat = "alice"): Promise<void> {
  const client = table.client(seat);
  await table.act(seat, () =>
    client.scenes.get(SCENE)!.tokens.get(TOKENS.ana)!.move({ x, y }, { method: "dragging" }),
  );
}

/** A tracker turn button on Ana's row, from Alice's client. */
const button = (table: Table, action: "move" | "step" | "manipulate") =>
  ask(table, "alice", {
    kind: "takeAction",
    combatId: COMBAT,
    combatantId: combatantId(table, "ana"),
    action,
  });

const told = "Ana's move was made but does not fit this turn";

describe("AC-5: a token dragged in its own turn is the turn's Move", () => {
  it("two drags are Ana's two Minors; a third stands but is told to Alice and the GM, not counted", async () => {
    const table = await anasTurn();
    await drag(table, 100, 0);
    expect(turnActions(table, "ana")).toEqual(["move"]);
    expect(chatText(table)).toContain("Ana moves");
    await drag(table, 0, 0);
    expect(turnActions(table, "ana")).toEqual(["move", "move"]);
    expect(noticesOn(table, "alice")).not.toContain(told);
    await drag(table, 0, 100);
    expect(turnActions(table, "ana")).toEqual(["move", "move"]);
    expect(noticesOn(table, "alice")).toContain(told);
    expect(noticesOn(table, "gm")).toContain(told);
    expect(noticesOn(table, "bob")).not.toContain(told);
    // The drag itself stands: the token is where Alice put it.
    const token = table.server.world.scenes![0]!.tokens!.find((t) => t._id === TOKENS.ana)!;
    expect([token.x, token.y]).toEqual([0, 100]);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the Move button then a drag is one Move; a Manipulate and a drag fill the turn's two Minors", async () => {
    const table = await anasTurn();
    expect(await button(table, "move")).toBe(true);
    await drag(table, 100, 0);
    expect(turnActions(table, "ana")).toEqual(["move"]);
    expect(await button(table, "manipulate")).toBe(true);
    expect(turnActions(table, "ana")).toEqual(["move", "manipulate"]);
    expect(chatText(table)).toContain("Ana handles something");
    await drag(table, 0, 0);
    expect(turnActions(table, "ana")).toEqual(["move", "manipulate"]);
    expect(noticesOn(table, "alice")).toContain(told);
  });

  it("a one-square drag then the step button is the free step, not a Move", async () => {
    const table = await anasTurn();
    await drag(table, 100, 0);
    expect(await button(table, "step")).toBe(true);
    expect(turnActions(table, "ana")).toEqual(["step"]);
  });

  it("a drag beside the orc then a Charge: the drag is the Charge's movement", async () => {
    const table = await anasTurn("reckless");
    await drag(table, 100, 0);
    const client = table.alice;
    client.targets.clear();
    client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
    const charged = await client.run(() => {
      const ana = client.actors.get(ACTORS.ana._id)!;
      return client.system.startAttack(ana as never, ana.items.get(SWORD) as never, {
        mode: "melee",
        aim: "chest",
        charge: true,
      });
    });
    await table.settle();
    expect(charged).toBe(true);
    expect(turnActions(table, "ana")).toEqual(["charge"]);
  });

  it("the GM with a second tab open drags the orc in its turn: one Move, not one per tab", async () => {
    const table = await attackTable({ seats: ["gm", "gmTab", "alice", "bob"] }, "bold", null);
    expect(await nextCall(table)).toBe(true);
    expect(await endTurnsUntil(table, "orc")).toBe(true);
    await table.act("gm", () =>
      table.gm.scenes.get(SCENE)!.tokens.get(TOKENS.orc)!.move({ x: 300, y: 100 }, { method: "dragging" }),
    );
    expect(turnActions(table, "orc")).toEqual(["move"]);
    expect(chatText(table).match(/The orc moves|Orc moves/gi)).toHaveLength(1);
  });

  it("CD-20: in a countdown round the drag after Ana's Act is that Act's Move; a 2 buys only one", async () => {
    const table = await attackTable({ world: attackWorld({ "zilch.initiativeMode": "countdown" }) });
    const id = combatantId(table, "ana");
    await table.act("gm", async () => {
      const combat = table.gm.combats.get(COMBAT)!;
      const round = combat.getFlag("zilch", "round") as RoundState;
      const cd = round.countdown!;
      const participants = cd.participants.map((p) => ({ ...p, hand: p.id === id ? [2] : [] }));
      await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
    });
    expect(await nextCall(table)).toBe(true);
    const act = {
      kind: "countdownChoice",
      combatId: COMBAT,
      combatantId: id,
      choice: { kind: "act" },
    } as const;
    expect(await ask(table, "alice", act)).toBe(true);
    await drag(table, 100, 0);
    expect(turnActions(table, "ana")).toEqual(["move"]);
    await drag(table, 0, 0);
    expect(turnActions(table, "ana")).toEqual(["move"]);
    expect(noticesOn(table, "alice")).toContain(told);
  });

  it("a drag outside Ana's turn (the GM placing her) counts nothing and tells nobody", async () => {
    const table = await attackTable({}, "bold", null);
    expect(await nextCall(table)).toBe(true);
    expect(await endTurnsUntil(table, "bo")).toBe(true);
    await drag(table, 100, 0, "gm");
    expect(turnActions(table, "ana")).toEqual([]);
    expect(noticesOn(table, "gm")).not.toContain(told);
  });
});
