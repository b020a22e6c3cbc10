/**
 * Regeneration in play (NPC-1 SQ with numbers): at the start of the creature's turn the active GM's
 * client gives it the HP its regeneration holds, through the actor's recoverHP, and posts a line naming
 * what stops it; a creature without regeneration, or an unhurt one, gains nothing and posts nothing.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, defaultWorld, Table } from "./table";
import { chatText, combatantId, endTurnsUntil, nextCall, startCombat, everyoneDeclares } from "./play";
import { countdownOn, countdownStep, countdownWorld, type CountdownLog } from "./countdown";

const REGENERATION = { kind: "regeneration", name: "Regeneration", hpPerRound: 2, stoppedBy: "fire or acid" };

/** The default world with the orc at `hp` HP (of 6) and the given special abilities, played to its turn. */
async function orcsTurn(hp: number, specials: object[]): Promise<Table> {
  const world = defaultWorld();
  const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { ...orc.system, hp: { value: hp, temp: 0, max: null }, specials };
  const table = await Table.open({ world });
  await startCombat(table);
  await everyoneDeclares(table);
  expect(await nextCall(table)).toBe(true);
  expect(await endTurnsUntil(table, "orc")).toBe(true);
  return table;
}

const orcHp = (table: Table) => table.gm.run(() => game.actors!.get(ACTORS.orc._id)!.creature.hp.value);

describe("regeneration at the start of the creature's turn", () => {
  it("a hurt orc with regeneration 2 goes from 2 to 4 HP, and the chat names what stops it", async () => {
    const table = await orcsTurn(2, [REGENERATION]);
    expect(orcHp(table)).toBe(4);
    expect(table.alice.run(() => game.actors!.get(ACTORS.orc._id)!.creature.hp.value)).toBe(4);
    expect(chatText(table)).toContain(
      "Orc regenerates 2 HP (when fire or acid hurts it, tick the mark on its Regeneration line",
    );
  });

  it("stops at its maximum: an orc 1 HP short regains 1", async () => {
    const table = await orcsTurn(5, [REGENERATION]);
    expect(orcHp(table)).toBe(6);
    expect(chatText(table)).toContain("Orc regenerates 1 HP");
  });

  it("marked stopped by the GM, it heals nothing this turn, the chat says why, and the mark is cleared", async () => {
    const table = await orcsTurn(2, [{ ...REGENERATION, stopped: true }]);
    expect(orcHp(table)).toBe(2);
    expect(chatText(table)).toContain(
      "Orc does not regenerate this turn: fire or acid hurt it since its last turn",
    );
    const marks = table.gm.run(() => game.actors!.get(ACTORS.orc._id)!.system);
    expect(marks).toMatchObject({ specials: [{ kind: "regeneration", stopped: false }] });
  });

  it("an orc without regeneration stays hurt and nothing is posted", async () => {
    const table = await orcsTurn(2, []);
    expect(orcHp(table)).toBe(2);
    expect(chatText(table)).not.toContain("regenerates");
  });
});

describe("regeneration in the countdown", () => {
  it("the orc heals at its first call of the round only, not at each later call", async () => {
    const world = countdownWorld();
    const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
    orc.system = { ...orc.system, hp: { value: 1, temp: 0, max: null }, specials: [REGENERATION] };
    const table = await Table.open({ world, seats: ["gm", "alice", "bob"] });
    await startCombat(table);
    await everyoneDeclares(table);
    const orcId = combatantId(table, "orc");
    const log: CountdownLog = { calls: 0, bids: 0, spends: 0, refused: [] };
    const hpAtCalls: number[] = [];
    for (let step = 0; step < 60 && (await countdownStep(table, log, ["alice", "bob", "gm"])); step++)
      if (countdownOn(table.gm).current === orcId) hpAtCalls.push(orcHp(table));
    // Called more than once this round, it regenerated 2 HP once: 1 → 3, never 5.
    expect(hpAtCalls.length).toBeGreaterThan(1);
    expect(new Set(hpAtCalls)).toEqual(new Set([3]));
    expect(chatText(table).match(/Orc regenerates 2 HP/g)).toHaveLength(1);
  });
});
