/**
 * A countdown round (RULES.md §18) played by the people at the table, with bidding (CD-18 a) and
 * lowering the Closing die (CD-18 c) on: each called participant's owner Acts; between calls each
 * player bids its highest usable die; when the Closing die would be reached each player spends its
 * lowest die and the GM resolves the lowering. Every request from the seat whose button it is.
 */
import { expect } from "vitest";
import type { CountdownState } from "../../src/rules/countdown/types";
import { defaultWorld, EVERY_SEAT_SEEDED, Table, type Seat } from "./table";
import { ask, COMBAT, combatantId, everyoneDeclares, nextCall, roundOn, seatOf, startCombat } from "./play";
import type { TableClient } from "./client";
import type { RoundState } from "../../src/rules/round/state";
import { attackTable, attackWorld } from "./attack-card";

export function countdownWorld() {
  return defaultWorld({
    "zilch.initiativeMode": "countdown",
    "zilch.cdBidding": true,
    "zilch.cdLowerClosing": true,
  });
}

type ActorKey = "ana" | "bo" | "orc";
const ACTOR_KEYS: readonly ActorKey[] = ["ana", "bo", "orc"];

export function countdownOn(client: TableClient): CountdownState {
  const cd = roundOn(client)?.countdown;
  if (!cd) throw new Error(`${client.name} sees no countdown`);
  return cd;
}

function actorOf(table: Table, id: string): ActorKey {
  const key = ACTOR_KEYS.find((k) => combatantId(table, k) === id);
  if (!key) throw new Error(`no actor for combatant ${id}`);
  return key;
}

export interface CountdownLog {
  calls: number;
  bids: number;
  spends: number;
  refused: string[];
}

/** One step of the round by whoever must act now; returns false once the round is closed. */
export async function countdownStep(
  table: Table,
  log: CountdownLog,
  seats: readonly Seat[] = ["alice", "bob"],
): Promise<boolean> {
  const cd = countdownOn(table.gm);
  if (cd.phase === "closed") return false;
  const mine = (seat: Seat) =>
    cd.participants.filter((p) => p.active && seatOf(actorOf(table, p.id)) === seat && p.hand.length > 0);
  if (cd.lowering) {
    const lowered = roundOn(table.gm)?.lowered ?? [];
    for (const seat of seats)
      for (const p of mine(seat).filter((q) => !lowered.includes(q.id))) {
        const die = Math.min(...p.hand);
        if (await ask(table, seat, { kind: "lowerClosing", combatId: COMBAT, combatantId: p.id, die }))
          log.spends += 1;
        else log.refused.push(`lower ${p.id}`);
      }
    if (countdownOn(table.gm).lowering)
      expect(await ask(table, "gm", { kind: "resolveLowering", combatId: COMBAT })).toBe(true);
    return true;
  }
  if (cd.current !== null) {
    const seat = seatOf(actorOf(table, cd.current));
    const ok = await ask(table, seat, {
      kind: "countdownChoice",
      combatId: COMBAT,
      combatantId: cd.current,
      choice: { kind: "act" },
    });
    if (!ok) log.refused.push(`act ${cd.current}`);
    expect(ok).toBe(true);
    return true;
  }
  const bidders = roundOn(table.gm)?.bidders ?? [];
  for (const seat of seats)
    for (const p of mine(seat).filter((q) => !bidders.includes(q.id))) {
      const usable = p.hand.filter((d) => d > 1);
      if (usable.length === 0) continue;
      if (
        await ask(table, seat, { kind: "bid", combatId: COMBAT, combatantId: p.id, die: Math.max(...usable) })
      )
        log.bids += 1;
      else log.refused.push(`bid ${p.id}`);
    }
  expect(await nextCall(table)).toBe(true);
  log.calls += 1;
  return true;
}

/**
 * Starts the countdown combat and has everyone declare (stances shown); returns the table. Every seat's
 * Web Crypto is seeded (`gmSeed` also seeds the GM's), so the hands and the Closing die repeat.
 */
export async function countdownStarted(options: { gmSeed?: number } = {}): Promise<Table> {
  const table = await Table.open({
    world: countdownWorld(),
    seats: ["gm", "alice", "bob"],
    seeds: options.gmSeed ? { gm: options.gmSeed } : {},
    cryptoSeeds: { ...EVERY_SEAT_SEEDED, ...(options.gmSeed ? { gm: options.gmSeed } : {}) },
  });
  await startCombat(table);
  await everyoneDeclares(table);
  return table;
}

/**
 * The GM's client rewrites the countdown's participants (their hands, held dice) as its own round state,
 * standing in for what the GM's secret roll could have given.
 */
export async function setParticipants(
  table: Table,
  change: (p: CountdownState["participants"][number]) => CountdownState["participants"][number],
): Promise<void> {
  await table.act("gm", async () => {
    const combat = table.gm.combats.get(COMBAT)!;
    const round = combat.getFlag("zilch", "round") as RoundState;
    const cd = round.countdown!;
    await combat.setFlag("zilch", "round", {
      ...round,
      countdown: { ...cd, participants: cd.participants.map(change) },
    });
  });
}

/** A countdown combat on the attack world, stances shown, each of `ones` holding a 1 in its hand. */
export async function countdownAttackTable(ones: readonly ("ana" | "orc")[]): Promise<Table> {
  const table = await attackTable({ world: attackWorld({ "zilch.initiativeMode": "countdown" }) });
  // The dice are the GM's roll; a 1 is put into the hands that need one, as a roll could give it.
  const ids = ones.map((who) => combatantId(table, who));
  await setParticipants(table, (p) => (ids.includes(p.id) ? { ...p, hand: [1, ...p.hand] } : p));
  return table;
}
