/**
 * CD-6, CD-7, CD-8 at the table: a player names the action of her Act or pool, and the active GM's
 * client prices that name from its own copy of her creature. Ana (Alice's Fighter, ♣10 and ♥10, 2 ♣
 * chips left) holds a sword (Heavy: 5) and knows a two-rune spell (3 + 2 = 5). A pool for a Rally (a
 * Full action, 8) pays at 8, not when it passes her attack's 5 or the speed her client claimed; a pool
 * for the sword is lost when she starts one for the spell; a console naming a weapon she lacks is
 * refused with nothing spent; her default attack still pays as before.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, defaultWorld, Table } from "./table";
import { ask, COMBAT, combatantId, nextCall, startCombat, everyoneDeclares } from "./play";
import { countdownOn } from "./countdown";
import type { RoundState } from "../../src/rules/round/state";
import type { Choice } from "../../src/rules/countdown/choices";
import type { WorldData } from "./server";

/** The GM's secret draws (dominoes, hands, the Closing die) repeat from run to run on this seed. */
const CRYPTO_GM = 3;

const SWORD = "itmSword00000001";
const SPELL = "itmSpell00000001";

function world(): WorldData {
  const w = defaultWorld({ "zilch.initiativeMode": "countdown" });
  w.actors = w.actors.map((a) => structuredClone(a));
  const ana = w.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = {
    classes: ["fighter"],
    suits: { clubs: { primary: 10 }, hearts: { primary: 10 } },
    chips: { clubs: 2 },
  };
  ana.items = [
    { _id: SWORD, name: "Sword", type: "weapon", system: { category: "heavy", slot: "hands", hands: 1 } },
    { _id: SPELL, name: "Spark", type: "spell", system: { runeCount: 2 } },
  ];
  return w;
}

/** Stances shown; Ana holds `hand` and the others nothing, so she is called at each next call. */
async function anaCalledWith(hand: readonly number[]): Promise<Table> {
  const table = await Table.open({
    world: world(),
    seats: ["gm", "alice", "bob"],
    cryptoSeeds: { gm: CRYPTO_GM },
  });
  await startCombat(table);
  await everyoneDeclares(table);
  const id = combatantId(table, "ana");
  await table.act("gm", async () => {
    const combat = table.gm.combats.get(COMBAT)!;
    const round = combat.getFlag("zilch", "round") as RoundState;
    const cd = round.countdown!;
    const participants = cd.participants.map((p) => ({ ...p, hand: p.id === id ? [...hand] : [] }));
    await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
  });
  expect(await nextCall(table)).toBe(true);
  expect(countdownOn(table.gm).current).toBe(id);
  return table;
}

const choose = (table: Table, choice: Choice, seat: "alice" | "gm" = "alice") =>
  ask(table, seat, {
    kind: "countdownChoice",
    combatId: COMBAT,
    combatantId: combatantId(table, "ana"),
    choice,
  });

/** Ana's countdown entry as `client` sees it. */
const anaOn = (table: Table, client = table.bob) =>
  countdownOn(client).participants.find((p) => p.id === combatantId(table, "ana"))!;

/** The speed a console would claim; the GM's client never reads it. */
const named = (action: string) => ({ action, speed: 1 });

describe("CD-6, CD-8: a player's pool pays for the action she named", () => {
  it("Alice accumulates 6 then 2 for Ana's Rally: the pool pays at 8, not at 6", async () => {
    const table = await anaCalledWith([6, 2]);
    expect(await choose(table, { kind: "accumulate", action: named("full:rally"), die: 6 })).toBe(true);
    // 6 passes her sword's 5 and the claimed 1, but a Rally costs 8: this counts as a pass.
    expect(anaOn(table)).toMatchObject({
      acts: 0,
      hand: [2],
      pool: { action: "full:rally", speed: 8, dice: [6] },
    });
    expect(await nextCall(table)).toBe(true);
    expect(await choose(table, { kind: "accumulate", action: named("full:rally"), die: 2 })).toBe(true);
    for (const client of [table.gm, table.alice, table.bob])
      expect(anaOn(table, client)).toMatchObject({ acts: 1, hand: [], pool: null });
    // The Act worth 8 is the turn's Full action: her Rally from the sheet goes ahead (REC-1).
    await table.act("alice", () => {
      (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => 0.01;
      return table.alice.system.rallyFromSheet(table.alice.actors.get(ACTORS.ana._id) as never);
    });
    expect(table.server.world.messages.map((m) => m.content).join("\n")).toContain("Ana rallies");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("a pool for the sword loses its dice when Alice starts one for the spell (3 + 2 runes = 5)", async () => {
    const table = await anaCalledWith([3, 2]);
    expect(await choose(table, { kind: "accumulate", action: named(`attack:${SWORD}`), die: 3 })).toBe(true);
    expect(anaOn(table).pool).toEqual({ action: `attack:${SWORD}`, speed: 5, dice: [3] });
    expect(await nextCall(table)).toBe(true);
    expect(await choose(table, { kind: "accumulate", action: named(`cast:${SPELL}`), die: 2 })).toBe(true);
    // Had the sword's 3 stayed, 3 + 2 would have paid the Cast's 5; the pool starts again from 2.
    expect(anaOn(table)).toMatchObject({
      acts: 0,
      hand: [],
      pool: { action: `cast:${SPELL}`, speed: 5, dice: [2] },
    });
  });

  it("a console naming a weapon Ana does not have is refused, nothing spent; the GM may name anything", async () => {
    const table = await anaCalledWith([6, 2]);
    const axe = named("attack:itmNotHers000001");
    expect(await choose(table, { kind: "accumulate", action: axe, die: 6 })).toBe(false);
    expect(await choose(table, { kind: "act", action: axe })).toBe(false);
    expect(anaOn(table)).toMatchObject({ acts: 0, hand: [6, 2], pool: null });
    expect(
      await choose(table, { kind: "accumulate", action: { action: "gm:anything", speed: 7 }, die: 6 }, "gm"),
    ).toBe(true);
    expect(anaOn(table).pool).toEqual({ action: "gm:anything", speed: 7, dice: [6] });
  });

  it("the default attack still pays as before: an Act with the 6 buys the sword's attack (5)", async () => {
    const table = await anaCalledWith([6, 2]);
    expect(await choose(table, { kind: "act", action: named(`attack:${SWORD}`) })).toBe(true);
    expect(anaOn(table)).toMatchObject({ acts: 1, hand: [2] });
  });
});
