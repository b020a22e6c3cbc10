/**
 * CD-10 at the table: a 1 never pays for an action, except as CD-9's +1; a pass may discard a 1. Ana
 * (Alice's) is called holding a 5 and two 1s; every request goes from the seat whose button it is
 * through the system's channel to the active GM's client, which refuses what the rule forbids with a
 * reason in the player's words and changes nothing.
 */
import { describe, expect, it } from "vitest";
import { defaultWorld, Table } from "./table";
import { ask, COMBAT, combatantId, roundOn, startCombat, everyoneDeclares } from "./play";
import { countdownOn } from "./countdown";
import { lookup } from "../support/i18n";
import type { RoundState } from "../../src/rules/round/state";
import type { CombatRequest } from "../../src/rules/round/authority";
import type { Choice } from "../../src/rules/countdown/choices";

/** Ana's Standard action: an unarmed attack (she holds no weapon), speed 3 (CD-7). */
const UNARMED = { action: "attack:unarmed", speed: 3 };

/** A countdown round, stances shown, with these hands (a roll could give them); Ana is then called. */
async function anaCalledWith(hand: readonly number[]): Promise<Table> {
  const table = await Table.open({
    world: defaultWorld({ "zilch.initiativeMode": "countdown" }),
    seats: ["gm", "alice", "bob"],
  });
  await startCombat(table);
  await everyoneDeclares(table);
  const ana = combatantId(table, "ana");
  await table.act("gm", async () => {
    const combat = table.gm.combats.get(COMBAT)!;
    const round = combat.getFlag("zilch", "round") as RoundState;
    const cd = round.countdown!;
    const participants = cd.participants.map((p) => ({ ...p, hand: p.id === ana ? [...hand] : [2] }));
    await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
  });
  expect(await ask(table, "gm", { kind: "nextCall", combatId: COMBAT })).toBe(true);
  expect(countdownOn(table.gm).current).toBe(ana);
  return table;
}

const choice = (table: Table, c: Choice): CombatRequest => ({
  kind: "countdownChoice",
  combatId: COMBAT,
  combatantId: combatantId(table, "ana"),
  choice: c,
});

const ana = (table: Table) =>
  countdownOn(table.gm).participants.find((p) => p.id === combatantId(table, "ana"))!;

describe("CD-10: 1s never pay for an action", () => {
  it("Alice's Accumulate with a 1 is refused in her words; the GM's round is unchanged", async () => {
    const table = await anaCalledWith([5, 1, 1]);
    const before = roundOn(table.gm);
    expect(await ask(table, "alice", choice(table, { kind: "accumulate", action: UNARMED, die: 1 }))).toBe(
      false,
    );
    expect(table.alice.notices.at(-1)).toEqual({
      level: "warn",
      message: lookup("ZILCH.Combat.Error.Countdown.notUsable"),
    });
    expect(roundOn(table.gm)).toEqual(before);
    expect(roundOn(table.alice)).toEqual(before);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("left with only 1s while called, Alice can neither Act nor Hold with them; the GM's round is unchanged", async () => {
    const table = await anaCalledWith([5, 1, 1]);
    // CD-14: the GM's Burn 1 (OPT-1 "Lose an action") turns her 5 into a 1 while she is called.
    const id = combatantId(table, "ana");
    expect(await ask(table, "gm", { kind: "loseAction", combatId: COMBAT, combatantId: id })).toBe(true);
    expect(ana(table).hand).toEqual([1, 1, 1]);
    const before = roundOn(table.gm);
    expect(await ask(table, "alice", choice(table, { kind: "act", action: UNARMED }))).toBe(false);
    expect(table.alice.notices.at(-1)?.message).toBe(lookup("ZILCH.Combat.Error.Countdown.noUsableDie"));
    expect(await ask(table, "alice", choice(table, { kind: "hold" }))).toBe(false);
    expect(table.alice.notices.at(-1)?.message).toBe(lookup("ZILCH.Combat.Error.Countdown.noUsableDie"));
    expect(roundOn(table.gm)).toEqual(before);
  });

  it("a pass may discard a 1: nothing is bought, and the 1 leaves her hand", async () => {
    const table = await anaCalledWith([5, 1, 1]);
    expect(await ask(table, "alice", choice(table, { kind: "pass", die: 1 }))).toBe(true);
    expect(ana(table)).toMatchObject({ hand: [5, 1], acts: 0 });
    expect(countdownOn(table.gm).current).toBeNull();
  });

  it("an Act pays with her highest usable die, never a 1; a 1 adds only as the +1 (CD-9)", async () => {
    const table = await anaCalledWith([5, 1, 1]);
    expect(await ask(table, "alice", choice(table, { kind: "act", action: UNARMED, plusOne: true }))).toBe(
      true,
    );
    // The 5 paid, one 1 went as the +1, and the other 1 stays: it bought nothing.
    expect(ana(table)).toMatchObject({ hand: [1], acts: 1 });
  });
});
