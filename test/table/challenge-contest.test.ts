/**
 * T-9 at the table, through CD-13's challenge: Ana holds a die, the orc is called, and Alice
 * challenges. The GM's client rolls the ♠ contest (its dice source scripted here) and resolves a draw
 * at once: equal successful rolls go to the initiator (the holder), even against the higher card;
 * two failures are rolled again. The chat line names the winner and every exchange.
 */
import { describe, expect, it } from "vitest";
import { defaultWorld, Table } from "./table";
import { ask, COMBAT, combatantId, declare, nextCall, seatOf, startCombat } from "./play";
import { countdownOn } from "./countdown";
import type { RoundState } from "../../src/rules/round/state";

type Key = "ana" | "bo" | "orc";
const KEYS: readonly Key[] = ["ana", "bo", "orc"];

/** A uniform in [0, 1) that the GM's dice turn into `face` on a d12. */
const d12 = (face: number) => (face - 0.5) / 12;

/** A started countdown round: Ana's ♠ `ana`, the orc's ♠ `orc`; Ana holds her 6 and the orc is called. */
async function orcCalledWhileAnaHolds(ana: number, orc: number): Promise<Table> {
  const world = defaultWorld({ "zilch.initiativeMode": "countdown" });
  world.actors = world.actors.map((a) => structuredClone(a));
  const [anaData, , orcData] = world.actors;
  anaData!.system = { suits: { spades: { primary: ana, secondary: ana } } };
  orcData!.system = { suits: { spades: { value: orc } } };
  const table = await Table.open({ world, seats: ["gm", "alice", "bob"] });
  await startCombat(table);
  for (const key of KEYS) expect(await declare(table, seatOf(key), key, "bold")).toBe(true);
  // The hands a roll could give: Ana is called first (6), then the orc (5).
  await table.act("gm", async () => {
    const combat = table.gm.combats.get(COMBAT)!;
    const round = combat.getFlag("zilch", "round") as RoundState;
    const cd = round.countdown!;
    const hands = new Map(KEYS.map((k) => [combatantId(table, k), { ana: [6, 2], bo: [2], orc: [5, 3] }[k]]));
    const participants = cd.participants.map((p) => ({ ...p, hand: hands.get(p.id) ?? p.hand }));
    await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
  });
  expect(await nextCall(table)).toBe(true);
  expect(countdownOn(table.gm).current).toBe(combatantId(table, "ana"));
  const holder = combatantId(table, "ana");
  expect(
    await ask(table, "alice", {
      kind: "countdownChoice",
      combatId: COMBAT,
      combatantId: holder,
      choice: { kind: "hold" },
    }),
  ).toBe(true);
  expect(await nextCall(table)).toBe(true);
  expect(countdownOn(table.gm).current).toBe(combatantId(table, "orc"));
  return table;
}

/** Alice challenges with Ana's held die; the GM's d12s show `faces`. The chat line it posts. */
async function challenge(table: Table, faces: number[]): Promise<string> {
  const queue = faces.map(d12);
  table.gm.run(() => {
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => {
      const next = queue.shift();
      if (next === undefined) throw new Error("the contest rolled more dice than scripted");
      return next;
    };
  });
  const ana = combatantId(table, "ana");
  expect(await ask(table, "alice", { kind: "challenge", combatId: COMBAT, combatantId: ana })).toBe(true);
  expect(queue).toEqual([]);
  return table.server.world.messages.at(-1)!.content;
}

describe("T-9: the challenge's ♠ contest has a winner at once", () => {
  it("T-9: both succeed with equal rolls (5 and 5): Ana, the initiator, wins against the orc's higher ♠ 12", async () => {
    const table = await orcCalledWhileAnaHolds(6, 12);
    const line = await challenge(table, [5, 5]);
    expect(line).toContain("Ana wins the challenge and acts before Orc");
    expect(line).toContain("5 / 5");
  });

  it("T-9: both fail (11 and 11 against ♠ 4): rolled again; then 3 against 7 goes to Ana", async () => {
    const table = await orcCalledWhileAnaHolds(4, 4);
    const line = await challenge(table, [11, 11, 3, 7]);
    expect(line).toContain("Ana wins the challenge");
    expect(line).toContain("11 / 11; 3 / 7");
  });

  it("T-8 within it: both succeed with different rolls (2 and 4): the lower roll, the orc's, wins", async () => {
    const table = await orcCalledWhileAnaHolds(6, 6);
    const line = await challenge(table, [4, 2]);
    expect(line).toContain("Ana loses the challenge and acts straight after Orc");
    expect(line).toContain("4 / 2");
  });
});
