/**
 * The attack card's pace at the table (a GM with a second tab, an Assistant GM, Alice and Bob, each on
 * their own client): a chip window whose side has nothing it may commit, an NPC's window when NPCs
 * never commit chips, and the rolls nobody decides are taken by the active GM's leading tab itself,
 * once, inside the card's sealed writes. No player's client asks for them or rolls for them, and a
 * face-down domino still waits for its owner's reaction.
 */
import { describe, expect, it } from "vitest";
import type { AttackState } from "../../src/rules/attack/index";
import { hashCardState } from "../../src/requests/seal";
import {
  attackWithSword,
  attackWorld,
  cardOn,
  clickStep,
  SCENE,
  seqOn,
  stateOn,
  SWORD,
  TOKENS,
} from "./attack-card";
import { COMBAT, combatantId, firstTurnTo, startCombat, everyoneDeclares } from "./play";
import type { WorldData } from "./server";
import { ACTORS, Table, type Seat } from "./table";

/** The GM's dice seed under which Ana's first swing hits the orc and calls for a grievous injury. */
const HIT_SEED = 5;
/** With it, the seed of the GM's secret draws (its dominoes: src/dice/secret-dice.ts). */
const CRYPTO_GM = 12;
const SEATS: readonly Seat[] = ["gm", "gmTab", "assistant", "alice", "bob"];
const CLUB = "itmOrcClub000001";

/** The attack world with `system` merged into Ana's and the orc's data, and the orc holding a club. */
function world(settings: Record<string, unknown>, extra: { ana?: object; orc?: object } = {}): WorldData {
  const w = attackWorld(settings);
  const club = {
    _id: CLUB,
    name: "Club",
    type: "weapon",
    system: { category: "heavy", modes: { melee: true, thrown: false, launcher: false }, hands: 1 },
  };
  const actors = w.actors.map((a) => {
    if (a._id === ACTORS.ana._id) return { ...a, system: { ...a.system, ...extra.ana } };
    if (a._id === ACTORS.orc._id) return { ...a, system: { ...a.system, ...extra.orc }, items: [club] };
    return a;
  });
  return { ...w, actors };
}

/** Every seat connected (the GM's second tab too), the combat started, every stance Bold and shown. */
async function table(w: WorldData): Promise<Table> {
  const t = await Table.open({ world: w, seeds: { gm: HIT_SEED }, cryptoSeeds: { gm: CRYPTO_GM } });
  await t.join("gmTab");
  await startCombat(t);
  await everyoneDeclares(t);
  expect(await firstTurnTo(t, "ana")).toBe(true);
  return t;
}

/** Counts the dice each seat's client draws from now on (each client's own `CONFIG.Dice.randomUniform`). */
function countDraws(t: Table): Record<string, number> {
  const draws: Record<string, number> = {};
  for (const seat of SEATS) {
    draws[seat] = 0;
    t.client(seat).run(() => {
      const dice = CONFIG.Dice as unknown as { randomUniform: () => number };
      const uniform = dice.randomUniform;
      dice.randomUniform = () => {
        draws[seat] = (draws[seat] ?? 0) + 1;
        return uniform();
      };
    });
  }
  return draws;
}

/** The step requests the players sent, counted once each though a query may reach both GM tabs. */
const stepRequests = (t: Table): number =>
  new Set(
    [t.gm, t.client("gmTab")]
      .flatMap((c) => c.queriesReceived)
      .map((q) => q.data as { type?: string; id?: string })
      .filter((d) => d.type === "attackStep")
      .map((d) => d.id),
  ).size;

/** The card's seal, and the hash of the card as every client holds it now. */
async function sealAndCard(t: Table): Promise<[string | undefined, string]> {
  const card = cardOn(t.gm)!;
  const seals = t.server.world.settings["zilch.attackSeals"] as Record<string, { hash: string }>;
  const hash = await t.gm.run(() => hashCardState({ state: stateOn(t.gm), seq: seqOn(t.gm) }));
  return [seals[card.id]?.hash, hash];
}

const dominoOf = (t: Table, who: "ana" | "bo" | "orc"): string | undefined => {
  const stored = t.server.combat(COMBAT).flags.zilch as {
    combatants: Record<string, { domino: { state: string } | null }>;
  };
  return stored.combatants[combatantId(t, who)]?.domino?.state;
};

/** Every client holds the same card as the GM's. */
function sameEverywhere(t: Table): void {
  const gm = stateOn(t.gm);
  for (const seat of SEATS) expect(stateOn(t.client(seat)), seat).toEqual(gm);
}

/** The GM (on its first tab) targets Ana's token and attacks with the orc's club. */
async function orcAttacksAna(t: Table): Promise<boolean> {
  const client = t.gm;
  client.targets.clear();
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.ana)! });
  const result = await client.run(() => {
    const orc = client.actors.get(ACTORS.orc._id)!;
    return client.system.startAttack(orc as never, orc.items.get(CLUB) as never, {
      mode: "melee",
      aim: "chest",
    });
  });
  await t.settle();
  return result;
}

describe("the default pace: only choices stop the card", () => {
  it("Alice's hit on the orc waits only for the GM's Apply; windows and rolls are the GM's leading tab's, once", async () => {
    const t = await table(world({ "zilch.attackAutoRolls": "all" }));
    const draws = countDraws(t);
    expect(await attackWithSword(t, "alice", "orc")).toBe(true);
    // Posted with both windows closed and the damage rolled: nobody was asked for them.
    const posted = stateOn(t.gm)!;
    expect(posted).toMatchObject({
      step: "apply",
      attackerCommit: { chips: 0, boon: false },
      defenderCommit: { chips: 0, boon: false },
    });
    expect(posted.damage).not.toBeNull();
    expect(seqOn(t.gm)).toBe(1);
    expect(stepRequests(t)).toBe(0);
    sameEverywhere(t);
    const [sealed, held] = await sealAndCard(t);
    expect(sealed).toBe(held);
    // The GM's Apply: the injury's location and effect follow in the same write.
    expect(await clickStep(t, "gm", "applyDamage")).toEqual({ ok: true });
    const done: AttackState = stateOn(t.gm)!;
    expect(done.step).toBe("done");
    expect(done.injury?.dice).toHaveLength(4);
    expect(done.injury?.d6).not.toBeNull();
    expect(seqOn(t.gm)).toBe(2);
    const injuries = t.server.actor(ACTORS.orc._id).items.filter((i) => i.type === "injury");
    expect(injuries).toHaveLength(1);
    sameEverywhere(t);
    const [sealedDone, heldDone] = await sealAndCard(t);
    expect(sealedDone).toBe(heldDone);
    // Every die was drawn by one GM tab; no player, no Assistant GM and no second tab rolled.
    const rolled = SEATS.filter((seat) => (draws[seat] ?? 0) > 0);
    expect(rolled).toHaveLength(1);
    expect(["gm", "gmTab"]).toContain(rolled[0]);
    // DOM-5: Bo, attacked by nobody, keeps his domino face down.
    expect(dominoOf(t, "bo")).toBe("faceDown");
    expect(t.server.refusals).toEqual([]);
    expect(t.server.clock.errors).toEqual([]);
  });

  it("a player's console asking for a step the GM's client took itself is refused as stale", async () => {
    const t = await table(world({ "zilch.attackAutoRolls": "all" }));
    expect(await attackWithSword(t, "alice", "orc")).toBe(true);
    // Alice's copy says step 1 (apply); a commit or a damage roll asked now is the wrong step.
    for (const kind of ["commitAttacker", "rollDamage"])
      expect(await clickStep(t, "alice", kind)).toMatchObject({ ok: false, code: "wrongStep" });
    expect(stateOn(t.gm)!.step).toBe("apply");
    expect(seqOn(t.gm)).toBe(1);
  });

  it("with every roll left to its button, the windows still close themselves and the effect rolls with the location", async () => {
    const t = await table(world({ "zilch.attackAutoRolls": "none" }));
    expect(await attackWithSword(t, "alice", "orc")).toBe(true);
    expect(stateOn(t.gm)!.step).toBe("damage");
    expect(await clickStep(t, "alice", "rollDamage")).toEqual({ ok: true });
    expect(await clickStep(t, "gm", "applyDamage")).toEqual({ ok: true });
    expect(stateOn(t.gm)!.step).toBe("injuryLocation");
    expect(await clickStep(t, "alice", "rollLocation")).toEqual({ ok: true });
    const done = stateOn(t.gm)!;
    expect(done.step).toBe("done");
    expect(done.injury?.injury).not.toBeNull();
    expect(stepRequests(t)).toBe(2);
  });
});

describe("Shift-click on Attack", () => {
  it("AT-1: Alice's Shift-click attacks her one target at once with the dialog's defaults (melee, Chest)", async () => {
    const t = await table(world({ "zilch.attackAutoRolls": "all" }));
    const alice = t.alice;
    alice.targets.clear();
    alice.targets.add({ document: alice.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
    // The table's clients have no DialogV2.input: opening the dialog here would throw.
    const attacked = await alice.run(() => {
      const ana = alice.actors.get(ACTORS.ana._id)!;
      return alice.system.attackWith(ana as never, ana.items.get(SWORD) as never, true);
    });
    await t.settle();
    expect(attacked).toBe(true);
    const state = stateOn(t.gm)!;
    expect(state.declaration).toMatchObject({
      mode: "melee",
      aim: "chest",
      calledShot: false,
      knockout: false,
    });
    expect(state.defender.name).toBe("Orc");
    expect(t.server.clock.errors).toEqual([]);
  });
});

describe("NPCs never commit chips", () => {
  const choices = {
    ana: { boons: 1 },
    orc: { chips: { spades: { value: 1, max: 1 }, clubs: { value: 1, max: 1 } } },
  };

  it("off: the orc's ♠ chip opens its window for the GM, after Alice's (her Boon)", async () => {
    const t = await table(world({}, choices));
    expect(await attackWithSword(t, "alice", "orc")).toBe(true);
    expect(stateOn(t.gm)!.step).toBe("attacker");
    expect(await clickStep(t, "alice", "commitAttacker")).toEqual({ ok: true });
    expect(stateOn(t.gm)!.step).toBe("defender");
  });

  it("on: Alice's window still waits for her Boon; the orc's closes itself with its chip kept", async () => {
    const t = await table(world({ "zilch.npcsNeverCommit": true }, choices));
    expect(await attackWithSword(t, "alice", "orc")).toBe(true);
    expect(stateOn(t.gm)!.step).toBe("attacker");
    expect(await clickStep(t, "alice", "commitAttacker")).toEqual({ ok: true });
    const state = stateOn(t.gm)!;
    expect(state.defenderCommit).toEqual({ chips: 0, boon: false });
    expect(["done", "damage", "margin"]).toContain(state.step);
    const orc = t.server.actor(ACTORS.orc._id).system as { chips: { spades: { value: number } } };
    expect(orc.chips.spades.value).toBe(1);
    expect(t.server.clock.errors).toEqual([]);
  });

  it("on: the orc attacking closes its own window; Ana's (her Boon) waits for Alice", async () => {
    const t = await table(world({ "zilch.npcsNeverCommit": true }, choices));
    expect(await orcAttacksAna(t)).toBe(true);
    const state = stateOn(t.gm)!;
    expect(state.attackerCommit).toEqual({ chips: 0, boon: false });
    expect(state.step).toBe("defender");
    expect(await clickStep(t, "gm", "commitDefender")).toEqual({ ok: true });
    expect(t.server.clock.errors).toEqual([]);
  });
});

describe("a reaction is a choice: the domino stays face down until it is made", () => {
  it("GW-4: Bo with Grit is asked before anything is closed or rolled, with every automatic step on", async () => {
    const w = world({
      "zilch.gritWounds": true,
      "zilch.attackAutoRolls": "all",
      "zilch.npcsNeverCommit": true,
    });
    const t = await table(w);
    await t.act("gm", async () => {
      await t.gm.actors.get(ACTORS.bo._id)!.update({ "system.grit.value": 2 });
    });
    const draws = countDraws(t);
    expect(await attackWithSword(t, "alice", "bo")).toBe(true);
    const asked = stateOn(t.gm)!;
    expect(asked.step).toBe("react");
    expect(asked.attackerCommit).toBeNull();
    expect(dominoOf(t, "bo")).toBe("faceDown");
    for (const seat of ["alice", "bob"] as const) {
      expect(stateOn(t.client(seat))!.defender.side.defense, seat).toBe(0);
      expect(cardOn(t.client(seat))!.content, seat).not.toContain("attack-totals");
    }
    expect(draws.alice! + draws.bob!).toBe(0);
    // Bob answers: the domino is revealed with his answer, then the empty windows close themselves.
    expect(await clickStep(t, "bob", "reactiveDefence", { answer: "decline" })).toEqual({ ok: true });
    expect(dominoOf(t, "bo")).toBe("revealed");
    expect(stateOn(t.gm)!.attackerCommit).toEqual({ chips: 0, boon: false });
    expect(t.server.clock.errors).toEqual([]);
  });
});
