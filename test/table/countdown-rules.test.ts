/**
 * §18 at the table, without the CD-18 options: the hands the GM's client rolls from each creature's
 * sheet (CD-2), the dice a hand holds and which of them may be used (CD-4), the discard pool (CD-8),
 * Closing and the Closing die (CD-11, CD-12), Burn (CD-14) and a lost turn (CD-20), every request
 * from the seat whose tracker button it is, read back on the players' clients.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, defaultWorld, Table, type Seat } from "./table";
import { ask, COMBAT, combatantId, declare, nextCall, roundOn, seatOf, startCombat } from "./play";
import { countdownOn } from "./countdown";
import type { TableClient } from "./client";
import type { WorldData } from "./server";
import type { RoundState } from "../../src/rules/round/state";
import type { Choice } from "../../src/rules/countdown/choices";
import type { CountdownParticipant } from "../../src/rules/countdown/types";

type ActorKey = keyof typeof ACTORS;
const KEYS: readonly ActorKey[] = ["ana", "bo", "orc"];

/** A uniform in [0, 1) that foundryRollDie turns into `face` on a die of `faces`. */
const uniformFor = (face: number, faces: number) => (face - 0.5) / faces;

/** The GM's dice source (CONFIG.Dice.randomUniform) draws these, then `rest`. */
function gmDraws(table: Table, queue: number[], rest = 0.5): void {
  table.gm.run(() => {
    (CONFIG.Dice as unknown as { randomUniform: () => number }).randomUniform = () => queue.shift() ?? rest;
  });
}

/** A countdown world (no CD-18 options) whose actors' system data `edit` changes. */
function world(edit: (actors: Record<ActorKey, WorldData["actors"][number]>) => void = () => {}) {
  const w = defaultWorld({ "zilch.initiativeMode": "countdown" });
  // The shared ACTORS stay as they are: each test edits its own copies.
  w.actors = w.actors.map((a) => structuredClone(a));
  const [ana, bo, orc] = w.actors;
  edit({ ana: ana!, bo: bo!, orc: orc! });
  return w;
}

async function openTable(w: WorldData = world()): Promise<Table> {
  return Table.open({ world: w, seats: ["gm", "alice", "bob"] });
}

/** Everyone declares Bold, each from its own seat. */
async function declareAll(table: Table): Promise<void> {
  for (const key of KEYS) expect(await declare(table, seatOf(key), key, "bold")).toBe(true);
}

/** A started countdown round with the stances shown. */
async function started(w?: WorldData): Promise<Table> {
  const table = await openTable(w);
  await startCombat(table);
  await declareAll(table);
  return table;
}

/** The GM's client puts these hands in (the dice are the GM's roll; these are hands a roll could give). */
async function withHands(table: Table, hands: Partial<Record<ActorKey, number[]>>): Promise<void> {
  await table.act("gm", async () => {
    const combat = table.gm.combats.get(COMBAT)!;
    const round = combat.getFlag("zilch", "round") as RoundState;
    const cd = round.countdown!;
    const byId = new Map(KEYS.map((k) => [combatantId(table, k), hands[k]]));
    const participants = cd.participants.map((p) => {
      const hand = byId.get(p.id);
      return hand ? { ...p, hand } : p;
    });
    await combat.setFlag("zilch", "round", { ...round, countdown: { ...cd, participants } });
  });
}

const on = (table: Table, client: TableClient, key: ActorKey): CountdownParticipant =>
  countdownOn(client).participants.find((p) => p.id === combatantId(table, key))!;

const calledOn = (table: Table, client: TableClient): ActorKey | null => {
  const id = countdownOn(client).current;
  return KEYS.find((k) => combatantId(table, k) === id) ?? null;
};

/** The called creature's owner answers the call (the tracker's Act, Pass, Accumulate… buttons). */
function answer(table: Table, key: ActorKey, choice: Choice, seat: Seat = seatOf(key)): Promise<boolean> {
  return ask(table, seat, {
    kind: "countdownChoice",
    combatId: COMBAT,
    combatantId: combatantId(table, key),
    choice,
  });
}

const chat = (table: Table) => table.server.world.messages.map((m) => m.content).join("\n");

describe("CD-2: the pool each creature rolls comes from its sheet", () => {
  it("CD-2: Ana ♠13 with Alert rolls 6 and re-rolls a 1; Bo ♠10 Slowed rolls 4; the orc ♠7 rolls 4", async () => {
    const table = await openTable(
      world(({ ana, bo, orc }) => {
        ana.system = { suits: { spades: { primary: 13 } } };
        ana.items = [{ _id: "itmAlert00000001", name: "Alert", type: "knack", system: { key: "alert" } }];
        bo.system = { suits: { spades: { primary: 10 } } };
        bo.statuses = ["slowed"];
        orc.system = { suits: { spades: { value: 7 } } };
      }),
    );
    // Every sheet shows the pool it will roll (CD-2): 4 + 1 + 1; 4 + 1 − 1; 4.
    const pools = table.alice.run(() =>
      KEYS.map((k) => (game.actors!.get(ACTORS[k]._id)!.system as { countdownPool: number }).countdownPool),
    );
    expect(pools).toEqual([6, 4, 4]);
    const d6 = (...faces: number[]) => faces.map((f) => uniformFor(f, 6));
    // Three tiebreakers, then Ana's six dice and her Alert re-roll of the 1 (a 5), Bo's four, the orc's four.
    const queue = [0.1, 0.5, 0.9, ...d6(1, 6, 4, 3, 2, 2, 5), ...d6(1, 5, 2, 3), ...d6(3, 3, 6, 2)];
    gmDraws(table, queue);
    await startCombat(table);
    expect(queue).toEqual([]);
    for (const client of [table.alice, table.bob]) {
      expect(on(table, client, "ana").hand).toEqual([6, 5, 4, 3, 2, 2]);
      // Bo has no Alert: his 1 stays.
      expect(on(table, client, "bo").hand).toEqual([5, 3, 2, 1]);
      expect(on(table, client, "orc").hand).toEqual([6, 3, 3, 2]);
    }
    // The hands are public (CD-19), as a chat line each.
    expect(chat(table)).toContain("6, 5, 4, 3, 2, 2");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("CD-2: an Unconscious creature rolls no dice and is never called", async () => {
    const table = await openTable(world(({ bo }) => void (bo.statuses = ["unconscious"])));
    await startCombat(table);
    // Bo holds no domino to declare with (CB-1); the other two declare, and the stances show.
    expect(await declare(table, "bob", "bo", "bold")).toBe(false);
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    expect(await declare(table, "gm", "orc", "bold")).toBe(true);
    expect(on(table, table.alice, "bo").hand).toEqual([]);
    expect(on(table, table.alice, "bo").active).toBe(false);
    expect(countdownOn(table.alice).phase).toBe("countdown");
    for (let n = 0; n < 12 && countdownOn(table.gm).phase !== "closed"; n++) {
      const called = calledOn(table, table.gm);
      if (called === null) expect(await nextCall(table)).toBe(true);
      else {
        expect(called).not.toBe("bo");
        expect(await answer(table, called, { kind: "act" })).toBe(true);
      }
    }
    expect(countdownOn(table.gm).calls).not.toContain(combatantId(table, "bo"));
  });
});

describe("CD-4: the hand, usable dice and 1s", () => {
  it("CD-4: a 1 is not a usable die: it cannot be accumulated, only passed; a hand of only 1s is never called", async () => {
    const table = await started();
    await withHands(table, { ana: [3, 1], bo: [1, 1], orc: [2] });
    expect(await nextCall(table)).toBe(true);
    expect(calledOn(table, table.alice)).toBe("ana");
    const sword = { action: "attack:unarmed", speed: 3 };
    // A 1 adds nothing to a pool (CD-8, CD-10): refused, and the hand is as it was.
    expect(await answer(table, "ana", { kind: "accumulate", action: sword, die: 1 })).toBe(false);
    expect(on(table, table.alice, "ana").hand).toEqual([3, 1]);
    // Passing may discard a 1.
    expect(await answer(table, "ana", { kind: "pass", die: 1 })).toBe(true);
    expect(on(table, table.bob, "ana").hand).toEqual([3]);
    // Bo's hand holds only 1s: the calls go to Ana's 3, then the orc's 2, never to Bo.
    const called: (ActorKey | null)[] = [];
    for (let n = 0; n < 8 && countdownOn(table.gm).phase !== "closed"; n++) {
      if (calledOn(table, table.gm) === null) {
        expect(await nextCall(table)).toBe(true);
        called.push(calledOn(table, table.gm));
      } else expect(await answer(table, calledOn(table, table.gm)!, { kind: "act" })).toBe(true);
    }
    expect(called.filter((k) => k !== null)).toEqual(["ana", "orc"]);
    expect(countdownOn(table.bob).calls).not.toContain(combatantId(table, "bo"));
  });

  it("CD-4: at most one held die: holding again is refused, the holder keeps holding by discarding another die", async () => {
    const table = await started();
    await withHands(table, { ana: [5, 4, 2], bo: [3], orc: [2] });
    expect(await nextCall(table)).toBe(true);
    expect(await answer(table, "ana", { kind: "hold" })).toBe(true);
    expect(on(table, table.bob, "ana")).toMatchObject({ hand: [4, 2], held: 5 });
    expect(await nextCall(table)).toBe(true);
    expect(calledOn(table, table.gm)).toBe("ana");
    expect(await answer(table, "ana", { kind: "hold" })).toBe(false);
    expect(await answer(table, "ana", { kind: "keepHolding", die: 2 })).toBe(true);
    expect(on(table, table.bob, "ana")).toMatchObject({ hand: [4], held: 5 });
  });
});

/** A one-handed weapon item in hand (EQ-1), of `category`. */
const weapon = (id: string, name: string, category: string, system: Record<string, unknown> = {}) => ({
  _id: id,
  name,
  type: "weapon",
  system: {
    category,
    slot: "hands",
    hands: 1,
    modes: { melee: true, thrown: false, launcher: false },
    ...system,
  },
});
const AXE = "itmAxe0000000001";
const DAGGER = "itmDagger0000001";
const SLING = "itmSling00000001";

/** Ana with a Heavy axe in hand; the orc with a dagger and a sling. */
const armed = () =>
  world(({ ana, orc }) => {
    ana.items = [weapon(AXE, "Axe", "heavy")];
    orc.items = [
      weapon(DAGGER, "Dagger", "light"),
      weapon(SLING, "Sling", "light", {
        modes: { melee: false, thrown: false, launcher: true },
        rangeClass: "short",
        reload: "slow",
      }),
    ];
  });

describe("CD-8: the discard pool", () => {
  // EX-CD-2: a Heavy weapon (speed 5), hand 4, 3, 1. The tracker names the axe's attack at speed 5.
  const heavy = { action: `attack:${AXE}`, speed: 5 };

  it("EX-CD-2 (CD-8): Accumulate 4 counts as a pass; called at 3, Accumulate again: 4 + 3 = 7 ≥ 5 pays the attack at once", async () => {
    const table = await started(armed());
    await withHands(table, { ana: [4, 3, 1], bo: [2], orc: [2] });
    expect(await nextCall(table)).toBe(true);
    expect(await answer(table, "ana", { kind: "accumulate", action: heavy, die: 4 })).toBe(true);
    // Counts as a pass: nobody is called, and the pool shows on every client.
    expect(countdownOn(table.bob).current).toBeNull();
    expect(on(table, table.bob, "ana")).toMatchObject({
      hand: [3, 1],
      pool: { ...heavy, dice: [4] },
      acts: 0,
    });
    expect(await nextCall(table)).toBe(true);
    expect(calledOn(table, table.gm)).toBe("ana");
    expect(await answer(table, "ana", { kind: "accumulate", action: heavy, die: 3 })).toBe(true);
    // The pool paid: Ana Acted and the pool is empty.
    expect(on(table, table.bob, "ana")).toMatchObject({ hand: [1], pool: null, acts: 1 });
  });

  it("CD-8: a player's pool names its own creature's attack; a speed the client wrote is not trusted", async () => {
    const table = await started(armed());
    await withHands(table, { ana: [4, 3, 1], bo: [2], orc: [2] });
    expect(await nextCall(table)).toBe(true);
    // A console claiming the axe is quick (3) gets the axe's own speed 5: 4 does not pay, it is pooled.
    expect(await answer(table, "ana", { kind: "accumulate", action: { ...heavy, speed: 3 }, die: 4 })).toBe(
      true,
    );
    expect(on(table, table.bob, "ana")).toMatchObject({ pool: { ...heavy, dice: [4] }, acts: 0 });
    expect(await nextCall(table)).toBe(true);
    expect(
      await answer(table, "ana", {
        kind: "accumulate",
        action: { action: `attack:${SLING}`, speed: 6 },
        die: 3,
      }),
    ).toBe(false);
  });

  it("CD-8: a pool for another action is lost when a new one starts, and any Act empties it", async () => {
    const table = await started(armed());
    await withHands(table, { ana: [2], bo: [2], orc: [3, 3, 3] });
    const sling = { action: `attack:${SLING}`, speed: 6 };
    const dagger = { action: `attack:${DAGGER}`, speed: 4 };
    expect(await nextCall(table)).toBe(true);
    expect(calledOn(table, table.gm)).toBe("orc");
    expect(await answer(table, "orc", { kind: "accumulate", action: sling, die: 3 })).toBe(true);
    expect(on(table, table.alice, "orc").pool).toEqual({ ...sling, dice: [3] });
    expect(await nextCall(table)).toBe(true);
    // A pool for the dagger: the sling's 3 is gone (3 < 4, so it is only pooled).
    expect(await answer(table, "orc", { kind: "accumulate", action: dagger, die: 3 })).toBe(true);
    expect(on(table, table.alice, "orc").pool).toEqual({ ...dagger, dice: [3] });
    expect(await nextCall(table)).toBe(true);
    // An Act paying for a Minor only still empties it.
    expect(await answer(table, "orc", { kind: "act" })).toBe(true);
    expect(on(table, table.alice, "orc")).toMatchObject({ hand: [], pool: null, acts: 1 });
  });

  it("CD-8: the pool stays into the next round", async () => {
    const table = await started(armed());
    await withHands(table, { ana: [4, 2], bo: [3], orc: [3] });
    expect(await nextCall(table)).toBe(true);
    expect(await answer(table, "ana", { kind: "accumulate", action: heavy, die: 4 })).toBe(true);
    await table.act("gm", () => table.gm.combats.get(COMBAT)!.nextRound());
    expect(roundOn(table.bob)?.round).toBe(2);
    expect(on(table, table.bob, "ana").pool).toEqual({ ...heavy, dice: [4] });
  });
});
