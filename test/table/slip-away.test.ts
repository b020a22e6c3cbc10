/**
 * KN-2 Slip Away at the table: a Threatened Rogue (ST-3: Cautious or Guarded only) is offered the
 * other stances for 1 ♠ chip on the tracker. Alice asks from her client; the active GM's client checks
 * the knack, the chip and Threatened, takes the chip and keeps the stance secret until the reveal.
 * At the end of Ana's next turn the GM's client applies Defenseless until the end of the round when an
 * enemy still has her within reach (CON-1 by position), and nothing when none does.
 */
import { describe, expect, it } from "vitest";
import { attackWorld, TOKENS } from "./attack-card";
import {
  ask,
  COMBAT,
  combatantId,
  currentActor,
  declare,
  endTurn,
  nextCall,
  nextRound,
  seatOf,
  stanceOn,
  startCombat,
} from "./play";
import { ACTORS, Table } from "./table";
import type { ActorData } from "./permissions";
import type { WorldData } from "./server";

type ItemData = ActorData["items"][number];

const slipAway: ItemData = {
  _id: "itmKnackSlip0001",
  name: "Slip Away",
  type: "knack",
  system: { key: "slipAway", class: "rogue", chipSuit: "spades", chipCost: 1, trigger: "declared" },
};
const sword = (id: string): ItemData => ({
  _id: id,
  name: "Sword",
  type: "weapon",
  system: { category: "heavy", slot: "hands", hands: 1 },
});

/** Ana a Threatened Rogue with the knack and `chips` ♠ chips; the hostile orc beside her, or far off. */
function slipWorld(opts: { chips?: number; orcNear?: boolean } = {}): WorldData {
  const world = attackWorld({ "zilch.threatAutoDetect": true });
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = {
    classes: ["rogue"],
    suits: { clubs: { primary: 8, secondary: 14 }, spades: { primary: 10 } },
    chips: { spades: opts.chips ?? 2 },
  };
  ana.items = [sword("itmSwordAna00001"), slipAway];
  // Set by the GM (kept while no position threatens her), so the far-off case starts Threatened too.
  ana.statuses = ["threatened"];
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.items = [sword("itmSwordOrc00001")];
  for (const token of world.scenes![0]!.tokens) {
    Object.assign(token, { disposition: token._id === TOKENS.orc ? -1 : 1 });
    if (token._id === TOKENS.orc && opts.orcNear === false) Object.assign(token, { x: 900, y: 900 });
  }
  return world;
}

const spadesOf = (table: Table) =>
  (table.server.actor(ACTORS.ana._id).system as { chips: { spades: number } }).chips.spades;
const anaStatuses = (table: Table) => table.server.actor(ACTORS.ana._id).statuses ?? [];

function slipDeclare(table: Table, stance: "bold" | "reckless"): Promise<boolean> {
  return ask(table, "alice", {
    kind: "declareStance",
    combatId: COMBAT,
    combatantId: combatantId(table, "ana"),
    stance,
    slipAway: true,
  });
}

/** The others declare, the stances are shown, and every turn up to the end of Ana's is played. */
async function toEndOfAnasTurn(table: Table): Promise<void> {
  expect(await declare(table, "bob", "bo", "cautious")).toBe(true);
  expect(await declare(table, "gm", "orc", "cautious")).toBe(true);
  expect(await nextCall(table)).toBe(true);
  for (let n = 0; n < 3 && currentActor(table, table.gm) !== "ana"; n++) {
    const actor = currentActor(table, table.gm)!;
    expect(await endTurn(table, seatOf(actor), actor)).toBe(true);
  }
  expect(currentActor(table, table.gm)).toBe("ana");
  expect(anaStatuses(table)).not.toContain("defenseless");
  expect(await endTurn(table, "alice", "ana")).toBe(true);
}

describe("KN-2 Slip Away: any stance despite Threatened, Defenseless if still within reach", () => {
  it("KN-2: a Threatened Ana is refused Bold, then declares it with Slip Away for 1 ♠ chip; the stance stays secret until shown", async () => {
    const table = await Table.open({ world: slipWorld() });
    await startCombat(table);
    expect(anaStatuses(table)).toContain("threatened");
    expect(await declare(table, "alice", "ana", "bold")).toBe(false);
    expect(spadesOf(table)).toBe(2);
    expect(await slipDeclare(table, "bold")).toBe(true);
    expect(spadesOf(table)).toBe(1);
    // ST-1: Bob's client learns that Ana declared, not what.
    expect(stanceOn(table, table.bob, "ana")).toBeNull();
    expect(await declare(table, "bob", "bo", "cautious")).toBe(true);
    expect(await declare(table, "gm", "orc", "cautious")).toBe(true);
    expect(stanceOn(table, table.bob, "ana")).toBe("bold");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("KN-2: refused without a ♠ chip, and nothing is paid", async () => {
    const table = await Table.open({ world: slipWorld({ chips: 0 }) });
    await startCombat(table);
    expect(await slipDeclare(table, "reckless")).toBe(false);
    expect(await declare(table, "alice", "ana", "guarded")).toBe(true);
  });

  it("KN-2: Ana ends her turn with the orc beside her and is Defenseless until the end of the round", async () => {
    const table = await Table.open({ world: slipWorld() });
    await startCombat(table);
    expect(await slipDeclare(table, "bold")).toBe(true);
    await toEndOfAnasTurn(table);
    expect(anaStatuses(table)).toContain("defenseless");
    // "Until the end of the round": gone once the next round begins.
    await nextRound(table);
    expect(anaStatuses(table)).not.toContain("defenseless");
  });

  it("KN-2: with no enemy within reach at the end of her turn, Ana is not Defenseless", async () => {
    const table = await Table.open({ world: slipWorld({ orcNear: false }) });
    await startCombat(table);
    expect(anaStatuses(table)).toContain("threatened");
    expect(await slipDeclare(table, "bold")).toBe(true);
    await toEndOfAnasTurn(table);
    expect(anaStatuses(table)).not.toContain("defenseless");
  });
});
