/**
 * Secrecy by indistinguishability (issue 15, point 9): the same public history is played twice with
 * different secrets — the GM's dice (the dominoes not yet shown), the other player's and the NPC's
 * declared stances — and everything an observing player's client holds (./snapshot.ts: documents,
 * flags, settings, chat, browser storage) must be identical at every step, until the rules make the
 * secret public. Each variant's secret requests must be accepted, or the comparison proves nothing.
 */
import { describe, expect, it } from "vitest";
import { Table, type Seat } from "./table";
import {
  ask,
  COMBAT,
  combatantId,
  declare,
  endTurn,
  currentActor,
  nextCall,
  nextRound,
  seatOf,
  startCombat,
} from "./play";
import { countdownOn, countdownStarted, countdownStep, type CountdownLog } from "./countdown";
import type { CountdownState } from "../../src/rules/countdown/types";
import { snapshot, type ClientSnapshot } from "./snapshot";

interface Secrets {
  readonly gmSeed: number;
  /** The stance the other player declares, and the orc's. */
  readonly other: string;
  readonly orc: string;
}

/**
 * Round 1 is played in public (the same in every run); then the GM's dice part ways, round 2 is
 * dealt, and the other player and the GM declare their secret stances. Returns the observer's
 * snapshot after each step of round 2, before the observer's own declaration would show them all.
 */
async function spadesHistory(observer: "alice" | "bob", secrets: Secrets): Promise<ClientSnapshot[]> {
  const table = await Table.open({ seats: ["gm", "alice", "bob"] });
  const other: Seat = observer === "alice" ? "bob" : "alice";
  const otherActor = observer === "alice" ? "bo" : "ana";
  const seen: ClientSnapshot[] = [];
  const look = () => seen.push(snapshot(table.client(observer)));
  await startCombat(table);
  expect(await declare(table, "alice", "ana", "bold")).toBe(true);
  expect(await declare(table, "bob", "bo", "bold")).toBe(true);
  expect(await declare(table, "gm", "orc", "bold")).toBe(true);
  expect(await nextCall(table)).toBe(true);
  for (let n = 0; n < 3; n++) {
    const actor = currentActor(table, table.gm);
    if (actor === null) break;
    expect(await endTurn(table, seatOf(actor), actor)).toBe(true);
  }
  table.gm.reseed(secrets.gmSeed);
  look();
  await nextRound(table);
  look();
  expect(await declare(table, other, otherActor, secrets.other)).toBe(true);
  look();
  expect(await declare(table, "gm", "orc", secrets.orc)).toBe(true);
  look();
  expect(table.server.clock.errors).toEqual([]);
  return seen;
}

describe("secrecy by indistinguishability", () => {
  for (const observer of ["alice", "bob"] as const) {
    it(`Spades round: ${observer}'s client holds the same data whatever the dominoes and the others' stances`, async () => {
      const a = await spadesHistory(observer, { gmSeed: 1111, other: "reckless", orc: "guarded" });
      const b = await spadesHistory(observer, { gmSeed: 9999, other: "guarded", orc: "reckless" });
      expect(a).toHaveLength(4);
      a.forEach((step, i) => expect(b[i], `step ${i}`).toEqual(step));
    });
  }
});

/** The countdown to the moment `until` holds, on the same seeds in every run (public so far). */
async function countdownUntil(until: (cd: CountdownState) => boolean): Promise<Table> {
  const table = await countdownStarted({ gmSeed: 77 });
  const log: CountdownLog = { calls: 0, bids: 0, spends: 0, refused: [] };
  for (let n = 0; n < 60 && !until(countdownOn(table.gm)); n++)
    if (!(await countdownStep(table, log, []))) break;
  expect(until(countdownOn(table.gm)), "the round never reached the moment").toBe(true);
  return table;
}

const boHand = (table: Table) =>
  countdownOn(table.gm).participants.find((p) => p.id === combatantId(table, "bo"))!.hand;

describe("secrecy by indistinguishability: countdown", () => {
  it("bids: Alice's client holds the same data whatever Bob bids and whatever the GM's dice", async () => {
    const history = async (pick: "high" | "low", gmSeed: number) => {
      const table = await countdownUntil((cd) => cd.current === null && cd.phase === "countdown");
      table.gm.reseed(gmSeed);
      const seen = [snapshot(table.alice)];
      const usable = boHand(table).filter((d) => d > 1);
      expect(new Set(usable).size, "Bob needs two different dice to bid").toBeGreaterThan(1);
      const die = pick === "high" ? Math.max(...usable) : Math.min(...usable);
      expect(
        await ask(table, "bob", {
          kind: "bid",
          combatId: COMBAT,
          combatantId: combatantId(table, "bo"),
          die,
        }),
      ).toBe(true);
      seen.push(snapshot(table.alice));
      expect(table.server.clock.errors).toEqual([]);
      return seen;
    };
    const a = await history("high", 1111);
    const b = await history("low", 9999);
    a.forEach((step, i) => expect(b[i], `step ${i}`).toEqual(step));
  });

  it("lowering the Closing die: Alice's client holds the same data whatever Bob spends and whatever the GM's dice", async () => {
    const history = async (pick: "high" | "low", gmSeed: number) => {
      const table = await countdownUntil((cd) => cd.lowering);
      table.gm.reseed(gmSeed);
      const seen = [snapshot(table.alice)];
      const hand = boHand(table);
      expect(new Set(hand).size, "Bob needs two different dice to spend").toBeGreaterThan(1);
      const die = pick === "high" ? Math.max(...hand) : Math.min(...hand);
      expect(
        await ask(table, "bob", {
          kind: "lowerClosing",
          combatId: COMBAT,
          combatantId: combatantId(table, "bo"),
          die,
        }),
      ).toBe(true);
      seen.push(snapshot(table.alice));
      expect(table.server.clock.errors).toEqual([]);
      return seen;
    };
    const a = await history("high", 1111);
    const b = await history("low", 9999);
    a.forEach((step, i) => expect(b[i], `step ${i}`).toEqual(step));
  });
});
