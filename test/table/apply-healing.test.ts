/**
 * Healing: a healing spell's card (posted by the caster's own client, as
 * src/applications/combat/cast.ts posts it) heals the tokens a user has selected, through the same
 * "apply to selected tokens" request the attack card uses, checked on the active GM's client. A player
 * heals only tokens they own, the GM any; each token once per card; never the spell's own target
 * (its Apply button heals it); never above the maximum, ♥ taint first (REC-4, DRN-6, HP-4).
 */
import { describe, expect, it } from "vitest";
import type { RequestResult } from "../../src/requests/channel";
import { SCENE, TOKENS, attackWorld } from "./attack-card";
import { ACTORS, Table, type Seat } from "./table";
import type { ActorData } from "./permissions";

type Who = keyof typeof TOKENS;
const uuidOf = (who: Who) => `Scene.${SCENE}.Token.${TOKENS[who]}`;

/** Ana and Bo hurt (♥8, 3 HP left), Bo with 1 ♥ taint; the orc hurt too. */
function hurtWorld() {
  const world = attackWorld();
  const hurt = (a: ActorData, system: Record<string, unknown>) => ({
    ...a,
    system: { ...a.system, ...system },
  });
  const hearts = { primary: 8, secondary: 8 };
  world.actors = world.actors.map((a) =>
    a._id === ACTORS.ana._id
      ? hurt(a, { suits: { hearts }, hp: { value: 3, temp: 0 } })
      : a._id === ACTORS.bo._id
        ? hurt(a, { suits: { hearts: { ...hearts, taint: 1 } }, hp: { value: 3, temp: 0 } })
        : hurt(a, { hp: { value: 1, temp: 0, max: 8 } }),
  );
  // Ana (Alice's) holds the healing spells the cards below claim: 3 points and 6.
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.items = [
    ...(ana.items ?? []),
    healingSpell("itmMendFlesh0003", "Mend Flesh", 3),
    healingSpell("itmGreatMend0006", "Great Mending", 6),
  ];
  return world;
}

function healingSpell(_id: string, name: string, healing: number) {
  return {
    _id,
    name,
    type: "spell",
    system: { slot: "hands", isAttack: false, chipCost: 1, maxRange: "close", healing },
  };
}

/** The spell each test card claims: the one Ana holds with that healing, or a name nobody holds. */
const spellNamed = (healing: number) =>
  healing === 3 ? "Mend Flesh" : healing === 6 ? "Great Mending" : "Mend Flesh";

/**
 * The card a client posts for a casting of a healing spell on `target` (or nobody): by default Alice's, for
 * Ana's 3-point spell, with Ana as its speaker as cast.ts posts it.
 */
async function healingCard(
  table: Table,
  target: Who | null,
  healing = 3,
  {
    seat = "alice",
    caster = "ana",
    spellName = spellNamed(healing),
  }: { seat?: Seat; caster?: Who; spellName?: string } = {},
): Promise<string> {
  const targetUuid = target ? `Actor.${ACTORS[target]._id}` : null;
  const spell = {
    casterName: ACTORS[caster].name,
    spellName,
    paid: 1,
    left: 0,
    overridden: false,
    range: "near",
    targetUuid,
    targetName: target ? ACTORS[target].name : null,
    healing,
    condition: null,
    duration: { kind: "rounds", rounds: 1 },
    wounds: [],
    outcome: target ? { kind: "healed", hp: healing, taint: 0 } : null,
  };
  const created = await table.act(seat, () =>
    ChatMessage.create({
      content: "<section class='spell-card'></section>",
      speaker: { actor: ACTORS[caster]._id, alias: ACTORS[caster].name },
      flags: { zilch: { spell } },
    } as never),
  );
  await table.settle();
  return (created as unknown as { id: string }).id;
}

async function apply(
  table: Table,
  seat: Seat,
  messageId: string,
  tokens: readonly Who[],
): Promise<RequestResult> {
  const client = table.client(seat);
  const result = await client.run(() =>
    client.system.askGM(client.system.applySelectedRequest, { messageId, tokenUuids: tokens.map(uuidOf) }),
  );
  await table.settle();
  return result;
}

const hp = (table: Table, who: Who) => {
  const system = table.server.actor(ACTORS[who]._id).system as { hp?: { value?: number } };
  return system.hp?.value;
};
const taint = (table: Table, who: Who) =>
  (table.server.actor(ACTORS[who]._id).system as { suits?: { hearts?: { taint?: number } } }).suits?.hearts
    ?.taint;

describe("heal the selected tokens from a healing spell's card", () => {
  it("a player heals their own token once; a second click heals nothing more", async () => {
    const table = await Table.open({ world: hurtWorld() });
    const card = await healingCard(table, null);
    expect(await apply(table, "alice", card, ["ana"])).toEqual({ ok: true });
    expect(hp(table, "ana")).toBe(6);
    expect(await apply(table, "alice", card, ["ana"])).toMatchObject({ ok: false, code: "alreadyApplied" });
    expect(hp(table, "ana")).toBe(6);
    expect(table.server.clock.errors).toEqual([]);
  });

  it("a player may not heal another's token or the GM's; nothing of that request is applied", async () => {
    const table = await Table.open({ world: hurtWorld() });
    const card = await healingCard(table, null);
    const result = await apply(table, "alice", card, ["ana", "bo"]);
    expect(result).toMatchObject({ ok: false, code: "notOwner", data: { names: "Bo" } });
    expect(await apply(table, "bob", card, ["orc"])).toMatchObject({ ok: false, code: "notOwner" });
    expect([hp(table, "ana"), hp(table, "bo"), hp(table, "orc")]).toEqual([3, 3, 1]);
  });

  it("the GM heals several tokens: ♥ taint takes a point first, and no one goes above the maximum", async () => {
    const table = await Table.open({ world: hurtWorld() });
    const card = await healingCard(table, null, 6);
    expect(await apply(table, "gm", card, ["ana", "bo"])).toEqual({ ok: true });
    expect(hp(table, "ana")).toBe(8);
    expect([hp(table, "bo"), taint(table, "bo")]).toEqual([8, 0]);
  });

  it("the spell's own target is refused: its casting already healed it", async () => {
    const table = await Table.open({ world: hurtWorld() });
    const card = await healingCard(table, "ana");
    expect(await apply(table, "gm", card, ["ana"])).toMatchObject({ ok: false, code: "spellTarget" });
    expect(hp(table, "ana")).toBe(3);
  });

  it("a card whose healing is out of the spell's bounds (a forged flag) applies nothing", async () => {
    const table = await Table.open({ world: hurtWorld() });
    for (const healing of [0, 11, 2.5]) {
      const card = await healingCard(table, null, healing);
      expect(await apply(table, "alice", card, ["ana"])).toMatchObject({ ok: false, code: "nothingToApply" });
    }
    expect(hp(table, "ana")).toBe(3);
  });

  it("a player's card for a spell their caster does not hold as claimed heals nothing, even when the GM applies it", async () => {
    const table = await Table.open({ world: hurtWorld() });
    // Ana's Mend Flesh heals 3, not 6; nobody holds "Mend All"; and Alice does not own the orc she names.
    const raised = await healingCard(table, null, 6, { spellName: "Mend Flesh" });
    const unknown = await healingCard(table, null, 3, { spellName: "Mend All" });
    const borrowed = await healingCard(table, null, 3, { caster: "orc" });
    for (const card of [raised, unknown, borrowed])
      expect(await apply(table, "gm", card, ["bo"])).toMatchObject({ ok: false, code: "unmatchedSpell" });
    expect(hp(table, "bo")).toBe(3);
    // The GM's own card is the GM's word: it heals (Bo's ♥ taint takes the first point).
    const gms = await healingCard(table, null, 3, { seat: "gm", caster: "orc", spellName: "Mend All" });
    expect(await apply(table, "gm", gms, ["bo"])).toEqual({ ok: true });
    expect([hp(table, "bo"), taint(table, "bo")]).toEqual([5, 0]);
  });

  it("two clicks at once heal once", async () => {
    const table = await Table.open({ world: hurtWorld() });
    const card = await healingCard(table, null);
    const client = table.alice;
    const ask = () =>
      client.run(() =>
        client.system.askGM(client.system.applySelectedRequest, {
          messageId: card,
          tokenUuids: [uuidOf("ana")],
        }),
      );
    const results = await Promise.all([ask(), ask()]);
    await table.settle();
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(hp(table, "ana")).toBe(6);
  });
});

/**
 * OD-4, OD-2a: any magical healing ends every bleeding effect on its target, an injury's bleeder too
 * ("it ends only with a war-pitch patch or magical healing"); burning and the like go on.
 */
describe("OD-4: a healing spell stops the target's bleeding", () => {
  const SPELL = "itmMendFlesh0001";
  const WOUND = "itmArmBleeder001";
  /** Ana (a wizard with Mend Flesh, 3 points) and the orc, both hurt, bleeding from two places and burning. */
  function bleedingWorld() {
    const world = hurtWorld();
    const ongoing = [
      { rating: 1, suit: "hearts", modifier: 0, tag: "bleeding", origin: "leftLeg" },
      { rating: 2, suit: "hearts", modifier: -1, tag: "burning", origin: null },
      { rating: 1, suit: "hearts", modifier: 0, tag: "bleeding", origin: "chest" },
    ];
    const bleeder = {
      _id: WOUND,
      name: "Bleeder",
      type: "injury",
      system: {
        kind: "grievousInjury",
        effect: "bleeder",
        location: "rightArm",
        ongoing: { active: true, rating: 1, suit: "hearts", modifier: 0, tag: "bleeding" },
      },
    };
    const mend = {
      _id: SPELL,
      name: "Mend Flesh",
      type: "spell",
      system: { slot: "hands", isAttack: false, chipCost: 1, maxRange: "close", healing: 3 },
    };
    for (const a of world.actors) {
      if (a._id !== ACTORS.ana._id && a._id !== ACTORS.orc._id) continue;
      a.system = { ...a.system, ongoing };
      a.items = a._id === ACTORS.ana._id ? [mend, bleeder] : [bleeder];
      if (a._id === ACTORS.ana._id)
        a.system = {
          ...a.system,
          classes: ["wizard"],
          suits: { hearts: { primary: 8, secondary: 8 }, diamonds: { primary: 8, secondary: 8 } },
          chips: { diamonds: 5 },
        };
    }
    return world;
  }

  const ongoingOf = (table: Table, who: Who) =>
    (table.server.actor(ACTORS[who]._id).system as { ongoing: { tag: string }[] }).ongoing.map((o) => o.tag);
  /** The injury bleeder's state: an injury that lasts only while it bleeds goes with it (OD-4, INJ-7). */
  const bleeder = (table: Table, who: Who) => {
    const item = table.server.actor(ACTORS[who]._id).items.find((i) => i._id === WOUND);
    return item ? (item.system as { ongoing: { active: boolean } }).ongoing.active : "healed";
  };

  async function cast(table: Table, seat: Seat, target: Who | null): Promise<boolean> {
    const client = table.client(seat);
    client.targets.clear();
    if (target) client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS[target])! });
    const done = await client.run(() => {
      const actor = client.actors.get(ACTORS.ana._id)!;
      return client.system.castSpell(actor as never, actor.items.get(SPELL) as never);
    });
    await table.settle();
    return done;
  }

  it("OD-4: a player's Mend Flesh on her own hero heals 3 and ends both bleeders and the injury's; burning goes on", async () => {
    const table = await Table.open({ world: bleedingWorld() });
    expect(bleeder(table, "ana")).toBe(true);
    expect(await cast(table, "alice", null)).toBe(true);
    expect(hp(table, "ana")).toBe(6);
    expect(ongoingOf(table, "ana")).toEqual(["burning"]);
    expect(bleeder(table, "ana")).toBe("healed");
    expect(table.server.clock.errors).toEqual([]);
  });

  it("OD-4: the GM's cast at the orc through the card's own target ends its bleeding once, burning kept", async () => {
    const table = await Table.open({ world: bleedingWorld() });
    expect(await cast(table, "gm", "orc")).toBe(true);
    expect(hp(table, "orc")).toBe(4);
    expect(ongoingOf(table, "orc")).toEqual(["burning"]);
    expect(bleeder(table, "orc")).toBe("healed");
    expect(ongoingOf(table, "ana")).toHaveLength(3);
  });

  it("OD-4: healing applied from the card to selected tokens ends their bleeding (the GM applies a player's request)", async () => {
    const table = await Table.open({ world: bleedingWorld() });
    const card = await healingCard(table, null);
    expect(await apply(table, "alice", card, ["ana"])).toEqual({ ok: true });
    expect(hp(table, "ana")).toBe(6);
    expect(ongoingOf(table, "ana")).toEqual(["burning"]);
    expect(bleeder(table, "ana")).toBe("healed");
    expect(await apply(table, "gm", card, ["orc"])).toEqual({ ok: true });
    expect(ongoingOf(table, "orc")).toEqual(["burning"]);
    expect(bleeder(table, "orc")).toBe("healed");
    expect(table.server.clock.errors).toEqual([]);
  });
});
