/**
 * A fight against two unlinked orcs made from the same world actor (./unlinked.ts): Alice's Ana attacks
 * orc #1 with her greatsword; the damage and the grievous injury land on orc #1's token only, orc #2's
 * and the world orc's stay as they were. The turns and the next round go on, with a GM reload in the
 * middle; each orc rolls its own Grit (GW-2); orc #1 removed and added again mid-round takes back its
 * own round fields, not orc #2's (INI-6, a creature known by its token).
 */
import { describe, expect, it } from "vitest";
import { ACTORS, EVERY_SEAT_SEEDED, type Seat, type Table } from "./table";
import { attackWithSword, playCard, SCENE, stateOn, TOKENS } from "./attack-card";
import { ask, COMBAT, combatOn, roundOn } from "./play";
import {
  CLUB,
  ORC_ONE,
  ORC_TWO,
  orcOn,
  serverOrc,
  unlinkedFight,
  unlinkedWorld,
  vitals,
  type Orc,
} from "./unlinked";

/** With these seeds Ana's first swing hits orc #1 for 5 and gives it a grievous injury (a bleeder). */
const HITS = { seeds: { gm: 5 }, cryptoSeeds: { ...EVERY_SEAT_SEEDED, gm: 2 } } as const;

const hpOf = (actor: { system: unknown }) => (actor.system as { hp: { value: number } }).hp.value;
const uuidOf = (orc: Orc) => `Scene.${SCENE}.Token.${orc.token}.Actor.${ACTORS.orc._id}`;

/** The seat that ends a combatant's turn: its owner's, the GM's for the orcs. */
function seatFor(table: Table, combatantId: string): Seat {
  const actorId = table.server.combat(COMBAT).combatants.find((c) => c._id === combatantId)?.actorId;
  return actorId === ACTORS.ana._id ? "alice" : actorId === ACTORS.bo._id ? "bob" : "gm";
}

/** Ends every Spades turn of the round, each by its owner; returns whose turns they were. */
async function endRound(table: Table): Promise<string[]> {
  const turns: string[] = [];
  for (let n = 0; n < 6; n++) {
    const current = roundOn(table.gm)?.current ?? null;
    if (current === null) break;
    turns.push(current);
    const ended = await ask(table, seatFor(table, current), {
      kind: "endTurn",
      combatId: COMBAT,
      combatantId: current,
    });
    expect(ended, `the end of ${current}'s turn`).toBe(true);
  }
  return turns;
}

type Stored = Record<string, { turnTaken: boolean; domino: unknown }>;
const storedRounds = (table: Table): Stored =>
  (table.server.combat(COMBAT).flags.zilch as { combatants: Stored }).combatants;

describe("a fight against two unlinked orcs of the same world actor", () => {
  it("Ana's hit and injury land on orc #1's token only; the round goes on through a GM reload", async () => {
    const table = await unlinkedFight(unlinkedWorld(), HITS);
    const world = vitals(table.server.actor(ACTORS.orc._id));
    const two = vitals(serverOrc(table, ORC_TWO));
    const hp = hpOf(orcOn(table.gm, ORC_ONE));
    expect(await attackWithSword(table, "alice", "orc")).toBe(true);
    // The defender is orc #1's own actor, by its token's uuid (the world orc's id is both orcs').
    expect(stateOn(table.gm)?.defender.actorId).toBe(uuidOf(ORC_ONE));
    await playCard(table);
    const done = stateOn(table.gm)!;
    expect(done.result?.hit).toBe(true);
    expect(done.applied?.lost).toBe(5);
    for (const client of [table.gm, table.alice, table.bob]) {
      expect(hpOf(orcOn(client, ORC_ONE)), client.name).toBe(hp - 5);
      expect(hpOf(orcOn(client, ORC_TWO)), client.name).toBe(hp);
    }
    const injuries = serverOrc(table, ORC_ONE).items.filter((i) => i.type === "injury");
    expect(injuries.map((i) => i.system)).toEqual([
      expect.objectContaining({ effect: done.injury?.injury?.effect }),
    ]);
    expect(vitals(serverOrc(table, ORC_TWO))).toEqual(two);
    expect(vitals(table.server.actor(ACTORS.orc._id))).toEqual(world);

    // The GM reloads mid-fight: its copy of orc #1 is made again from the world orc and the token.
    await table.reload("gm");
    expect(hpOf(orcOn(table.gm, ORC_ONE))).toBe(hp - 5);
    expect(hpOf(orcOn(table.gm, ORC_TWO))).toBe(hp);
    const played = await endRound(table);
    expect(new Set(played)).toEqual(new Set(Object.keys(storedRounds(table))));
    expect(await ask(table, "gm", { kind: "nextRound", combatId: COMBAT })).toBe(true);
    expect(roundOn(table.gm)?.round).toBe(2);
    expect(vitals(serverOrc(table, ORC_TWO))).toEqual(two);
    expect(vitals(table.server.actor(ACTORS.orc._id))).toEqual(world);
    expect(table.server.refusals).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("GW-2: each orc token rolls its own Grit into its own actor; the world orc rolls none", async () => {
    const world = unlinkedWorld({ "zilch.gritWounds": true });
    const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
    orc.system = { tier: "foe" };
    const table = await unlinkedFight(world);
    const grit = (actor: { system: unknown }) => (actor.system as { grit: { value: number } }).grit.value;
    expect(grit(orcOn(table.alice, ORC_ONE))).toBeGreaterThan(0);
    expect(grit(orcOn(table.alice, ORC_TWO))).toBeGreaterThan(0);
    expect(grit(table.alice.actors.get(ACTORS.orc._id)!)).toBe(0);
    const rolled = table.server.world.messages.filter((m) => m.content.includes("Orc"));
    expect(rolled.length).toBeGreaterThanOrEqual(2);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("INI-6: both orcs removed mid-round and added again from their tokens, orc #2 first, each takes back its own round fields", async () => {
    const table = await unlinkedFight();
    const played = await endRound(table);
    expect(played).toEqual(expect.arrayContaining([ORC_ONE.combatant, ORC_TWO.combatant]));
    const before = storedRounds(table);
    const one = before[ORC_ONE.combatant]!;
    const two = before[ORC_TWO.combatant]!;
    // The two orcs' dominoes differ, so taking back the other's would show.
    expect(one.domino).not.toEqual(two.domino);
    await table.act("gm", () =>
      combatOn(table.gm).deleteEmbeddedDocuments("Combatant", [ORC_ONE.combatant, ORC_TWO.combatant]),
    );
    const rejoin = (token: string) =>
      table.act("gm", () =>
        combatOn(table.gm).createEmbeddedDocuments("Combatant", [
          { tokenId: token, sceneId: SCENE, actorId: ACTORS.orc._id, hidden: false },
        ]),
      );
    const [twoAgain] = await rejoin(ORC_TWO.token);
    const [oneAgain] = await rejoin(ORC_ONE.token);
    expect(storedRounds(table)[twoAgain!.id]).toMatchObject({ turnTaken: true, domino: two.domino });
    expect(storedRounds(table)[oneAgain!.id]).toMatchObject({ turnTaken: true, domino: one.domino });
    expect(table.gm.run(() => combatOn(table.gm).combatants.get(oneAgain!.id)!.actor)).toBe(
      orcOn(table.gm, ORC_ONE),
    );
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the GM attacks Ana with orc #2 in orc #2's turn: the card's attacker is orc #2's token actor, its turn records the attack", async () => {
    const table = await unlinkedFight(unlinkedWorld(), HITS);
    for (let n = 0; n < 4 && roundOn(table.gm)?.current !== ORC_TWO.combatant; n++) {
      const current = roundOn(table.gm)!.current!;
      expect(
        await ask(table, seatFor(table, current), {
          kind: "endTurn",
          combatId: COMBAT,
          combatantId: current,
        }),
      ).toBe(true);
    }
    expect(roundOn(table.gm)?.current).toBe(ORC_TWO.combatant);
    const gm = table.gm;
    gm.targets.clear();
    gm.targets.add({ document: gm.scenes.get(SCENE)!.tokens.get(TOKENS.ana)! });
    const started = await gm.run(() => {
      const orc = orcOn(gm, ORC_TWO);
      return gm.system.startAttack(orc as never, orc.items.get(CLUB) as never, {
        mode: "melee",
        aim: "chest",
      });
    });
    await table.settle();
    expect(started).toBe(true);
    expect(stateOn(gm)?.attacker.actorId).toBe(uuidOf(ORC_TWO));
    const turns = table.server.combat(COMBAT).flags.zilch as {
      combatants: Record<string, { turn?: { actions: string[] } }>;
    };
    expect(turns.combatants[ORC_TWO.combatant]?.turn?.actions.length).toBeGreaterThan(0);
    expect(turns.combatants[ORC_ONE.combatant]?.turn?.actions ?? []).toEqual([]);
    expect(table.server.refusals).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the countdown: both orcs get their own hands, are called and act, the round closes and the next begins", async () => {
    const table = await unlinkedFight(unlinkedWorld({ "zilch.initiativeMode": "countdown" }));
    const cd = () => roundOn(table.gm)!.countdown!;
    const orcs = cd().participants.filter((p) => p.id === ORC_ONE.combatant || p.id === ORC_TWO.combatant);
    expect(orcs).toHaveLength(2);
    const acted = new Set<string>();
    for (let n = 0; n < 80 && cd().phase !== "closed"; n++) {
      const current = cd().current;
      if (current === null) expect(await ask(table, "gm", { kind: "nextCall", combatId: COMBAT })).toBe(true);
      else {
        acted.add(current);
        const choice = { kind: "act" } as const;
        expect(
          await ask(table, seatFor(table, current), {
            kind: "countdownChoice",
            combatId: COMBAT,
            combatantId: current,
            choice,
          }),
        ).toBe(true);
      }
    }
    expect(cd().phase).toBe("closed");
    expect(acted).toContain(ORC_ONE.combatant);
    expect(acted).toContain(ORC_TWO.combatant);
    expect(await ask(table, "gm", { kind: "nextRound", combatId: COMBAT })).toBe(true);
    expect(roundOn(table.alice)?.round).toBe(2);
    expect(table.server.refusals).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("GW-4: Ana steps out of both orcs' reach; each orc token gets its own offer, and taking orc #1's pays orc #1's Grit only", async () => {
    const world = unlinkedWorld({ "zilch.gritWounds": true });
    const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
    ana.items = ana.items.map((i) => ({ ...i, system: { ...i.system, slot: "hands" } }));
    const orc = world.actors.find((a) => a._id === ACTORS.orc._id)!;
    orc.system = {
      tier: "foe",
      attacks: [{ name: "Claw", category: "light", damageType: "physical", reach: 1 }],
    };
    const table = await unlinkedFight(world);
    await table.act("gm", async () => {
      for (const one of [ORC_ONE, ORC_TWO]) await orcOn(table.gm, one).update({ "system.grit.value": 2 });
    });
    const grit = (actor: { system: unknown }) => (actor.system as { grit: { value: number } }).grit.value;
    const worldGrit = grit(table.gm.actors.get(ACTORS.orc._id)!);
    await table.act("alice", () =>
      table.alice.scenes.get(SCENE)!.tokens.get(TOKENS.ana)!.move({ x: 300, y: 300 }, { method: "dragging" }),
    );
    const post = table.gm.run(() =>
      [...table.gm.messages.values()].filter((m) => m.getFlag("zilch", "opportunity") !== undefined).at(-1),
    )!;
    const offers = post.getFlag("zilch", "opportunity") as { id: string; actorUuid: string }[];
    expect(offers.map((o) => o.actorUuid).sort()).toEqual([uuidOf(ORC_ONE), uuidOf(ORC_TWO)].sort());
    const first = offers.find((o) => o.actorUuid === uuidOf(ORC_ONE))!;
    expect(await table.gm.run(() => table.gm.system.takeOpportunity(post as never, first.id))).toBe(true);
    await table.settle();
    expect(grit(orcOn(table.alice, ORC_ONE))).toBe(1);
    expect(grit(orcOn(table.alice, ORC_TWO))).toBe(2);
    expect(grit(table.alice.actors.get(ACTORS.orc._id)!)).toBe(worldGrit);
    expect(stateOn(table.gm)?.attacker.actorId).toBe(uuidOf(ORC_ONE));
    expect(table.server.clock.errors).toEqual([]);
  });
});
