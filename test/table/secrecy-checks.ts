/**
 * Secrecy by indistinguishability: the same public history is played twice with different secrets,
 * and everything an observing player's client holds or was sent (./snapshot.ts: raw documents, every
 * broadcast in order, settings, storage, notices, query answers) must be identical at every step,
 * until the rules make the secret public. Each run's requests must be accepted, or the comparison
 * proves nothing. A difference throws `SecretLeaked`; anything else that goes wrong throws as itself,
 * so a planted leak (./leaks.ts) counts as caught only when a comparison caught it.
 */
import { expect } from "vitest";
import { attackWorld, attackWithSword } from "./attack-card";
import { countdownOn, countdownStarted, countdownStep, type CountdownLog } from "./countdown";
import { plantLeak } from "./leaks";
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
  startCombat,
} from "./play";
import { snapshot, type ClientSnapshot } from "./snapshot";
import { ACTORS, defaultWorld, EVERY_SEAT_SEEDED, Table, type Seat } from "./table";
import { seededUniform } from "./dice";
import type { CountdownState } from "../../src/rules/countdown/types";
import type { ZilchCombat } from "../../src/documents/combat/zilch-combat";

/** Two runs an observer could tell apart: a secret reached its client. */
export class SecretLeaked extends Error {}

/** Where two snapshots first differ (a path and both values), or null when they are equal. */
function firstDifference(a: unknown, b: unknown, path = ""): string | null {
  if (Object.is(a, b)) return null;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null)
    return `${path}: ${JSON.stringify(a)} / ${JSON.stringify(b)}`;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const inA = (a as Record<string, unknown>)[key];
    const found = firstDifference(inA, (b as Record<string, unknown>)[key], `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

/** The observer's snapshots of two runs, step by step, must be equal. */
export function sameForObserver(
  a: readonly ClientSnapshot[],
  b: readonly ClientSnapshot[],
  what: string,
): void {
  if (b.length !== a.length)
    throw new SecretLeaked(`${what}: ${a.length} steps in one run, ${b.length} in the other`);
  a.forEach((step, i) => {
    const difference = firstDifference(step, b[i]);
    if (difference !== null) throw new SecretLeaked(`${what}, step ${i}: ${difference.slice(0, 600)}`);
  });
}

/** A table for a secrecy run: every seat's Web Crypto seeded, so keys and ids repeat across runs. */
async function openTable(options: Parameters<typeof Table.open>[0] = {}): Promise<Table> {
  const table = await Table.open({ cryptoSeeds: EVERY_SEAT_SEEDED, ...options });
  plantLeak(table);
  return table;
}

// ── Spades: the dominoes not yet shown and the others' declared stances ────────────────────────

interface SpadesSecrets {
  readonly gmSeed: number;
  /** The stance the other player declares, and the orc's. */
  readonly other: string;
  readonly orc: string;
}

/**
 * Round 1 is played in public (the same in every run); then the GM's dice and secret draws part ways,
 * round 2 is dealt, and the other player and the GM declare their secret stances. The observer's
 * snapshot after each step of round 2, before the observer's own declaration would show them all.
 */
async function spadesHistory(observer: "alice" | "bob", secrets: SpadesSecrets): Promise<ClientSnapshot[]> {
  const table = await openTable({ seats: ["gm", "alice", "bob"] });
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
  table.gm.reseedSecrets(secrets.gmSeed);
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

/** ST-1, DOM-4: the observer's client holds the same whatever the dominoes and the others' stances. */
export async function spadesSecrecy(observer: "alice" | "bob"): Promise<void> {
  const a = await spadesHistory(observer, { gmSeed: 1111, other: "reckless", orc: "guarded" });
  const b = await spadesHistory(observer, { gmSeed: 9999, other: "guarded", orc: "reckless" });
  expect(a).toHaveLength(4);
  sameForObserver(a, b, `Spades round, ${observer}`);
}

// ── Countdown: secret bids, lowering spends, and the Closing die ──────────────────────────────

/** The countdown to the moment `until` holds, on the same seeds in every run (public so far). */
async function countdownUntil(until: (cd: CountdownState) => boolean): Promise<Table> {
  const table = await countdownStarted({ gmSeed: 99 });
  plantLeak(table);
  const log: CountdownLog = { calls: 0, bids: 0, spends: 0, refused: [] };
  for (let n = 0; n < 60 && !until(countdownOn(table.gm)); n++)
    if (!(await countdownStep(table, log, []))) break;
  expect(until(countdownOn(table.gm)), "the round never reached the moment").toBe(true);
  return table;
}

const boHand = (table: Table) =>
  countdownOn(table.gm).participants.find((p) => p.id === combatantId(table, "bo"))!.hand;

/** CD-18 (a) or (c): Bob's secret choice of a high or a low die, under different GM dice. */
async function choiceSecrecy(kind: "bid" | "lowerClosing"): Promise<void> {
  const history = async (pick: "high" | "low", gmSeed: number) => {
    const table = await countdownUntil((cd) =>
      kind === "bid" ? cd.current === null && cd.phase === "countdown" : cd.lowering,
    );
    table.gm.reseed(gmSeed);
    table.gm.reseedSecrets(gmSeed);
    const seen = [snapshot(table.alice)];
    const dice = boHand(table).filter((d) => kind === "lowerClosing" || d > 1);
    expect(new Set(dice).size, "Bob needs two different dice").toBeGreaterThan(1);
    const die = pick === "high" ? Math.max(...dice) : Math.min(...dice);
    const bo = combatantId(table, "bo");
    expect(await ask(table, "bob", { kind, combatId: COMBAT, combatantId: bo, die })).toBe(true);
    seen.push(snapshot(table.alice));
    expect(table.server.clock.errors).toEqual([]);
    return seen;
  };
  sameForObserver(await history("high", 1111), await history("low", 9999), `countdown ${kind}`);
}

export const bidSecrecy = () => choiceSecrecy("bid");
export const loweringSecrecy = () => choiceSecrecy("lowerClosing");

/**
 * CD-19 with cdShowClosing off: a countdown played to its Close twice, the GM's secret draws the same
 * in both runs but the last, the one that fixes the Closing die as the round Closes (`flipAt`: that
 * draw reads the other end of the die). Alice's and Bob's clients must hold the same at every step,
 * while the GM's keeps a different die in each run.
 */
async function closingHistory(
  flipAt: number | null,
): Promise<{ seen: ClientSnapshot[]; kept: number | null; draws: number }> {
  const table = await openTable({
    world: defaultWorld({
      "zilch.initiativeMode": "countdown",
      "zilch.cdBidding": true,
      "zilch.cdShowClosing": false,
    }),
    seats: ["gm", "alice", "bob"],
  });
  // On these draws the round Closes with every value of the die still possible (public play left
  // all six open), so the last draw alone decides it.
  const words = seededUniform(5);
  let draws = 0;
  table.gm.scriptSecrets(() => {
    const u = words();
    return draws++ === flipAt ? 1 - u : u;
  });
  await startCombat(table);
  for (const [seat, key] of [
    ["alice", "ana"],
    ["bob", "bo"],
    ["gm", "orc"],
  ] as const)
    expect(await declare(table, seat, key, "bold")).toBe(true);
  const seen: ClientSnapshot[] = [];
  const look = () => seen.push(snapshot(table.alice), snapshot(table.bob));
  look();
  const log: CountdownLog = { calls: 0, bids: 0, spends: 0, refused: [] };
  for (let n = 0; n < 80 && (await countdownStep(table, log)); n++) look();
  expect(countdownOn(table.gm).phase, "the round Closed").toBe("closed");
  expect(log.refused).toEqual([]);
  expect(table.server.clock.errors).toEqual([]);
  const kept = table.gm.run(() => (game.combats!.get(COMBAT) as unknown as ZilchCombat).zilchKeptClosing());
  return { seen, kept, draws };
}

/** CD-19: the Closing die of a Closed round, with the world hiding it, leaves no trace on a player's client. */
export async function closingSecrecy(): Promise<void> {
  const a = await closingHistory(null);
  const b = await closingHistory(a.draws - 1);
  expect(a.kept, "the GM keeps the Closing die").toEqual(expect.any(Number));
  expect(b.kept, "the two runs Close on different dice, or the comparison proves nothing").not.toBe(a.kept);
  sameForObserver(a.seen, b.seen, "countdown to the Close");
}

// ── The attack card while the declarations are still secret ───────────────────────────────────

/** The attack world; with `choices`, Ana holds a Boon and the orc a ♠ chip; without, the default pace. */
function attackSecrecyWorld(choices: boolean) {
  const w = attackWorld(choices ? {} : { "zilch.attackAutoRolls": "all" });
  if (!choices) return w;
  const ana = w.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.system = { ...ana.system, boons: 1 };
  const orc = w.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = { ...orc.system, chips: { spades: { value: 1, max: 1 } } };
  return w;
}

async function attackHistory(
  orcStance: string,
  choices: boolean,
): Promise<Record<"alice" | "bob", ClientSnapshot[]>> {
  const table = await openTable({ world: attackSecrecyWorld(choices), seeds: { gm: 4 } });
  const seen = { alice: [] as ClientSnapshot[], bob: [] as ClientSnapshot[] };
  const look = () => {
    seen.alice.push(snapshot(table.alice));
    seen.bob.push(snapshot(table.bob));
  };
  await startCombat(table);
  expect(await declare(table, "alice", "ana", "bold")).toBe(true);
  expect(await declare(table, "gm", "orc", orcStance)).toBe(true);
  look();
  // ST-1: the attack waits for the stances to be shown, so it is refused and no domino is revealed.
  expect(await attackWithSword(table, "alice", "orc")).toBe(false);
  look();
  expect(table.server.clock.errors).toEqual([]);
  return seen;
}

/**
 * ST-1 with the attack card: Ana tries to attack the orc while Bob has not declared; the refusal, and
 * the orc's secret stance (Guarded would change the defence, Reckless skip the DOM-5 reveal of its
 * domino), leave no trace on a player's client.
 */
export async function attackSecrecy(choices: boolean): Promise<number> {
  const guarded = await attackHistory("guarded", choices);
  const reckless = await attackHistory("reckless", choices);
  for (const seat of ["alice", "bob"] as const)
    sameForObserver(guarded[seat], reckless[seat], `attack card, ${seat}`);
  return guarded.alice.length;
}

/** Every secrecy check, in the order the planted-leak test tries them. */
export const SECRECY_CHECKS: readonly (readonly [string, () => Promise<unknown>])[] = [
  ["Spades round, Alice", () => spadesSecrecy("alice")],
  ["countdown to the Close", closingSecrecy],
  ["countdown bid", bidSecrecy],
  ["attack card", () => attackSecrecy(false)],
  ["Spades round, Bob", () => spadesSecrecy("bob")],
  ["countdown lowering", loweringSecrecy],
  ["attack card with choices", () => attackSecrecy(true)],
];
