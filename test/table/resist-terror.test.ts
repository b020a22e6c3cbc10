/**
 * CON-4, AC-2 at the table: a Terrified creature (Stunned by it) may resist as its turn's Standard
 * action with a ♥ test; S or better leaves it Shaken instead, for the time the terror had left. Alice
 * presses Resist on Terrified Ana's sheet; the active GM's client records the Standard action in the
 * turn (the chat says so), and only then the ♥ test is rolled. Outside Ana's turn, for Bob (who does
 * not own Ana), after her single Move, or for a creature not Terrified, it is refused and nothing is
 * rolled. Ana has ♥10, so her ♥ test's target is 10: a 1 is a critical success, an 11 a failure.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, defaultWorld, Table, type Seat } from "./table";
import {
  ask,
  chatText,
  COMBAT,
  combatantId,
  currentActor,
  endTurn,
  nextCall,
  noticesOn,
  startCombat,
  turnActions,
  cautiousAnasTurn,
  declareAll,
} from "./play";
import type { WorldData } from "./server";

/** Ana a Fighter with ♥10, Terrified by the orc for 2 more rounds (or with no condition at all). */
function world(terrified: boolean): WorldData {
  const w = defaultWorld();
  w.actors = w.actors.map((a) => structuredClone(a));
  const ana = w.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = {
    classes: ["fighter"],
    suits: { clubs: { primary: 10 }, hearts: { primary: 10 } },
    ...(terrified
      ? { appliedConditions: [{ condition: "terrified", source: "orc", duration: "rounds", count: 2 }] }
      : {}),
  };
  ana.statuses = terrified ? ["terrified"] : [];
  return w;
}

/** The combat started, stances shown (Ana Cautious, as Stunned requires: ST-3), and Ana's Spades turn. */
async function anasTurn(terrified = true): Promise<Table> {
  const table = await Table.open({ world: world(terrified), seats: ["gm", "alice", "bob"] });
  await startCombat(table);
  await cautiousAnasTurn(table);
  return table;
}

/** `seat` presses Resist on Ana's Terrified chip, the d12 showing `face` (test/table/dice.ts: ceil(u × 12)). */
async function resist(table: Table, seat: Seat, face: number): Promise<void> {
  const client = table.client(seat);
  await table.act(seat, () => {
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => (face - 0.5) / 12;
    return client.system.resistTerrorFromSheet(client.actors.get(ACTORS.ana._id) as never);
  });
}

const press = (table: Table, seat: Seat, action: "move" | "resistTerror") =>
  ask(table, seat, { kind: "takeAction", combatId: COMBAT, combatantId: combatantId(table, "ana"), action });

/** Ana's statuses and stored condition records on the server. */
function ana(table: Table): { statuses: string[]; applied: unknown[] } {
  const stored = table.server.actor(ACTORS.ana._id);
  const system = stored.system as { appliedConditions?: unknown[] };
  return { statuses: [...(stored.statuses ?? [])].sort(), applied: system.appliedConditions ?? [] };
}

const recorded = (table: Table) => turnActions(table, "ana");
const warnings = noticesOn;
const lines = chatText;
const TERRIFIED = [{ condition: "terrified", source: "orc", duration: "rounds", count: 2 }];

describe("CON-4, AC-2: resisting terror is the Terrified creature's Standard action in its own turn", () => {
  it("Ana resists in her turn: the GM's client records it, her ♥ test's CS leaves her Shaken for the 2 rounds the terror had left; no longer Stunned, she may still Move", async () => {
    const table = await anasTurn();
    await resist(table, "alice", 1);
    expect(recorded(table)).toEqual(["resistTerror"]);
    expect(lines(table)).toContain("Ana fights down the terror");
    expect(lines(table)).toContain("Shaken instead of Terrified");
    expect(ana(table)).toEqual({
      statuses: ["shaken"],
      applied: [{ condition: "shaken", source: "orc", duration: "rounds", count: 2 }],
    });
    expect(await press(table, "alice", "move")).toBe(true);
    expect(recorded(table)).toEqual(["resistTerror", "move"]);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("a failed ♥ test (11 against 10) spends the action and the terror holds: no Move after it", async () => {
    const table = await anasTurn();
    await resist(table, "alice", 11);
    expect(recorded(table)).toEqual(["resistTerror"]);
    expect(lines(table)).toContain("The terror holds");
    expect(ana(table)).toEqual({ statuses: ["terrified"], applied: TERRIFIED });
    expect(await press(table, "alice", "move")).toBe(false);
    expect(warnings(table, "alice")).toContain("No room left in this turn");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("after her single Move a Terrified Ana has no room to resist: refused, nothing rolled", async () => {
    const table = await anasTurn();
    expect(await press(table, "alice", "move")).toBe(true);
    const messages = table.server.world.messages.length;
    await resist(table, "alice", 1);
    expect(warnings(table, "alice")).toContain("No room left in this turn");
    expect(recorded(table)).toEqual(["move"]);
    expect(ana(table).statuses).toEqual(["terrified"]);
    expect(table.server.world.messages.length).toBe(messages);
  });

  it("outside her turn Ana may not resist, nor may Bob for her; nothing is rolled", async () => {
    const table = await Table.open({ world: world(true), seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    await declareAll(table, { ana: "cautious", bo: "bold", orc: "bold" });
    expect(await nextCall(table)).toBe(true);
    if (currentActor(table, table.gm) === "ana") expect(await endTurn(table, "alice", "ana")).toBe(true);
    expect(currentActor(table, table.gm)).not.toBe("ana");
    const messages = table.server.world.messages.length;
    await resist(table, "alice", 1);
    expect(warnings(table, "alice")).toContain("own turn");
    expect(ana(table).statuses).toEqual(["terrified"]);
    expect(table.server.world.messages.length).toBe(messages);

    const inTurn = await anasTurn();
    await resist(inTurn, "bob", 1);
    expect(warnings(inTurn, "bob")).toContain("You do not own that combatant");
    expect(recorded(inTurn)).toEqual([]);
    expect(ana(inTurn)).toEqual({ statuses: ["terrified"], applied: TERRIFIED });
  });

  it("a creature that is not Terrified has no terror to resist: the GM's client refuses the action", async () => {
    const table = await anasTurn(false);
    expect(await press(table, "alice", "resistTerror")).toBe(false);
    expect(warnings(table, "alice")).toContain("Only a Terrified creature");
    expect(recorded(table)).toEqual([]);
  });
});
