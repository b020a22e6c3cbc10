/**
 * A spell cast by an unlinked token's own actor: Alice's imp stands on the scene as an unlinked token
 * of a world actor she owns, and the token has learnt Mend Flesh (its own item; the world imp holds no
 * spell). The card of its casting is trusted by the GM's client as the token's actor's, so the GM may
 * heal selected tokens from it; a card that claims a spell neither the token's actor nor the world imp
 * holds is still refused. In a fight the imp's combatant is Alice's to play (its owners are the world
 * imp's: foundryvtt#11034), not Bob's.
 */
import { describe, expect, it } from "vitest";
import type { RequestResult } from "../../src/requests/channel";
import { SCENE, TOKENS, attackWorld } from "./attack-card";
import { ACTORS, character, Table, USERS } from "./table";
import type { TableActor } from "./documents";
import { ask, COMBAT, combatOn, roundOn, startCombat } from "./play";

/** A Wizard (♦8, 5 ♦ chips) that Alice owns. */
const IMP = character("actImp000000001", "Imp", USERS.alice._id, {
  classes: ["wizard"],
  suits: { diamonds: { primary: 8, secondary: 8 } },
  chips: { diamonds: 5 },
});
const IMP_TOKEN = "tokImp000000001";
const MEND = {
  name: "Mend Flesh",
  type: "spell",
  system: { slot: "hands", isAttack: false, chipCost: 1, maxRange: "close", healing: 3 },
};

/** The attack world with Ana and Bo hurt (3 HP of 8) and Alice's imp as an unlinked token beside them. */
function impWorld() {
  const world = attackWorld();
  const hurt = { suits: { hearts: { primary: 8, secondary: 8 } }, hp: { value: 3, temp: 0 } };
  world.actors = [
    ...world.actors.map((a) => (a._id === ACTORS.orc._id ? a : { ...a, system: { ...a.system, ...hurt } })),
    IMP,
  ];
  world.scenes![0]!.tokens.push({
    _id: IMP_TOKEN,
    name: "Imp",
    actorId: IMP._id,
    actorLink: false,
    x: 200,
    y: 200,
  });
  return world;
}

const impOn = (table: Table): TableActor => table.alice.scenes.get(SCENE)!.tokens.get(IMP_TOKEN)!.actor!;
const hpOf = (table: Table, id: string) =>
  (table.gm.actors.get(id)!.system as unknown as { hp: { value: number } }).hp.value;

/** The imp's token learns `spell` (Alice's own change to her token's actor), then casts it at Bo. */
async function impCasts(table: Table, spell: { name: string }): Promise<string> {
  const [item] = await table.act("alice", () => impOn(table).createEmbeddedDocuments("Item", [spell]));
  const alice = table.alice;
  alice.targets.clear();
  alice.targets.add({ document: alice.scenes.get(SCENE)!.tokens.get(TOKENS.bo)! });
  expect(
    await alice.run(() =>
      alice.system.castSpell(impOn(table) as never, impOn(table).items.get(item!.id) as never),
    ),
  ).toBe(true);
  await table.settle();
  return [...table.gm.messages.values()].at(-1)!.id;
}

async function healSelected(table: Table, messageId: string): Promise<RequestResult> {
  const gm = table.gm;
  const result = await gm.run(() =>
    gm.system.askGM(gm.system.applySelectedRequest, {
      messageId,
      tokenUuids: [`Scene.${SCENE}.Token.${TOKENS.ana}`],
    }),
  );
  await table.settle();
  return result;
}

describe("a spell card of an unlinked token's own actor", () => {
  it("is trusted as that actor's: the GM heals Ana from the card of the spell the imp's token learnt", async () => {
    const table = await Table.open({ world: impWorld() });
    const card = await impCasts(table, MEND);
    expect(table.server.actor(IMP._id).items).toEqual([]);
    expect(await healSelected(table, card)).toEqual({ ok: true });
    expect(hpOf(table, ACTORS.ana._id)).toBe(6);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("is not trusted when its author does not own the actor it names: Bob's copy of the imp's card heals nobody", async () => {
    const table = await Table.open({ world: impWorld() });
    const real = await impCasts(table, MEND);
    const copied = table.gm.messages.get(real)!._source;
    const forged = await table.act("bob", () =>
      ChatMessage.create({ content: copied.content, speaker: copied.speaker, flags: copied.flags } as never),
    );
    const id = (forged as unknown as { id: string }).id;
    expect(await healSelected(table, id)).toMatchObject({ ok: false, code: "unmatchedSpell" });
    expect(hpOf(table, ACTORS.ana._id)).toBe(3);
  });

  it("is Alice's to play in the combat: she declares its stance, Bob may not", async () => {
    const world = impWorld();
    const combat = world.combats[0]!;
    combat.combatants.push({
      ...combat.combatants[0]!,
      _id: "cbtImp0000000001",
      actorId: IMP._id,
      name: "Imp",
      tokenId: IMP_TOKEN,
      sceneId: SCENE,
    });
    const table = await Table.open({ world });
    await startCombat(table);
    const stance = (seat: "alice" | "bob") =>
      ask(table, seat, {
        kind: "declareStance",
        combatId: COMBAT,
        combatantId: "cbtImp0000000001",
        stance: "bold" as never,
      });
    expect(await stance("bob")).toBe(false);
    expect(await stance("alice")).toBe(true);
    expect(roundOn(table.gm)?.declared).toContain("cbtImp0000000001");
    expect(table.gm.run(() => combatOn(table.gm).combatants.get("cbtImp0000000001")!.actor)).toBe(
      table.gm.scenes.get(SCENE)!.tokens.get(IMP_TOKEN)!.actor,
    );
  });
});
