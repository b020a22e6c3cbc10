/**
 * GW-4 opportunity attacks at the table: with Grit and Wounds on, Ana (Alice's) and Bo (Bob's) stand
 * beside a hostile orc (a Foe, so it holds Grit). When a token's move takes it out of an enemy's reach,
 * the active GM's client posts one offer, whispered to whoever decides for that enemy: the GMs for the
 * orc, Alice for Ana. Only that user's client gets the Take button. Taking it pays 1 Grit, reveals the
 * attacker's domino (DOM-5) and posts the attack card, which is played as any other; an offer is taken
 * once. A move within reach, or with the option off, offers nothing.
 */
import { describe, expect, it } from "vitest";
import { attackTable, attackWorld, cardOn, clickStep, SCENE, stateOn, TOKENS } from "./attack-card";
import { COMBAT, combatantId } from "./play";
import { ACTORS, USERS, type Seat, type Table } from "./table";
import type { TableChatMessage } from "./documents";
import type { WorldData } from "./server";

/**
 * The attack world with Ana's greatsword in her hands, the orc a Foe with a claw (reach 1), Ana and Bo
 * friendly and the orc hostile; Grit and Wounds on unless `gritWounds` is false.
 */
function world(gritWounds = true): WorldData {
  const w = attackWorld(gritWounds ? { "zilch.gritWounds": true } : {});
  const ana = w.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.items = ana.items.map((i) => ({ ...i, system: { ...i.system, slot: "hands" } }));
  const orc = w.actors.find((a) => a._id === ACTORS.orc._id)!;
  orc.system = {
    tier: "foe",
    attacks: [{ name: "Claw", category: "light", damageType: "physical", reach: 1 }],
  };
  for (const token of w.scenes![0]!.tokens)
    Object.assign(token, { disposition: token._id === TOKENS.orc ? -1 : 1 });
  return w;
}

type Key = "ana" | "bo" | "orc";

/** The combat started, every stance shown, and each creature's Grit set to 2 by the GM. */
const CELLAR = "sceneCellar00001";

/** The fight's world with a second scene (the cellar, empty) and the combat bound to the fight's scene. */
function twoScenes(): WorldData {
  const w = world();
  w.scenes = [
    ...(w.scenes ?? []),
    { _id: CELLAR, name: "Cellar", active: false, grid: { size: 100 }, tokens: [] },
  ];
  w.combats = w.combats.map((c) => ({ ...c, scene: SCENE }));
  return w;
}

async function fight(gritWounds = true, w: WorldData = world(gritWounds)): Promise<Table> {
  const table = await attackTable({ world: w }, "bold", null);
  if (gritWounds)
    await table.act("gm", async () => {
      for (const key of ["ana", "bo", "orc"] as const)
        await table.gm.actors.get(ACTORS[key]._id)!.update({ "system.grit.value": 2 });
    });
  return table;
}

/** `seat` drags `key`'s token to the pixel point (`x`, `y`). */
async function drag(table: Table, seat: Seat, key: Key, x: number, y: number): Promise<void> {
  const client = table.client(seat);
  await table.act(seat, () =>
    client.scenes.get(SCENE)!.tokens.get(TOKENS[key])!.move({ x, y }, { method: "dragging" }),
  );
}

/** The opportunity posts the server holds. */
const posts = (table: Table) =>
  table.server.world.messages.filter(
    (m) => (m.flags as { zilch?: { opportunity?: unknown } }).zilch?.opportunity,
  );

/** The newest opportunity post as `seat`'s client holds it. */
function postOn(table: Table, seat: Seat): TableChatMessage {
  const client = table.client(seat);
  const post = client.run(() =>
    [...client.messages.values()].filter((m) => m.getFlag("zilch", "opportunity") !== undefined).at(-1),
  );
  if (!post) throw new Error(`${seat} holds no opportunity post`);
  return post;
}

/** The actors whose offers on the newest post `seat`'s client would show a Take button for. */
async function takeButtonsOn(table: Table, seat: Seat): Promise<string[]> {
  const client = table.client(seat);
  const post = postOn(table, seat);
  const held = await client.run(() => client.system.opportunitiesHeldHere(post as never));
  return held.map((o) => o.actorUuid);
}

/** `seat` presses Take on the newest post's first offer. */
async function take(table: Table, seat: Seat): Promise<boolean> {
  const client = table.client(seat);
  const post = postOn(table, seat);
  const id = (post.getFlag("zilch", "opportunity") as { id: string }[])[0]!.id;
  const done = await client.run(() => client.system.takeOpportunity(post as never, id));
  await table.settle();
  return done;
}

const gritOf = (table: Table, key: Key): number =>
  (table.server.actor(ACTORS[key]._id).system as { grit: { value: number } }).grit.value;

/** `key`'s domino as the server stores it. */
function dominoOf(table: Table, key: Key): string | undefined {
  const stored = table.server.combat(COMBAT).flags.zilch as {
    combatants: Record<string, { domino: { state: string } | null }>;
  };
  return stored.combatants[combatantId(table, key)]?.domino?.state;
}

/** Who clicks each step of the orc's attack on Ana: the GM for the orc, Alice for Ana. */
const ORC_CLICKS: Record<string, [Seat, string, Record<string, unknown>]> = {
  attacker: ["gm", "commitAttacker", {}],
  defender: ["alice", "commitDefender", {}],
  margin: ["gm", "chooseMargin", { margin: [] }],
  damage: ["gm", "rollDamage", {}],
  apply: ["gm", "applyDamage", {}],
  wound: ["gm", "woundSave", {}],
  injuryLocation: ["gm", "rollLocation", {}],
  injuryEffect: ["gm", "rollEffect", {}],
};

/** Plays the orc's card to its end, as any attack card is played. */
async function playOut(table: Table): Promise<void> {
  for (let n = 0; n < 12; n++) {
    const state = stateOn(table.gm)!;
    if (state.step === "done") return;
    const click = ORC_CLICKS[state.step];
    if (!click) throw new Error(`the scenario does not play step ${state.step}`);
    expect(await clickStep(table, click[0], click[1], click[2]), state.step).toEqual({ ok: true });
  }
}

const ORC_UUID = `Actor.${ACTORS.orc._id}`;
const ANA_UUID = `Actor.${ACTORS.ana._id}`;

describe("GW-4: a move out of an enemy's reach offers that enemy's owner an opportunity attack", () => {
  it("Ana leaves the orc's reach: one post, whispered to the GMs, the Take button only theirs, even with a second GM tab", async () => {
    const table = await fight();
    await table.join("gmTab");
    await drag(table, "alice", "ana", 0, 0);
    expect(posts(table)).toHaveLength(1);
    const whisper = posts(table)[0]!.whisper as string[];
    expect(whisper).toContain(USERS.gm._id);
    expect(whisper).not.toContain(USERS.alice._id);
    expect(whisper).not.toContain(USERS.bob._id);
    // The post carries one Take button per offer; each client keeps only its own user's (the render).
    expect(String(posts(table)[0]!.content).match(/data-action="takeOpportunity"/g)).toHaveLength(1);
    expect(await takeButtonsOn(table, "gm")).toEqual([ORC_UUID]);
    expect(await takeButtonsOn(table, "gmTab")).toEqual([ORC_UUID]);
    expect(await takeButtonsOn(table, "alice")).toEqual([]);
    expect(await takeButtonsOn(table, "bob")).toEqual([]);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the orc leaves Ana's reach but not Bo's: Alice is offered it, Bob is not", async () => {
    const table = await fight();
    await drag(table, "gm", "orc", 200, 300);
    expect(posts(table)).toHaveLength(1);
    const whisper = posts(table)[0]!.whisper as string[];
    expect(whisper).toContain(USERS.alice._id);
    expect(whisper).not.toContain(USERS.bob._id);
    expect(await takeButtonsOn(table, "alice")).toEqual([ANA_UUID]);
    expect(await takeButtonsOn(table, "bob")).toEqual([]);
    expect(await takeButtonsOn(table, "gm")).toEqual([]);
  });

  it("a move that stays within reach or is made by a macro offers nothing; the drag out of reach after them does", async () => {
    const table = await fight();
    await drag(table, "alice", "ana", 100, 0);
    await table.act("alice", () =>
      table.alice.scenes.get(SCENE)!.tokens.get(TOKENS.ana)!.move({ x: 0, y: 0 }, { method: "api" }),
    );
    expect(posts(table)).toHaveLength(0);
    await drag(table, "alice", "ana", 100, 100);
    expect(posts(table)).toHaveLength(0);
    await drag(table, "alice", "ana", 0, 0);
    expect(posts(table)).toHaveLength(1);
  });

  it("with the option off nothing is offered; once the GM turns it on, the same move is", async () => {
    const table = await fight(false);
    await drag(table, "alice", "ana", 0, 0);
    expect(posts(table)).toHaveLength(0);
    await drag(table, "alice", "ana", 100, 100);
    await table.act("gm", async () => {
      await game.settings!.set("zilch", "gritWounds", true);
      await table.gm.actors.get(ACTORS.orc._id)!.update({ "system.grit.value": 1 });
    });
    await drag(table, "alice", "ana", 0, 0);
    expect(posts(table)).toHaveLength(1);
  });

  it("without Grit the orc is not offered it; with 1 Grit it is", async () => {
    const table = await fight();
    await table.act("gm", () => table.gm.actors.get(ACTORS.orc._id)!.update({ "system.grit.value": 0 }));
    await drag(table, "alice", "ana", 0, 0);
    expect(posts(table)).toHaveLength(0);
    await drag(table, "alice", "ana", 100, 100);
    await table.act("gm", () => table.gm.actors.get(ACTORS.orc._id)!.update({ "system.grit.value": 1 }));
    await drag(table, "alice", "ana", 0, 0);
    expect(posts(table)).toHaveLength(1);
  });
});

describe("GW-4: taking the opportunity attack", () => {
  it("the GM takes the orc's: 1 Grit paid, the orc's domino revealed, the attack card posted and played; taken once", async () => {
    const table = await fight();
    await drag(table, "alice", "ana", 0, 0);
    expect(dominoOf(table, "orc")).toBe("faceDown");
    // Another user's console may not take the orc's offer.
    expect(await take(table, "alice")).toBe(false);
    expect(gritOf(table, "orc")).toBe(2);
    expect(await take(table, "gm")).toBe(true);
    expect(gritOf(table, "orc")).toBe(1);
    expect(dominoOf(table, "orc")).toBe("revealed");
    const card = stateOn(table.gm)!;
    expect(card.attacker.actorId).toBe(ORC_UUID);
    expect(card.defender.actorId).toBe(ANA_UUID);
    expect(card.declaration.weaponName).toBe("Claw");
    expect(stateOn(table.alice)).toEqual(card);
    // AT-5 step 1: Ana may Dodge or Block (GW-4); Alice does not react, and the card goes on as any other.
    expect(card.step).toBe("react");
    expect(await clickStep(table, "alice", "reactiveDefence", { answer: "decline" })).toEqual({ ok: true });
    await playOut(table);
    expect(stateOn(table.gm)!.step).toBe("done");
    // Taken once: the button is gone, and a second press is refused and costs nothing.
    expect(await takeButtonsOn(table, "gm")).toEqual([]);
    expect(await take(table, "gm")).toBe(false);
    expect(gritOf(table, "orc")).toBe(1);
    expect(cardOn(table.gm)).toBeDefined();
    expect(table.server.clock.errors).toEqual([]);
  });

  it("the GM's client on another scene still shows the orc's offer and takes it", async () => {
    const table = await fight(true, twoScenes());
    table.gm.view(CELLAR);
    await drag(table, "alice", "ana", 0, 0);
    expect(await takeButtonsOn(table, "gm")).toEqual([ORC_UUID]);
    expect(await take(table, "gm")).toBe(true);
    expect(gritOf(table, "orc")).toBe(1);
    expect(stateOn(table.gm)!.attacker.actorId).toBe(ORC_UUID);
    expect(await takeButtonsOn(table, "gm")).toEqual([]);
  });

  it("Alice takes Ana's when the orc steps away: Ana's Grit paid and the card aims at the orc", async () => {
    const table = await fight();
    await drag(table, "gm", "orc", 200, 300);
    expect(await take(table, "bob")).toBe(false);
    expect(await take(table, "alice")).toBe(true);
    expect(gritOf(table, "ana")).toBe(1);
    expect(gritOf(table, "bo")).toBe(2);
    const card = stateOn(table.gm)!;
    expect(card.attacker.actorId).toBe(ANA_UUID);
    expect(card.defender.actorId).toBe(ORC_UUID);
    expect(dominoOf(table, "ana")).toBe("revealed");
  });
});
