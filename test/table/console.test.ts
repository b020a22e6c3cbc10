/**
 * Console attacks: a player types into the browser console of its own client.
 * Each attack is tried during a full Spades round; it must be refused or without effect, and nothing
 * may be lost. "Without effect" is checked against a clean run of the same round with the same seeds:
 * the world the server holds at the end (combat state, every combatant, actors, chat, settings) must
 * be the same, leaving out only what the attacker was allowed to write to its own documents. The clean
 * run must itself go through with every player's request accepted, or the comparison proves nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { EVERY_SEAT_SEEDED, Table, USERS } from "./table";
import { ask, COMBAT, combatantId, currentActor, playSpadesRound, seatOf } from "./play";
import { malformedVariants, replaceStrings } from "./payloads";
import {
  aliceQueries,
  attacked,
  capturedFromAlice,
  cleanRun,
  expectBaseline,
  publicWorld,
  type CleanRun,
} from "./attacks";

let clean: CleanRun;

beforeAll(async () => {
  clean = await cleanRun();
});

describe("console attacks: each refused or without effect, nothing lost", () => {
  it("the clean round goes through with every request accepted (the baseline the attacks are compared with)", () => {
    expectBaseline(clean);
  });

  it("act as another player: Alice resends her own request with Bob's user id and Bo's combatant", async () => {
    expectBaseline(clean);
    // After Bob has declared, so a forged re-declaration would stand (ST-1 lets a declaration change).
    const table = await attacked("bobDeclared", async (t) => {
      const { name, data } = capturedFromAlice(t);
      let forged = replaceStrings(data, USERS.alice._id, USERS.bob._id);
      forged = replaceStrings(forged, combatantId(t, "ana"), combatantId(t, "bo"));
      forged = replaceStrings(forged, "bold", "reckless");
      await aliceQueries(t, name, forged);
      // …and claiming to be the GM, for a GM-only request (showing the stances before the orc declared).
      const asGM = replaceStrings(data, USERS.alice._id, USERS.gm._id);
      await aliceQueries(t, name, replaceStrings(asGM, "declareStance", "forceReveal"));
    });
    expect(publicWorld(table)).toEqual(clean.world);
  });

  it("act out of turn: Alice ends her turn, and presses Next, while someone else is acting", async () => {
    expectBaseline(clean);
    const table = await attacked("firstTurn", async (t) => {
      await ask(t, "alice", { kind: "endTurn", combatId: COMBAT, combatantId: combatantId(t, "ana") });
      await ask(t, "alice", { kind: "nextCall", combatId: COMBAT });
      await ask(t, "alice", { kind: "nextRound", combatId: COMBAT });
    });
    // In the clean run Ana is not first, so her end of turn and the GM's buttons were out of turn.
    expect(clean.log.order[0]).not.toBe("ana");
    expect(publicWorld(table)).toEqual(clean.world);
  });

  it("change another's stance: Alice declares, then shifts, Bo's stance", async () => {
    expectBaseline(clean);
    const table = await attacked("started", async (t) => {
      await ask(t, "alice", {
        kind: "declareStance",
        combatId: COMBAT,
        combatantId: combatantId(t, "bo"),
        stance: "reckless",
      });
    });
    expect(publicWorld(table)).toEqual(clean.world);
    const shifted = await attacked("firstTurn", async (t) => {
      await ask(t, "alice", {
        kind: "shiftStance",
        combatId: COMBAT,
        combatantId: combatantId(t, "bo"),
        stance: "reckless",
      });
    });
    expect(publicWorld(shifted)).toEqual(clean.world);
  });

  it("move Foundry's turn marker: the current combatant's owner writes Combat `turn` itself (v13 allows it, #11737)", async () => {
    expectBaseline(clean);
    let tried = 0;
    const moveTurn = async (t: Table) => {
      const current = currentActor(t, t.gm);
      const seat = current === null ? null : seatOf(current);
      if (seat !== "alice" && seat !== "bob") return;
      const combat = t.server.combat(COMBAT);
      if (combat.turn === null) return;
      tried += 1;
      await t
        .client(seat)
        .raw({
          action: "update",
          documentName: "Combat",
          updates: [{ _id: COMBAT, turn: (combat.turn + 1) % combat.combatants.length }],
        })
        .catch(() => undefined);
    };
    const steps = ["firstTurn", "turnEnded:1", "turnEnded:2"] as const;
    const table = await Table.open({ cryptoSeeds: EVERY_SEAT_SEEDED });
    await playSpadesRound(table, Object.fromEntries(steps.map((s) => [s, () => moveTurn(table)])));
    expect(tried, "a player's combatant was never current").toBeGreaterThan(0);
    expect(table.server.clock.errors).toEqual([]);
    expect(publicWorld(table)).toEqual(clean.world);
  });

  it("apply damage to an arbitrary actor, and other GM-only requests, through the channel", async () => {
    expectBaseline(clean);
    const table = await attacked("shown", async (t) => {
      const anyMessage = t.server.world.messages[0]?._id ?? "none";
      await ask(t, "alice", { kind: "applyDamage", messageId: anyMessage });
      await ask(t, "alice", { kind: "forceReveal", combatId: COMBAT });
      await ask(t, "alice", {
        kind: "loseRoundActions",
        combatId: COMBAT,
        combatantId: combatantId(t, "bo"),
      });
    });
    expect(publicWorld(table)).toEqual(clean.world);
  });

  it("replay a step: Alice resends her captured end-of-turn request after her turn is over", async () => {
    expectBaseline(clean);
    const table = await attacked("turnEnded:3", async (t) => {
      const endTurns = t.gm.queriesReceived.filter((q) => JSON.stringify(q.data).includes('"endTurn"'));
      const hers = endTurns.filter((q) => JSON.stringify(q.data).includes(combatantId(t, "ana")));
      expect(hers.length).toBeGreaterThan(0);
      for (const q of hers) await aliceQueries(t, q.name, q.data);
    });
    expect(publicWorld(table)).toEqual(clean.world);
  });

  it("send malformed payloads: every field of a real request missing, of the wrong type, huge, or an unknown name", async () => {
    expectBaseline(clean);
    const table = await attacked("aliceDeclared", async (t) => {
      const { name, data } = capturedFromAlice(t);
      for (const variant of malformedVariants(data)) await aliceQueries(t, name, variant);
    });
    expect(publicWorld(table)).toEqual(clean.world);
  });
});
