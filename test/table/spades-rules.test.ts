/**
 * CB-1, DOM-1, DOM-3, DOM-5, DOM-6 and INI-5 at the table, through the GM's and players' own requests
 * (play.ts) on the default world (Ana and Bo, characters; the orc, an NPC), dominoes from the deck.
 */
import { describe, expect, it } from "vitest";
import { ACTORS, Table } from "./table";
import {
  ask,
  COMBAT,
  combatantId,
  currentActor,
  declare,
  endTurn,
  nextCall,
  nextRound,
  playTurns,
  roundOn,
  seatOf,
  stanceOn,
  startCombat,
  turnActions,
} from "./play";
import type { Stance } from "../../src/rules/vocabulary";
import type { StoredCombatants } from "../../src/rules/round/stored";

/** The GM's secret draws (the dominoes each round reveals) repeat from run to run on this seed. */
const DOMINO_SECRETS = 2;

type ActorKey = keyof typeof ACTORS;
const stored = (table: Table) => table.server.combat(COMBAT).flags.zilch as { combatants: StoredCombatants };
const domino = (table: Table, key: ActorKey) => stored(table).combatants[combatantId(table, key)]!.domino;

async function declared(table: Table, who: readonly ActorKey[] = ["ana", "bo", "orc"]): Promise<void> {
  const seat = { ana: "alice", bo: "bob", orc: "gm" } as const;
  for (const key of who) expect(await declare(table, seat[key], key, "bold")).toBe(true);
}

/** The GM's client sets `condition` on an actor for the rest of the encounter (as an attack's step does). */
const gmApplies = (table: Table, key: ActorKey, condition: "unconscious" | "slowed") =>
  table.act("gm", () =>
    game.actors!.get(ACTORS[key]._id)!.applyCondition(condition, { kind: "endOfEncounter" }),
  );

describe("DOM-1, DOM-3, DOM-5: the deck in play", () => {
  it("each turn start reveals a different tile of the 21 and takes it from the deck; the next round restores all 21", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"], cryptoSeeds: { gm: DOMINO_SECRETS } });
    await startCombat(table);
    await declared(table);
    expect(roundOn(table.alice)?.deck.remaining).toHaveLength(21);
    expect(["ana", "bo", "orc"].map((k) => domino(table, k as ActorKey).state)).toEqual([
      "faceDown",
      "faceDown",
      "faceDown",
    ]);
    expect(await playTurns(table)).toHaveLength(3);
    const tiles = (["ana", "bo", "orc"] as const).map((k) => domino(table, k));
    for (const t of tiles) {
      expect(t.state).toBe("revealed");
      // DOM-1 `deck`: blank-free double-six tiles, the greater end first.
      expect(t.lesser!).toBeGreaterThanOrEqual(1);
      expect(t.greater!).toBeGreaterThanOrEqual(t.lesser!);
      expect(t.greater!).toBeLessThanOrEqual(6);
    }
    expect(new Set(tiles.map((t) => `${t.greater}|${t.lesser}`)).size).toBe(3);
    const deck = roundOn(table.bob)!.deck.remaining;
    expect(deck).toHaveLength(18);
    for (const t of tiles) expect(deck).not.toContainEqual({ greater: t.greater, lesser: t.lesser });
    await nextRound(table);
    expect(roundOn(table.bob)!.deck.remaining).toHaveLength(21);
    expect(domino(table, "ana")).toEqual({ state: "faceDown", greater: null, lesser: null });
  });
});

describe("CB-1, DOM-6: an Unconscious participant", () => {
  it("gets no domino, no stance and no turn in the next round; the others play on", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"], cryptoSeeds: { gm: DOMINO_SECRETS } });
    await startCombat(table);
    await declared(table);
    await gmApplies(table, "bo", "unconscious");
    expect(await playTurns(table)).not.toContain("bo");
    await nextRound(table);
    expect(domino(table, "bo").state).toBe("none");
    expect(await declare(table, "bob", "bo", "bold")).toBe(false);
    await declared(table, ["ana", "orc"]);
    expect(roundOn(table.alice)?.stancesShown).toBe(true);
    const turns = await playTurns(table);
    expect(turns).toEqual(expect.arrayContaining(["ana", "orc"]));
    expect(turns).not.toContain("bo");
  });
});

describe("DOM-6: a participant that wakes mid-round", () => {
  it("receives a face-down domino at once, declares a stance, and takes its turn when its place comes", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"], cryptoSeeds: { gm: DOMINO_SECRETS } });
    await startCombat(table);
    await declared(table);
    await gmApplies(table, "bo", "unconscious");
    await nextRound(table);
    expect(domino(table, "bo").state).toBe("none");
    await declared(table, ["ana", "orc"]);
    // The GM lifts Unconscious (the token HUD) before the first turn: Bo wakes.
    await table.act("gm", async () => {
      await game.actors!.get(ACTORS.bo._id)!.toggleStatusEffect("unconscious", { active: false });
    });
    expect(domino(table, "bo").state).toBe("faceDown");
    expect(await declare(table, "bob", "bo", "bold")).toBe(true);
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "bo")).toBe("bold");
    expect(await playTurns(table)).toEqual(expect.arrayContaining(["ana", "bo", "orc"]));
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("INI-5: initiative is recomputed at each round start", () => {
  it("Bo Slowed mid-round keeps his place this round and takes half his ♠ from the next", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"], cryptoSeeds: { gm: DOMINO_SECRETS } });
    await startCombat(table);
    await declared(table);
    const first = roundOn(table.gm)!.order;
    await gmApplies(table, "bo", "slowed");
    expect(roundOn(table.gm)!.order).toEqual(first);
    await playTurns(table);
    await nextRound(table);
    const second = roundOn(table.gm)!.order;
    expect(second.at(-1)).toBe(combatantId(table, "bo"));
    expect(first.at(-1)).not.toBe(combatantId(table, "bo"));
  });
});

describe("ST-5: Shift Stance", () => {
  it("Alice shifts Ana one step (Bold to Cautious); two steps are refused; Bob cannot shift Ana", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"], cryptoSeeds: { gm: DOMINO_SECRETS } });
    await startCombat(table);
    await declared(table);
    const shift = (seat: "alice" | "bob", stance: Stance) =>
      ask(table, seat, {
        kind: "shiftStance",
        combatId: COMBAT,
        combatantId: combatantId(table, "ana"),
        stance,
      });
    // ST-5: a Minor action, so only in Ana's own turn.
    for (let n = 0; n < 3 && currentActor(table, table.gm) !== "ana"; n++) {
      if (currentActor(table, table.gm) === null) expect(await nextCall(table)).toBe(true);
      else {
        expect(await shift("alice", "cautious")).toBe(false);
        const who = currentActor(table, table.gm)!;
        expect(await endTurn(table, seatOf(who), who)).toBe(true);
      }
    }
    expect(currentActor(table, table.gm)).toBe("ana");
    expect(await shift("alice", "guarded")).toBe(false);
    expect(await shift("bob", "cautious")).toBe(false);
    expect(stanceOn(table, table.bob, "ana")).toBe("bold");
    expect(await shift("alice", "cautious")).toBe(true);
    for (const client of [table.gm, table.alice, table.bob])
      expect(stanceOn(table, client, "ana")).toBe("cautious");
  });

  it("AC-5: Ana's shift is her turn's Minor action: after it and a Move, the GM's step refuses her Attack", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"], cryptoSeeds: { gm: DOMINO_SECRETS } });
    await startCombat(table);
    await declared(table);
    const ana = combatantId(table, "ana");
    for (let n = 0; n < 3 && currentActor(table, table.gm) !== "ana"; n++) {
      if (currentActor(table, table.gm) === null) expect(await nextCall(table)).toBe(true);
      else {
        const who = currentActor(table, table.gm)!;
        expect(await endTurn(table, seatOf(who), who)).toBe(true);
      }
    }
    expect(currentActor(table, table.gm)).toBe("ana");
    const shift = { kind: "shiftStance", combatId: COMBAT, combatantId: ana, stance: "cautious" } as const;
    expect(await ask(table, "alice", shift)).toBe(true);
    expect(turnActions(table, "ana")).toEqual(["shiftStance"]);
    const move = { kind: "takeAction", combatId: COMBAT, combatantId: ana, action: "move" } as const;
    expect(await ask(table, "alice", move)).toBe(true);
    // The attack card's GM step records the attack in her turn (src/documents/attack/actors.ts).
    const attack = {
      kind: "takeAction",
      combatId: COMBAT,
      combatantId: ana,
      action: "attack",
      speed: 3,
    } as const;
    expect(await ask(table, "gm", attack)).toBe(false);
    expect(turnActions(table, "ana")).toEqual(["shiftStance", "move"]);
  });

  it("Alice cannot shift Ana's stance outside Ana's turn (ST-5: a Minor action); the GM can", async () => {
    const table = await Table.open({ seats: ["gm", "alice", "bob"], cryptoSeeds: { gm: DOMINO_SECRETS } });
    await startCombat(table);
    await declared(table);
    const request = {
      kind: "shiftStance",
      combatId: COMBAT,
      combatantId: combatantId(table, "ana"),
    } as const;
    expect(currentActor(table, table.gm)).not.toBe("ana");
    expect(await ask(table, "alice", { ...request, stance: "cautious" })).toBe(false);
    expect(stanceOn(table, table.bob, "ana")).toBe("bold");
    expect(await ask(table, "gm", { ...request, stance: "cautious" })).toBe(true);
    expect(stanceOn(table, table.bob, "ana")).toBe("cautious");
  });
});
