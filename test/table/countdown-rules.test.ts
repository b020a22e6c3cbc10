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
import type { ZilchCombat } from "../../src/documents/combat/zilch-combat";
import { uniformFor } from "./dice";

/** The GM's secret draws (dominoes, hands, the Closing die) repeat from run to run on this seed. */
const CRYPTO_GM = 3;

type ActorKey = keyof typeof ACTORS;
const KEYS: readonly ActorKey[] = ["ana", "bo", "orc"];

/** The GM's secret draws (its Web Crypto words, scripted: table client.ts) are these, then `rest`. */
function gmDraws(table: Table, queue: number[], rest = 0.5): void {
  table.gm.scriptSecrets(() => queue.shift() ?? rest);
}

/** The GM's public dice (CONFIG.Dice.randomUniform: its tests and saves) roll these, then `rest`. */
function gmDice(table: Table, queue: number[], rest = 0.5): void {
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
  return Table.open({ world: w, seats: ["gm", "alice", "bob"], cryptoSeeds: { gm: CRYPTO_GM } });
}

/** Everyone declares Bold, each from its own seat. */
async function declareAll(table: Table): Promise<void> {
  for (const key of KEYS) expect(await declare(table, seatOf(key), key, "bold")).toBe(true);
}

/** Those who may declare do (a surprised one may not); the hands are rolled once all are in (CD-1). */
async function declareWhoMay(table: Table): Promise<void> {
  for (const key of KEYS) await declare(table, seatOf(key), key, "bold");
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

/** CD-19: a Closed round's hidden Closing die, as only the GM's client keeps it. */
const keptClosing = (table: Table): number | null =>
  table.gm.run(() => (table.gm.combats.get(COMBAT) as unknown as ZilchCombat).zilchKeptClosing());

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

/** The GM's client asks for a round change, as the attack card's GM step does (src/documents/attack/actors.ts#loseActions). */
function gmAsks(table: Table, kind: "loseAction" | "loseRoundActions", key: ActorKey): Promise<boolean> {
  return ask(table, "gm", { kind, combatId: COMBAT, combatantId: combatantId(table, key) });
}

/** A number the creature's sheet derives (CD-2 pool, INJ-7 Burn), as `client` holds it. */
function derived(client: TableClient, key: ActorKey, field: "countdownPool" | "burn"): number | null {
  return client.run(() => {
    const actor = game.actors!.get(ACTORS[key]._id)!;
    return actor.isOfType("character", "npc") ? actor.system[field] : null;
  });
}

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
    expect(KEYS.map((k) => derived(table.alice, k, "countdownPool"))).toEqual([6, 4, 4]);
    const d6 = (...faces: number[]) => faces.map((f) => uniformFor(f, 6));
    // Three tiebreakers, then Ana's six dice and her Alert re-roll of the 1 (a 5), Bo's four, the orc's four.
    const queue = [0.1, 0.5, 0.9, ...d6(1, 6, 4, 3, 2, 2, 5), ...d6(1, 5, 2, 3), ...d6(3, 3, 6, 2)];
    gmDraws(table, queue);
    await startCombat(table);
    // CD-1: no die is rolled before the stances are shown.
    expect(countdownOn(table.alice).participants.flatMap((p) => p.hand)).toEqual([]);
    expect(chat(table)).not.toContain("6, 5, 4, 3, 2, 2");
    await declareAll(table);
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

describe("CD-2: a Helpless participant rolls and is called, for mental actions only", () => {
  it("CD-2: Paralysed Bo rolls his four dice and is called; after his Act a Move is refused", async () => {
    const table = await openTable(world(({ bo }) => void (bo.statuses = ["paralysed"])));
    await startCombat(table);
    await declareWhoMay(table);
    expect(countdownOn(table.gm).phase).toBe("countdown");
    // CON-4: Helpless still receives a domino; CD-2: it rolls its hand like anyone else.
    expect(on(table, table.bob, "bo").hand).toHaveLength(4);
    expect(on(table, table.bob, "bo").active).toBe(true);
    await withHands(table, { ana: [1], bo: [6], orc: [1] });
    expect(await nextCall(table)).toBe(true);
    expect(calledOn(table, table.bob)).toBe("bo");
    expect(await answer(table, "bo", { kind: "act" })).toBe(true);
    const move = {
      kind: "takeAction",
      combatId: COMBAT,
      combatantId: combatantId(table, "bo"),
      action: "move",
    };
    expect(await ask(table, "bob", move as never)).toBe(false);
    expect(table.server.clock.errors).toEqual([]);
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

describe("CD-11, CD-12: Closing and the Closing die", () => {
  /**
   * EX-CD-4 at the table: the orc spends its only die, so the round turns Closing. The Closing die is 4:
   * Ana has 4, 1 and Bo has 3. Ana is called (4 ties 4, the combatant first); then Bo's 3 < 4, so the
   * round is Closed. The GM's secret draws decide the die as play compares with it (src/rules/countdown/closing.ts):
   * before Ana's call a low draw (her 4 meets it), before Bo's a high one (his 3 does not).
   */
  it("EX-CD-4 (CD-11, CD-12): the last die spent turns the round Closing; a 4 ties the Closing die 4, a 3 does not", async () => {
    const table = await started();
    await withHands(table, { ana: [4, 1], bo: [3], orc: [5] });
    expect(await nextCall(table)).toBe(true);
    expect(calledOn(table, table.gm)).toBe("orc");
    expect(countdownOn(table.alice).phase).toBe("countdown");
    expect(await answer(table, "orc", { kind: "act" })).toBe(true);
    // CD-11: the orc is able to act and has no die left and none held: Closing, on every client.
    for (const client of [table.alice, table.bob]) {
      expect(countdownOn(client).phase).toBe("closing");
      // CD-19: no client holds a value for the Closing die.
      expect(countdownOn(client).closing?.value).toBeNull();
    }
    expect(countdownOn(table.gm).closing?.value).toBeNull();
    gmDraws(table, [], 0);
    expect(await nextCall(table)).toBe(true);
    expect(calledOn(table, table.alice)).toBe("ana");
    expect(await answer(table, "ana", { kind: "act" })).toBe(true);
    expect(countdownOn(table.alice).closing?.value).toBeNull();
    gmDraws(table, [], 0.99);
    expect(await nextCall(table)).toBe(true);
    // CD-12: no callable participant reaches the Closing die: the round is Closed, and nobody was called.
    expect(countdownOn(table.bob).phase).toBe("closed");
    expect(countdownOn(table.gm).current).toBeNull();
    expect(keptClosing(table)).toBe(4);
    expect(countdownOn(table.gm).calls).toEqual([combatantId(table, "orc"), combatantId(table, "ana")]);
    // CD-1 step 6: the dice left in hand are discarded with the Close.
    expect(on(table, table.bob, "bo").hand).toEqual([]);
  });

  it("CD-12: while Closing, a die that beats the Closing die is still called, and it keeps its CD-5 place", async () => {
    const table = await started();
    await withHands(table, { ana: [6, 2], bo: [3], orc: [5] });
    expect(await nextCall(table)).toBe(true);
    expect(calledOn(table, table.gm)).toBe("ana");
    expect(await answer(table, "ana", { kind: "pass", die: 6 })).toBe(true);
    expect(await nextCall(table)).toBe(true);
    expect(await answer(table, "orc", { kind: "act" })).toBe(true);
    expect(countdownOn(table.bob).phase).toBe("closing");
    // Every comparison made now finds the Closing die as low as it can be: Bo's 3, then Ana's 2 go.
    gmDraws(table, [], 0);
    expect(await nextCall(table)).toBe(true);
    expect(calledOn(table, table.bob)).toBe("bo");
    expect(await answer(table, "bo", { kind: "act" })).toBe(true);
    expect(await nextCall(table)).toBe(true);
    expect(calledOn(table, table.bob)).toBe("ana");
    expect(await answer(table, "ana", { kind: "act" })).toBe(true);
    expect(await nextCall(table)).toBe(true);
    expect(countdownOn(table.bob).phase).toBe("closed");
    expect(keptClosing(table)).toBeLessThanOrEqual(2);
  });

  it("CD-11: a player that passes its last die turns the round Closing too; only once per round", async () => {
    const table = await started();
    await withHands(table, { ana: [5], bo: [4], orc: [6, 2] });
    expect(await nextCall(table)).toBe(true);
    expect(await answer(table, "orc", { kind: "act" })).toBe(true);
    expect(countdownOn(table.bob).phase).toBe("countdown");
    expect(await nextCall(table)).toBe(true);
    expect(await answer(table, "ana", { kind: "pass", die: 5 })).toBe(true);
    expect(countdownOn(table.bob).phase).toBe("closing");
    expect(countdownOn(table.gm).closingAfter).toBe(2);
    // Bo's 4 meets the Closing die; spending it empties a second hand, and the Closing die stays the one rolled.
    gmDraws(table, [], 0);
    expect(await nextCall(table)).toBe(true);
    expect(calledOn(table, table.gm)).toBe("bo");
    expect(await answer(table, "bo", { kind: "act" })).toBe(true);
    expect(countdownOn(table.gm).closingAfter).toBe(2);
  });
});

describe("CD-14: Burn N", () => {
  const d6 = (...faces: number[]) => faces.map((f) => uniformFor(f, 6));
  /** Bo with a winding injury to the gut: Burn 2 while it lasts (INJ-7). */
  const winded = () =>
    world(({ bo }) => {
      bo.items = [
        {
          _id: "itmWind000000001",
          name: "Winded",
          type: "injury",
          system: { kind: "grievousInjury", effect: "wind", location: "abdomen" },
        },
      ];
    });

  it("CD-14: Bo's injury (Burn 2) turns his two lowest usable dice into 1s at every round start", async () => {
    const table = await openTable(winded());
    expect(derived(table.bob, "bo", "burn")).toBe(2);
    const round1 = [0.1, 0.5, 0.9, ...d6(6, 6, 6, 6), ...d6(5, 4, 3, 2), ...d6(2, 2, 2, 2)];
    gmDraws(table, round1);
    await startCombat(table);
    await declareAll(table);
    expect(round1).toEqual([]);
    expect(on(table, table.bob, "bo").hand).toEqual([5, 4, 1, 1]);
    expect(on(table, table.bob, "ana").hand).toEqual([6, 6, 6, 6]);
    // CD-1 step 3: again at the next round start.
    await withHands(table, { ana: [], bo: [], orc: [] });
    const round2 = [...d6(6, 6, 6, 6), ...d6(6, 1, 3, 5), ...d6(2, 2, 2, 2)];
    gmDraws(table, round2);
    await table.act("gm", () => table.gm.combats.get(COMBAT)!.nextRound());
    expect(roundOn(table.bob)?.round).toBe(2);
    await declareAll(table);
    expect(on(table, table.alice, "bo").hand).toEqual([6, 1, 1, 1]);
  });

  it("CD-14: an injury Bo gains mid-round burns two of his dice at once, on every client, with a chat line", async () => {
    const table = await started();
    await withHands(table, { ana: [6], bo: [5, 4, 3], orc: [2] });
    // The attack card's GM step adds the injury to the defender (src/documents/attack/effects.ts).
    await table.act("gm", async () => {
      const bo = game.actors!.get(ACTORS.bo._id)!;
      await bo.addInjury("Winded", { kind: "grievousInjury", effect: "wind", location: "abdomen" });
    });
    for (const client of [table.alice, table.bob]) expect(on(table, client, "bo").hand).toEqual([5, 1, 1]);
    expect(chat(table)).toContain("Bo&#x27;s injury burns 2 of their action dice at once");
    // An injury without Burn burns nothing.
    await table.act("gm", async () => {
      const ana = game.actors!.get(ACTORS.ana._id)!;
      await ana.addInjury("Arm disabled", {
        kind: "specificWound",
        effect: "armDisabled",
        location: "rightArm",
      });
    });
    expect(on(table, table.alice, "ana").hand).toEqual([6]);
  });

  it("CD-14: Bob burns his 5 instead of a die the injury burned; the 4 comes back, until the next call", async () => {
    const table = await started();
    await withHands(table, { ana: [6], bo: [5, 4, 3], orc: [2] });
    await table.act("gm", async () => {
      const bo = game.actors!.get(ACTORS.bo._id)!;
      await bo.addInjury("Winded", { kind: "grievousInjury", effect: "wind", location: "abdomen" });
    });
    expect(on(table, table.bob, "bo").hand).toEqual([5, 1, 1]);
    const instead = (seat: Seat, die: number) =>
      ask(table, seat, { kind: "burnInstead", combatId: COMBAT, combatantId: combatantId(table, "bo"), die });
    // Not Alice's dice; and a die Bob does not hold is refused.
    expect(await instead("alice", 5)).toBe(false);
    expect(await instead("bob", 6)).toBe(false);
    expect(on(table, table.gm, "bo").hand).toEqual([5, 1, 1]);
    expect(await instead("bob", 5)).toBe(true);
    for (const client of [table.alice, table.bob, table.gm])
      expect(on(table, client, "bo").hand).toEqual([4, 1, 1]);
    expect(chat(table)).toContain("Bo burns a 5 instead: the burned 4 is back");
    // He may change his mind: the 5 comes back for the 4; still two dice burned.
    expect(await instead("bob", 4)).toBe(true);
    expect(on(table, table.alice, "bo").hand).toEqual([5, 1, 1]);
    expect(await nextCall(table)).toBe(true);
    expect(await instead("bob", 5)).toBe(false);
    expect(on(table, table.alice, "bo").hand).toEqual([5, 1, 1]);
  });

  it("CD-14: a player cannot burn dice by asking for an injury's Burn", async () => {
    const table = await started();
    await withHands(table, { ana: [6, 5], bo: [5, 4, 3], orc: [2] });
    const asked = {
      kind: "injuryBurn",
      combatId: COMBAT,
      combatantId: combatantId(table, "bo"),
      burn: 2,
    } as const;
    expect(await ask(table, "alice", asked)).toBe(false);
    expect(await ask(table, "bob", asked)).toBe(false);
    expect(on(table, table.gm, "bo").hand).toEqual([5, 4, 3]);
  });

  it("CD-14: a lost action burns the lowest usable die; on a hand of only 1s it discards a 1", async () => {
    const table = await started();
    await withHands(table, { ana: [1, 1], bo: [5, 3, 2], orc: [] });
    expect(await gmAsks(table, "loseAction", "bo")).toBe(true);
    expect(on(table, table.bob, "bo").hand).toEqual([5, 3, 1]);
    expect(await gmAsks(table, "loseAction", "ana")).toBe(true);
    expect(on(table, table.alice, "ana").hand).toEqual([1]);
    expect(chat(table)).toContain("Bo loses an action: Burn 1");
  });
});

describe("CD-20: turn phrases in the countdown", () => {
  it("CD-20: losing the next turn discards Ana's hand now, and with nothing held the round turns Closing", async () => {
    const table = await started();
    await withHands(table, { ana: [6, 4, 1], bo: [5], orc: [3] });
    expect(countdownOn(table.alice).phase).toBe("countdown");
    expect(await gmAsks(table, "loseRoundActions", "ana")).toBe(true);
    for (const client of [table.alice, table.bob]) {
      expect(on(table, client, "ana").hand).toEqual([]);
      expect(countdownOn(client).phase).toBe("closing");
    }
    // The calls go on among the others.
    gmDraws(table, [], 0);
    expect(await nextCall(table)).toBe(true);
    expect(calledOn(table, table.alice)).toBe("bo");
  });

  it("CD-20: a holder who loses its turn keeps the held die, so the round does not turn Closing", async () => {
    const table = await started();
    await withHands(table, { ana: [6, 4], bo: [5], orc: [3] });
    expect(await nextCall(table)).toBe(true);
    expect(await answer(table, "ana", { kind: "hold" })).toBe(true);
    expect(await gmAsks(table, "loseRoundActions", "ana")).toBe(true);
    expect(on(table, table.alice, "ana")).toMatchObject({ hand: [], held: 6 });
    expect(countdownOn(table.alice).phase).toBe("countdown");
  });

  it("CD-20: the start of your turn is your first call: its domino is revealed then, not before", async () => {
    const table = await started();
    await withHands(table, { ana: [6, 2], bo: [5], orc: [3] });
    const domino = (key: ActorKey) =>
      (
        table.server.combat(COMBAT).flags.zilch as {
          combatants: Record<string, { domino: { state: string } | null }>;
        }
      ).combatants[combatantId(table, key)]!.domino?.state;
    expect(KEYS.map(domino)).toEqual(["faceDown", "faceDown", "faceDown"]);
    expect(await nextCall(table)).toBe(true);
    expect(KEYS.map(domino)).toEqual(["revealed", "faceDown", "faceDown"]);
    expect(await answer(table, "ana", { kind: "act" })).toBe(true);
    expect(await nextCall(table)).toBe(true);
    expect(KEYS.map(domino)).toEqual(["revealed", "revealed", "faceDown"]);
  });
});

describe("CD-16: surprise in the countdown", () => {
  /** The GM's "surprised" toggle on a row before the combat starts (the tracker's request). */
  const markSurprised = (table: Table, key: ActorKey, seat: Seat = "gm") =>
    ask(table, seat, {
      kind: "setAware",
      combatId: COMBAT,
      combatantId: combatantId(table, key),
      aware: false,
    });

  it("CD-16: Bo, marked surprised by the GM, gets no dice and no domino; the round is Closing from the start", async () => {
    const table = await openTable();
    expect(await markSurprised(table, "bo")).toBe(true);
    await startCombat(table);
    // Only the aware declare; the hands are rolled once they are in (CD-1).
    expect(await declare(table, "bob", "bo", "bold")).toBe(false);
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    expect(await declare(table, "gm", "orc", "bold")).toBe(true);
    expect(roundOn(table.alice)?.stancesShown).toBe(true);
    for (const client of [table.alice, table.bob]) {
      expect(roundOn(client)?.surprise).toBe(true);
      expect(on(table, client, "bo").hand).toEqual([]);
      expect(on(table, client, "ana").hand.length).toBe(4);
      // CD-1 step 4: a participant with no dice and no held die: Closing at once, the die unseen.
      expect(countdownOn(client).phase).toBe("closing");
      expect(countdownOn(client).closing?.value).toBeNull();
    }
    const stored = table.server.combat(COMBAT).flags.zilch as {
      combatants: Record<string, { domino: { state: string }; aware: boolean }>;
    };
    expect(stored.combatants[combatantId(table, "bo")]).toMatchObject({
      domino: { state: "none" },
      aware: false,
    });
  });

  it("CD-16: aware participants act only while their highest die beats or ties the Closing die", async () => {
    const table = await openTable();
    expect(await markSurprised(table, "bo")).toBe(true);
    await startCombat(table);
    expect(await declare(table, "alice", "ana", "bold")).toBe(true);
    expect(await declare(table, "gm", "orc", "bold")).toBe(true);
    await withHands(table, { ana: [5, 2], orc: [4] });
    // A high draw: each comparison finds the Closing die above what it can prove, so a 5 is not enough.
    gmDraws(table, [], 0.99);
    expect(await nextCall(table)).toBe(true);
    expect(countdownOn(table.alice).phase).toBe("closed");
    expect(countdownOn(table.gm).calls).toEqual([]);
    expect(keptClosing(table)).toBe(6);
  });

  /** Ana (Cunning 8) with the Alert knack. */
  const alertAna = () =>
    world(({ ana }) => {
      ana.system = { suits: { spades: { primary: 7, secondary: 8 } } };
      ana.items = [{ _id: "itmAlert00000001", name: "Alert", type: "knack", system: { key: "alert" } }];
    });

  it("CB-3: Ana, marked surprised but Alert, makes a Cunning test at the start: 4 against 8 and she is aware after all", async () => {
    const table = await openTable(alertAna());
    expect(await markSurprised(table, "ana")).toBe(true);
    // The GM's d12 for her Cunning test (a public roll), then the tiebreakers (secret draws).
    gmDice(table, [uniformFor(4, 12)]);
    gmDraws(table, [0.1, 0.5, 0.9]);
    await startCombat(table);
    await declareWhoMay(table);
    expect(roundOn(table.alice)?.surprise).toBe(false);
    expect(on(table, table.alice, "ana").hand.length).toBeGreaterThan(0);
    expect(countdownOn(table.alice).phase).toBe("countdown");
    expect(chat(table)).toContain(
      "Ana is Alert and notices the danger in time (4 against Cunning 8): not surprised",
    );
  });

  it("CB-3: failing it (11 against 8), Alert Ana stays surprised; without a mark she rolls nothing", async () => {
    const table = await openTable(alertAna());
    expect(await markSurprised(table, "ana")).toBe(true);
    gmDice(table, [uniformFor(11, 12)]);
    gmDraws(table, [0.1, 0.5, 0.9]);
    await startCombat(table);
    await declareWhoMay(table);
    expect(roundOn(table.alice)?.surprise).toBe(true);
    expect(on(table, table.alice, "ana").hand).toEqual([]);
    expect(chat(table)).toContain("Ana is Alert but is caught unawares (11 against Cunning 8)");
    const unmarked = await openTable(alertAna());
    await startCombat(unmarked);
    expect(chat(unmarked)).not.toContain("is Alert");
  });

  it("CB-3: only the GM marks who is surprised, and only before the combat starts", async () => {
    const table = await openTable();
    expect(await markSurprised(table, "ana", "alice")).toBe(false);
    expect(await markSurprised(table, "orc", "bob")).toBe(false);
    await startCombat(table);
    expect(roundOn(table.gm)?.surprise).toBe(false);
    expect(await markSurprised(table, "bo")).toBe(false);
    expect(table.alice.notices.map((n) => n.message).join(" ")).toContain("Only the Gamemaster may do this.");
    expect(table.gm.notices.map((n) => n.message).join(" ")).toContain(
      "Who is surprised is settled when the combat starts.",
    );
  });
});

describe("CD-3: pool bounds, with the GM's modifier to a pool", () => {
  const d6 = (...faces: number[]) => faces.map((f) => uniformFor(f, 6));
  /** The GM's − or + on a row of the tracker, `times` times. */
  async function gmAdjusts(table: Table, key: ActorKey, by: 1 | -1, times: number): Promise<void> {
    for (let n = 0; n < times; n++)
      expect(
        await ask(table, "gm", {
          kind: "adjustPool",
          combatId: COMBAT,
          combatantId: combatantId(table, key),
          by,
        }),
      ).toBe(true);
  }

  it("EX-CD-1 (CD-3): ♠6, Slowed, GM −4: pool −1, one die is rolled, its 1 re-rolled to 4; a pool of 10 keeps its 8 highest", async () => {
    const table = await openTable(
      world(({ ana, bo }) => {
        ana.system = { suits: { spades: { primary: 6 } } };
        ana.statuses = ["slowed"];
        bo.system = { suits: { spades: { primary: 13 } } };
      }),
    );
    await gmAdjusts(table, "ana", -1, 4);
    await gmAdjusts(table, "bo", 1, 4);
    // Three tiebreakers; Ana's one die (1, re-rolled: 4); Bo's ten; the orc's four.
    const queue = [0.1, 0.5, 0.9, ...d6(1, 4), ...d6(6, 1, 4, 2, 6, 3, 1, 5, 2, 4), ...d6(3, 3, 3, 3)];
    gmDraws(table, queue);
    await startCombat(table);
    await declareAll(table);
    expect(queue).toEqual([]);
    for (const client of [table.alice, table.bob]) {
      expect(on(table, client, "ana").hand).toEqual([4]);
      expect(on(table, client, "bo")).toMatchObject({ hand: [6, 6, 5, 4, 4, 3, 2, 2], unkept: [1, 1] });
      expect(on(table, client, "orc").hand).toEqual([3, 3, 3, 3]);
    }
    // The modifier stays for the next round start.
    await withHands(table, { ana: [], bo: [], orc: [] });
    gmDraws(table, [...d6(2), ...d6(6, 5, 5, 4, 4, 3, 3, 2, 2, 1), ...d6(3, 3, 3, 3)]);
    await table.act("gm", () => table.gm.combats.get(COMBAT)!.nextRound());
    await declareAll(table);
    expect(on(table, table.alice, "ana").hand).toEqual([2]);
    expect(on(table, table.alice, "bo").hand.length).toBe(8);
  });

  it("CD-3: before the first call Bob keeps his two 1s instead of his lowest dice, and may swap back; then no more", async () => {
    const table = await openTable(
      world(({ bo }) => void (bo.system = { suits: { spades: { primary: 13 } } })),
    );
    await gmAdjusts(table, "bo", 1, 4);
    gmDraws(table, [
      0.1,
      0.5,
      0.9,
      ...d6(5, 5, 5, 5),
      ...d6(6, 1, 4, 2, 6, 3, 1, 5, 2, 4),
      ...d6(3, 3, 3, 3),
    ]);
    await startCombat(table);
    await declareAll(table);
    const swap = (seat: Seat, die: number) =>
      ask(table, seat, { kind: "swapIn", combatId: COMBAT, combatantId: combatantId(table, "bo"), die });
    expect(await swap("alice", 1)).toBe(false);
    expect(await swap("bob", 1)).toBe(true);
    expect(on(table, table.alice, "bo")).toMatchObject({ hand: [6, 6, 5, 4, 4, 3, 2, 1], unkept: [2, 1] });
    expect(await swap("bob", 1)).toBe(true);
    expect(on(table, table.alice, "bo")).toMatchObject({ hand: [6, 6, 5, 4, 4, 3, 1, 1], unkept: [2, 2] });
    expect(await swap("bob", 2)).toBe(true);
    expect(on(table, table.alice, "bo")).toMatchObject({ hand: [6, 6, 5, 4, 4, 3, 2, 1], unkept: [2, 1] });
    // A die he never rolled is not his to keep.
    expect(await swap("bob", 6)).toBe(false);
    expect(await nextCall(table)).toBe(true);
    expect(await swap("bob", 2)).toBe(false);
    expect(on(table, table.alice, "bo").hand).toEqual([6, 6, 5, 4, 4, 3, 2, 1]);
  });

  it("CD-2: the modifier is the GM's: a player's − or + is refused, and it stops at ±8", async () => {
    const table = await openTable();
    const asked = {
      kind: "adjustPool",
      combatId: COMBAT,
      combatantId: combatantId(table, "ana"),
      by: 1,
    } as const;
    expect(await ask(table, "alice", asked)).toBe(false);
    await gmAdjusts(table, "ana", -1, 10);
    const stored = table.server.combat(COMBAT).flags.zilch as {
      combatants: Record<string, { poolModifier: number }>;
    };
    expect(stored.combatants[combatantId(table, "ana")]!.poolModifier).toBe(-8);
    await gmAdjusts(table, "ana", 1, 8);
    expect(
      (table.server.combat(COMBAT).flags.zilch as typeof stored).combatants[combatantId(table, "ana")]!
        .poolModifier,
    ).toBe(0);
  });
});
