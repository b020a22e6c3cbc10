/**
 * INI-1 at the table: the world setting `initiativeMode` picks the Zilch order (spades, the
 * default) or the action-dice countdown; stances and dominoes apply in both. Each table starts the
 * combat and declares stances from the seats whose buttons they are.
 */
import { describe, expect, it } from "vitest";
import { Table } from "./table";
import { combatantId, COMBAT, roundOn, startCombat, everyoneDeclares } from "./play";
import { countdownOn, countdownStarted } from "./countdown";

type Stored = { combatants: Record<string, { domino: { state: string } | null }> };

/** Every combatant's domino as the combat stores it (DOM-4: one each at the round start). */
const dominoes = (table: Table) => {
  const stored = table.server.combat(COMBAT).flags.zilch as Stored;
  return (["ana", "bo", "orc"] as const).map((a) => stored.combatants[combatantId(table, a)]?.domino?.state);
};

describe("INI-1: two initiative modes", () => {
  it("INI-1: spades, the default, runs without action dice; stances are declared and dominoes dealt", async () => {
    const table = await Table.open();
    await startCombat(table);
    await everyoneDeclares(table);
    const round = roundOn(table.gm)!;
    expect(round.countdown ?? null).toBeNull();
    expect(round.stancesShown).toBe(true);
    expect(dominoes(table).every((d) => d === "faceDown")).toBe(true);
  });

  it("INI-1: countdown mode deals action dice to each combatant, with the same stances and dominoes", async () => {
    const table = await countdownStarted();
    const cd = countdownOn(table.gm);
    expect(cd.participants).toHaveLength(3);
    expect(cd.participants.every((p) => p.hand.length > 0)).toBe(true);
    expect(roundOn(table.gm)!.stancesShown).toBe(true);
    expect(dominoes(table).every((d) => d === "faceDown")).toBe(true);
  });
});
