/**
 * REC-1, AC-3, CD-7 at the table: a Rally made from the sheet while its creature fights in a started
 * combat is that creature's Full action, taken in its own turn. Alice presses Ana's Rally on her own
 * client; the active GM's client records it in the turn (the chat says so), and only then the ♥ test
 * is rolled and chips come back. Outside the turn, with no room left, with too slow a countdown Act,
 * or for Bob (who does not own Ana) it is refused in the player's words and nothing is rolled or
 * spent. Outside a combat it is the breather after it, as before. Ana is a Fighter with ♣10 (so 10
 * chips at most) and 2 chips left; her ♥ test (target 10) rolls a 1: a critical success, 3 chips.
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
  endTurnsUntil,
  nextCall,
  noticesOn,
  roundOn,
  startCombat,
  turnActions,
  everyoneDeclares,
} from "./play";
import { countdownOn } from "./countdown";
import type { RoundState } from "../../src/rules/round/state";
import type { Choice } from "../../src/rules/countdown/choices";
import type { WorldData } from "./server";
import type { CombatantFacts } from "../../src/rules/round/state";
import type { ZilchCombat } from "../../src/documents/combat/zilch-combat";
import { turnActionControls } from "../../src/applications/combat/turn-actions";

/** Ana a single-class Fighter, ♣10 and ♥10, with 2 of her 10 ♣ chips left. */
function world(settings: Record<string, unknown> = {}): WorldData {
  const w = defaultWorld(settings);
  w.actors = w.actors.map((a) => structuredClone(a));
  w.actors[0]!.system = {
    classes: ["fighter"],
    suits: { clubs: { primary: 10 }, hearts: { primary: 10 } },
    chips: { clubs: 2 },
  };
  return w;
}

/** The combat started and every stance shown (Ana Bold). */
async function fight(settings: Record<string, unknown> = {}): Promise<Table> {
  const table = await Table.open({ world: world(settings), seats: ["gm", "alice", "bob"] });
  await startCombat(table);
  await everyoneDeclares(table);
  return table;
}

/** A Spades round in which it is Ana's turn. */
async function anasTurn(): Promise<Table> {
  const table = await fight();
  expect(await nextCall(table)).toBe(true);
  expect(await endTurnsUntil(table, "ana")).toBe(true);
  return table;
}

/** `seat` presses Rally on Ana's sheet, its d12 showing a 1 (test/table/dice.ts: ceil(u × 12)). */
async function rally(table: Table, seat: Seat): Promise<void> {
  const client = table.client(seat);
  await table.act(seat, () => {
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => 0.01;
    return client.system.rallyFromSheet(client.actors.get(ACTORS.ana._id) as never);
  });
}

/** `seat` presses a tracker turn button on Ana's row. */
const press = (table: Table, seat: Seat, action: "move" | "rally") =>
  ask(table, seat, { kind: "takeAction", combatId: COMBAT, combatantId: combatantId(table, "ana"), action });

/** Ana's stored actor on the server: her ♣ chips and whether her Rally is spent. */
function ana(table: Table): { clubs: number; rallyUsed: boolean } {
  const system = table.server.actor(ACTORS.ana._id).system as {
    chips: { clubs: number };
    recovery?: { rallyUsed?: boolean };
  };
  return { clubs: system.chips.clubs, rallyUsed: system.recovery?.rallyUsed === true };
}

const recorded = (table: Table) => turnActions(table, "ana");
const warnings = noticesOn;
const lines = chatText;
const NOTHING = { clubs: 2, rallyUsed: false };
const RALLIED = { clubs: 5, rallyUsed: true };

describe("REC-1, AC-3: Rally in a Spades round is the turn's Full action", () => {
  it("in her turn Ana rallies: the GM's client records it, the chat says so, the ♥ test's CS gives 3 chips; no Move after it", async () => {
    const table = await anasTurn();
    await rally(table, "alice");
    expect(recorded(table)).toEqual(["rally"]);
    expect(lines(table)).toContain("Ana rallies");
    expect(ana(table)).toEqual(RALLIED);
    expect(await press(table, "alice", "move")).toBe(false);
    expect(warnings(table, "alice")).toContain("No room left in this turn");
    expect(recorded(table)).toEqual(["rally"]);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("after a Move the turn has no room for a Full action: refused in Alice's words, nothing rolled or spent", async () => {
    const table = await anasTurn();
    expect(await press(table, "alice", "move")).toBe(true);
    const messages = table.server.world.messages.length;
    await rally(table, "alice");
    expect(warnings(table, "alice")).toContain("No room left in this turn");
    expect(recorded(table)).toEqual(["move"]);
    expect(ana(table)).toEqual(NOTHING);
    expect(table.server.world.messages.length).toBe(messages);
  });

  it("outside her turn Ana may not rally; Bob may not rally for her; nothing is rolled or spent", async () => {
    const table = await fight();
    expect(await nextCall(table)).toBe(true);
    if (currentActor(table, table.gm) === "ana") expect(await endTurn(table, "alice", "ana")).toBe(true);
    expect(currentActor(table, table.gm)).not.toBe("ana");
    const messages = table.server.world.messages.length;
    await rally(table, "alice");
    expect(warnings(table, "alice")).toContain("own turn");
    expect(ana(table)).toEqual(NOTHING);

    const inTurn = await anasTurn();
    await rally(inTurn, "bob");
    expect(warnings(inTurn, "bob")).toContain("You do not own that combatant");
    expect(recorded(inTurn)).toEqual([]);
    expect(ana(inTurn)).toEqual(NOTHING);
    expect(table.server.world.messages.length).toBe(messages);
  });

  it("the tracker lists no Rally button of its own: the ♥ test is rolled from the sheet", async () => {
    const table = await anasTurn();
    const id = combatantId(table, "ana");
    const facts: CombatantFacts = {
      id,
      pc: true,
      friendly: true,
      playerOwned: true,
      spades: 10,
      cunning: 10,
      conditions: [],
      alert: false,
      burn: 0,
    };
    const shown = table.alice.run(() => {
      const combat = table.alice.combats.get(COMBAT) as unknown as ZilchCombat;
      const row = { id, round: combat.zilchRoundOf(id), facts };
      return turnActionControls(roundOn(table.alice)!, row, true).map((c) => c.data.turnAction);
    });
    expect(shown).toContain("retrieve");
    expect(shown).not.toContain("rally");
  });
});

describe("REC-1: one Rally per encounter", () => {
  it("a second Rally in the encounter is refused before anything is asked; the encounter's end gives it back, and a breather Rally needs no turn", async () => {
    const table = await anasTurn();
    await rally(table, "alice");
    expect(ana(table)).toEqual(RALLIED);
    await endTurn(table, "alice", "ana");
    await rally(table, "alice");
    expect(warnings(table, "alice")).toContain("Already rallied in this encounter");
    expect(ana(table).clubs).toBe(5);
    await table.act("gm", () => table.gm.combats.get(COMBAT)!.delete());
    await table.settle();
    expect(ana(table)).toEqual({ clubs: 5, rallyUsed: false });
    // The minute's breather right after: no combat, so no turn to record; 3 more chips.
    await rally(table, "alice");
    expect(ana(table)).toEqual({ clubs: 8, rallyUsed: true });
    expect(table.server.clock.errors).toEqual([]);
  });
});

/** A countdown round, stances shown, with these hands; Ana is then called. */
async function anaCalledWith(hand: readonly number[]): Promise<Table> {
  const table = await fight({ "zilch.initiativeMode": "countdown" });
  const id = combatantId(table, "ana");
  await table.act("gm", async () => {
    const combat = table.gm.combats.get(COMBAT)!;
    const round = combat.getFlag("zilch", "round") as RoundState;
    const cd = round.countdown!;
    const participants = cd.participants.map((p) => ({ ...p, hand: p.id === id ? [...hand] : [2] }));
    await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
  });
  expect(await nextCall(table)).toBe(true);
  expect(countdownOn(table.gm).current).toBe(id);
  return table;
}

/** Ana's Standard action as the GM's client prices it: an unarmed attack (she holds no weapon), speed 3. */
const UNARMED = { action: "attack:unarmed", speed: 3 };
const choose = (table: Table, choice: Choice) =>
  ask(table, "alice", {
    kind: "countdownChoice",
    combatId: COMBAT,
    combatantId: combatantId(table, "ana"),
    choice,
  });

describe("REC-1, CD-7: Rally in a countdown round costs 8", () => {
  it("an Act paid with a single 6 cannot pay for a Rally (8): refused, nothing rolled or spent", async () => {
    const table = await anaCalledWith([6]);
    expect(await choose(table, { kind: "act", action: UNARMED })).toBe(true);
    await rally(table, "alice");
    expect(warnings(table, "alice")).toContain("lower than that action's speed");
    expect(recorded(table)).toEqual([]);
    expect(ana(table)).toEqual(NOTHING);
  });

  it("an Act paid by accumulation, 2 then 6 = 8, pays for the Rally", async () => {
    const table = await anaCalledWith([2, 6]);
    expect(await choose(table, { kind: "accumulate", action: UNARMED, die: 2 })).toBe(true);
    expect(await nextCall(table)).toBe(true);
    expect(await choose(table, { kind: "accumulate", action: UNARMED, die: 6 })).toBe(true);
    await rally(table, "alice");
    expect(recorded(table)).toEqual(["rally"]);
    expect(lines(table)).toContain("Ana rallies");
    expect(ana(table)).toEqual(RALLIED);
  });
});
