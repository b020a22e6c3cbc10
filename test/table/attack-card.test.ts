/**
 * The attack card at the table: Alice targets the orc's token and attacks
 * with Ana's greatsword; neither side holds a chip or a Boon, so the GM's client closes both windows
 * itself; Alice rolls the damage, the GM applies it, and Alice rolls the grievous injury (its effect
 * with its location) that the GM's client adds to the orc as an injury item. Then the console
 * attacks on the card, each compared with the same card played cleanly on the same seeds.
 */
import { describe, expect, it } from "vitest";
import type { AttackState } from "../../src/rules/attack/index";
import {
  attackTable,
  attackWithSword,
  cardOn,
  clickStep,
  playCard,
  seqOn,
  stateOn,
  closeWindows,
} from "./attack-card";
import { aliceQueries, publicWorld } from "./attacks";
import { ACTORS, EVERY_SEAT_SEEDED, USERS, type Table } from "./table";
import { COMBAT, combatantId } from "./play";
import type { WorldData } from "./server";
import { hashCardState } from "../../src/requests/seal";

/** The GM's dice seed under which Ana's first swing hits and the orc suffers a grievous injury. */
const HIT_SEED = 5;
/** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */
const CRYPTO_GM = 12;
const open = () =>
  attackTable({ seeds: { gm: HIT_SEED }, cryptoSeeds: { ...EVERY_SEAT_SEEDED, gm: CRYPTO_GM } });

/** The card played cleanly on the same seeds: the world every attacked run must end in. */
async function cleanCard(): Promise<WorldData> {
  const table = await open();
  expect(await attackWithSword(table, "alice", "orc")).toBe(true);
  await playCard(table);
  return publicWorld(table);
}

const orcItems = (table: Table) => table.server.actor(ACTORS.orc._id).items;

describe("a player's attack through damage and a grievous injury", () => {
  it("Alice targets the orc and attacks; her damage, the GM's Apply and the injury item follow", async () => {
    const table = await open();
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    const card = cardOn(table.alice)!;
    // The GM's client wrote the card (the request channel), sealed at step 1; every client holds it.
    expect(card._source.author).toBe(USERS.gm._id);
    expect(card.type).toBe("attack");
    expect(seqOn(table.alice)).toBe(1);
    // CH-7: neither side had anything to commit, so the card was posted with both windows closed.
    expect(stateOn(table.gm)).toMatchObject({
      step: "damage",
      attackerCommit: { chips: 0, boon: false },
      defenderCommit: { chips: 0, boon: false },
    });
    expect(Object.keys(table.server.world.settings["zilch.attackSeals"] as object)).toEqual([card.id]);
    expect(card.content).toContain("attack-card");
    expect(stateOn(table.bob)).toEqual(stateOn(table.gm));
    // DOM-5: the orc's and Ana's dominoes were revealed for the attack (Ana's before her turn); Bo's not.
    const stored = table.server.combat(COMBAT).flags.zilch as {
      combatants: Record<string, { domino: { state: string } | null }>;
    };
    const domino = (who: "ana" | "bo" | "orc") => stored.combatants[combatantId(table, who)]?.domino?.state;
    expect([domino("ana"), domino("orc"), domino("bo")]).toEqual(["revealed", "revealed", "faceDown"]);
    const steps = await playCard(table);
    expect(steps).toEqual(["damage", "apply", "injuryLocation"]);
    const done = stateOn(table.gm)!;
    expect(done.step).toBe("done");
    expect(done.result?.hit).toBe(true);
    const injury = orcItems(table).find((i) => i.type === "injury");
    expect(injury?.system).toMatchObject({ kind: "grievousInjury", effect: done.injury?.injury?.effect });
    // Every client holds the same finished card; it keeps its seal while it carries damage (which
    // "apply to selected" may still give), sealed at its last step; nothing was refused or threw.
    for (const client of [table.alice, table.bob, table.assistant]) expect(stateOn(client)).toEqual(done);
    expect(table.server.world.settings["zilch.attackSeals"]).toEqual({
      [card.id]: expect.objectContaining({ seq: seqOn(table.gm) }),
    });
    expect(table.server.refusals).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("targets the token's own actor: Alice's attack on Bo's token lands on Bo", async () => {
    const table = await open();
    expect(await attackWithSword(table, "alice", "bo")).toBe(true);
    const state = stateOn(table.gm)!;
    expect(state.defender.actorId).toBe(`Actor.${ACTORS.bo._id}`);
    expect(state.defender.name).toBe("Bo");
  });
});

describe("a card posted before the attack subtype (its state in flags.zilch.attack)", () => {
  it("still advances: the GM steps it in its flags, under the seal an earlier build wrote", async () => {
    const table = await open();
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    const state = stateOn(table.gm)!;
    const flags = { attack: state, attackSeq: 1 };
    // An earlier build's GM posted the card and sealed its flags as stored (src/documents/attack/seals.ts).
    const created = await table.act("gm", async () => {
      const message = await ChatMessage.create({ content: "old card", flags: { zilch: flags } } as never);
      const id = (message as unknown as { id: string }).id;
      const seals = { [id]: { hash: await hashCardState({ state, seq: 1 }), seq: 1 } };
      await game.settings!.set("zilch", "attackSeals", seals as never);
      return id;
    });
    await table.settle();
    const old = () => table.alice.messages.get(created)!;
    expect(old().type).toBe("base");
    expect(await clickStep(table, "alice", "rollDamage", {}, old())).toEqual({ ok: true });
    await table.settle();
    // Written where it lives: still a base message, its flags at the GM's Apply and step number 2.
    expect(old().type).toBe("base");
    expect(old().getFlag("zilch", "attackSeq")).toBe(2);
    expect(old().getFlag("zilch", "attack")).toMatchObject({ step: "apply" });
    expect(stateOn(table.gm)?.step).toBe("damage");
    expect(table.server.refusals).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });
});

describe("console attacks on the attack card (each without effect, nothing lost)", () => {
  it("a forged card (Alice's own message with attack data) asking for an injury on Bo applies nothing", async () => {
    const clean = await cleanCard();
    const table = await open();
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    await playCard(table);
    // The real card's state, set back to the injury roll and aimed at Bo: a step Ana's owner may ask.
    const real = stateOn(table.alice)!;
    const forgedState = {
      ...real,
      step: "injuryEffect",
      defender: { ...real.defender, actorId: `Actor.${ACTORS.bo._id}`, name: "Bo" },
    } as AttackState;
    // As an `attack` message, and in the flags cards kept before the subtype (src/documents/attack/stored.ts).
    const forgeries = [
      { type: "attack", system: { ...forgedState, seq: 9 } },
      { flags: { zilch: { attack: forgedState, attackSeq: 9 } } },
    ];
    const ids: string[] = [];
    for (const forgery of forgeries) {
      const created = await table.act("alice", () =>
        ChatMessage.create({
          // Whatever the author field claims (FACTS §11.3: the table lets a player name another author).
          author: USERS.gm._id,
          content: real.attacker.name,
          ...forgery,
        } as never),
      );
      const message = table.alice.messages.get((created as unknown as { id: string }).id)!;
      ids.push(message.id);
      for (const kind of ["rollEffect", "applyDamage"])
        expect(await clickStep(table, "alice", kind, {}, message)).toMatchObject({
          ok: false,
          code: "unsealed",
        });
    }
    expect(table.server.actor(ACTORS.bo._id).items).toEqual([]);
    const world = publicWorld(table);
    world.messages = world.messages.filter((m) => !ids.includes(m._id));
    expect(world).toEqual(clean);
  });

  it("a double click and a replayed step apply once", async () => {
    const clean = await cleanCard();
    const table = await open();
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    // Alice's Roll damage clicked twice before the card comes back: one applies.
    const message = cardOn(table.alice)!;
    const both = await Promise.all([
      clickStep(table, "alice", "rollDamage", {}, message),
      clickStep(table, "alice", "rollDamage", {}, message),
    ]);
    expect(both.map((r) => (r.ok ? "ok" : r.code)).sort()).toEqual(["ok", "staleStep"]);
    await playCard(table);
    // The replay: Alice's console resends every request the GM received from her, envelope and key.
    const sent = table.gm.queriesReceived
      .filter((q) => (q.data as { type?: string }).type === "attackStep")
      .map((q) => ({ name: q.name, data: q.data }));
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const q of sent) await aliceQueries(table, q.name, q.data);
    await table.settle();
    expect(orcItems(table).filter((i) => i.type === "injury")).toHaveLength(1);
    expect(publicWorld(table)).toEqual(clean);
  });

  it("a card changed by anyone but the active GM's step is never stepped again", async () => {
    const table = await open();
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    await closeWindows(table);
    const card = cardOn(table.alice)!;
    // The card's defender swapped for Bo: the damage would land on an actor nobody attacked.
    const before = stateOn(table.alice)!;
    expect(before.step).toBe("damage");
    const tampered = { ...before, defender: { ...before.defender, actorId: `Actor.${ACTORS.bo._id}` } };
    // Alice (not its author) cannot write the card at all: the server refuses.
    await expect(
      table.alice.raw({
        action: "update",
        documentName: "ChatMessage",
        updates: [{ _id: card.id, "system.defender.actorId": tampered.defender.actorId }],
      }),
    ).rejects.toThrow(/lacks permission/);
    // The Assistant GM may write any message: the card it changed is no longer the GM's, so nothing applies.
    await table.assistant.raw({
      action: "update",
      documentName: "ChatMessage",
      updates: [{ _id: card.id, "system.defender.actorId": tampered.defender.actorId }],
    });
    await table.settle();
    const hpBefore = JSON.stringify(table.server.actor(ACTORS.bo._id).system);
    for (const [seat, kind] of [
      ["alice", "rollDamage"],
      ["gm", "applyDamage"],
    ] as const)
      expect(await clickStep(table, seat, kind)).toMatchObject({ ok: false, code: "unsealed" });
    expect(JSON.stringify(table.server.actor(ACTORS.bo._id).system)).toBe(hpBefore);
    expect(stateOn(table.gm)).toEqual(tampered);
  });

  it("a player asking the GM's step (Apply damage) through the card is refused, and the card goes on", async () => {
    const clean = await cleanCard();
    const table = await open();
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    await playCard(table, async (step) => {
      if (step !== "damage") return;
      expect(await clickStep(table, "alice", "applyDamage")).toMatchObject({ ok: false, code: "gmOnly" });
      expect(await clickStep(table, "bob", "applyDamage")).toMatchObject({ ok: false });
    });
    expect(publicWorld(table)).toEqual(clean);
  });
});
