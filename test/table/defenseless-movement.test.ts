/**
 * AT-4's detailed rule at the table: with `detailedDefenseless` on and everyone Reckless (so
 * Defenseless, ST-2), Ana attacks Bo. The card's fixed defence starts from what the GM's client saw
 * of Bo's movement since the start of his own turn: Bob's drags of Bo's token in that turn (the
 * `moveToken` hook, MV-2's squares) and a Move on his turn record. Bo (♠4) moves 4, runs 6, sprints 8.
 */
import { describe, expect, it } from "vitest";
import { attackTable, attackWithSword, attackWorld, clickStep, SCENE, stateOn, TOKENS } from "./attack-card";
import { endTurn, endTurnsUntil, nextCall } from "./play";
import type { Table } from "./table";

/** Every stance shown (Reckless), and the first Spades turn begun. */
async function recklessTable(): Promise<Table> {
  const table = await attackTable(
    { world: attackWorld({ "zilch.detailedDefenseless": true }) },
    "reckless",
    null,
  );
  expect(await nextCall(table)).toBe(true);
  return table;
}

/** Bob drags Bo's token to the pixel point (`x`, `y`). */
async function dragBo(table: Table, x: number, y: number): Promise<void> {
  await table.act("bob", () =>
    table.bob.scenes.get(SCENE)!.tokens.get(TOKENS.bo)!.move({ x, y }, { method: "dragging" }),
  );
}

/** The fixed defence and the picked row of Ana's newest card against Bo, on the GM's client. */
async function fixedAgainstBo(table: Table, seat: "alice" | "gm" = "alice") {
  // AC-1: Alice attacks in Ana's own turn, which comes after Bo's; the GM may declare it at any time.
  if (seat === "alice") expect(await endTurnsUntil(table, "ana")).toBe(true);
  expect(await attackWithSword(table, seat, "bo")).toBe(true);
  const state = stateOn(table.gm)!;
  return { fixed: state.defender.side.fixed, movement: state.movement };
}

describe("AT-4 detailed rule: the Defenseless row starts from the target's known movement", () => {
  it("a target that has not moved since its turn began starts at 1", async () => {
    const table = await recklessTable();
    expect(await fixedAgainstBo(table)).toEqual({ fixed: 1, movement: null });
  });

  it("Bo dragged 3 squares out and 3 back in his own turn ran (6 > Move 4): 3; the GM may still pick", async () => {
    const table = await recklessTable();
    expect(await endTurnsUntil(table, "bo")).toBe(true);
    await dragBo(table, 100, 500);
    await dragBo(table, 100, 200);
    expect(await fixedAgainstBo(table, "gm")).toEqual({ fixed: 3, movement: null });
    expect(await clickStep(table, "gm", "setMovement", { movement: "still" })).toEqual({ ok: true });
    expect(stateOn(table.gm)).toMatchObject({ defender: { side: { fixed: 1 } }, movement: "still" });
    // Still so after his turn ended: "since the start of its own most recent turn".
    expect(await endTurn(table, "bob", "bo")).toBe(true);
    expect((await fixedAgainstBo(table)).fixed).toBe(3);
  });

  it("a move made by code (a macro's, not by hand) is not counted; a drag of 1 square is a move: 2", async () => {
    const table = await recklessTable();
    expect(await endTurnsUntil(table, "bo")).toBe(true);
    await table.act("bob", () =>
      table.bob.scenes.get(SCENE)!.tokens.get(TOKENS.bo)!.move({ x: 200, y: 200 }, { method: "api" }),
    );
    expect((await fixedAgainstBo(table, "gm")).fixed).toBe(1);
    await dragBo(table, 100, 200);
    expect((await fixedAgainstBo(table)).fixed).toBe(2);
  });
});
