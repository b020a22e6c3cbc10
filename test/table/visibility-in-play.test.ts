/**
 * RNG-4 at the table: Alice targets the orc, whose token stands one square east of Ana's (100 px
 * squares), and declares how well Ana sees it. The GM's client puts the visibility on the card's
 * modifier lines, worsened by Ana's Blind or Visually Impaired, and against an invisible target checks
 * the square Alice names (counted from Ana's token): a wrong one misses at once, with no domino
 * revealed and no chip spent; a missing one is refused.
 */
import { describe, expect, it } from "vitest";
import type { AttackState } from "../../src/rules/attack/index";
import type { NamedSquare } from "../../src/documents/attack/requests";
import { attackWorld, cardOn, playCard, SCENE, stateOn, SWORD, TOKENS } from "./attack-card";
import { COMBAT, combatantId, declare, firstTurnTo, startCombat } from "./play";
import { ACTORS, Table } from "./table";

const BOLT = "itmBolt000000001";

interface Sight {
  readonly visibility: "clear" | "occluded" | "invisible";
  readonly square?: NamedSquare;
  /** Ana's conditions. */
  readonly statuses?: string[];
  /** The orc's token size in squares. */
  readonly orcWidth?: number;
  /** Ana casts her bolt (a Close attack spell, 1 ♦ chip) instead of swinging her greatsword. */
  readonly cast?: boolean;
}

/** Ana attacks the orc as `s` declares, after both have declared a stance (Ana Cautious) in a started combat. */
async function attack(s: Sight) {
  const world = attackWorld();
  const ana = world.actors.find((a) => a._id === ACTORS.ana._id)!;
  ana.statuses = s.statuses ?? [];
  ana.system = {
    classes: ["wizard"],
    suits: { clubs: { primary: 8, secondary: 14 }, diamonds: { primary: 8, secondary: 8 } },
    chips: { diamonds: 5 },
    // A Boon, so her window waits for Alice and an attack that goes ahead stops there.
    boons: 1,
  };
  const bolt = { isAttack: true, chipCost: 1, damage: 2, maxRange: "close", runes: 1 };
  // MAG-2: a Cast needs a free hand, so the casting Wizard holds no greatsword.
  ana.items = [
    ...(s.cast ? [] : (ana.items ?? [])),
    { _id: BOLT, name: "Bolt", type: "spell", system: bolt },
  ];
  const orc = world.scenes![0]!.tokens.find((t) => t._id === TOKENS.orc)!;
  Object.assign(orc, { width: s.orcWidth ?? 1, height: s.orcWidth ?? 1 });
  const table = await Table.open({ world, seeds: { gm: 4 } });
  await startCombat(table);
  // A Blind attacker is Threatened, so Cautious or Guarded (ST-3).
  expect(await declare(table, "alice", "ana", "cautious")).toBe(true);
  expect(await declare(table, "gm", "orc", "bold")).toBe(true);
  // ST-1: attacks wait until every stance is shown, Bo's too.
  expect(await declare(table, "bob", "bo", "bold")).toBe(true);
  expect(await firstTurnTo(table, "ana")).toBe(true);
  const client = table.alice;
  client.targets.add({ document: client.scenes.get(SCENE)!.tokens.get(TOKENS.orc)! });
  const declared = await client.run(() => {
    const actor = client.actors.get(ACTORS.ana._id)!;
    return client.system.startAttack(actor as never, actor.items.get(s.cast ? BOLT : SWORD) as never, {
      mode: s.cast ? "cast" : "melee",
      aim: "chest",
      visibility: s.visibility,
      square: s.square ?? null,
    });
  });
  await table.settle();
  expect(table.server.clock.errors).toEqual([]);
  const stored = table.server.combat(COMBAT).flags.zilch as {
    combatants: Record<string, { domino: { state: string } | null }>;
  };
  const domino = (who: "ana" | "orc") => stored.combatants[combatantId(table, who)]?.domino?.state;
  const chips = (table.server.actor(ACTORS.ana._id).system as { chips: { diamonds: number } }).chips.diamonds;
  const state = cardOn(table.gm) ? stateOn(table.gm) : undefined;
  return { table, declared, state, dominoes: [domino("ana"), domino("orc")], chips };
}

const visibilityOf = (state: AttackState | undefined) =>
  (state?.attacker.modifiers ?? []).filter((m) => m.kind === "visibility").map((m) => m.value);

/** The square east of Ana's, where the orc stands. */
const ORC_SQUARE: NamedSquare = { right: 1, down: 0 };

describe("RNG-4: the visibility the declaration names reaches the attack total", () => {
  it("RNG-4: an occluded target: −2 on the card's visibility line and in the attack's modifier", async () => {
    const clear = await attack({ visibility: "clear" });
    const occluded = await attack({ visibility: "occluded" });
    expect(visibilityOf(clear.state)).toEqual([]);
    expect(visibilityOf(occluded.state)).toEqual([-2]);
    expect(occluded.state!.attacker.side.modifier).toBe((clear.state!.attacker.side.modifier ?? 0) - 2);
  });

  it("RNG-4 (CON-4): a Visually Impaired attacker sees a clear target as occluded (−2), an invisible one stays −5", async () => {
    const impaired = await attack({ visibility: "clear", statuses: ["visuallyImpaired"] });
    expect(visibilityOf(impaired.state)).toEqual([-2]);
    const invisible = await attack({
      visibility: "invisible",
      statuses: ["visuallyImpaired"],
      square: ORC_SQUARE,
    });
    expect(visibilityOf(invisible.state)).toEqual([-5]);
  });

  it("RNG-4 (CON-4): a Blind attacker must name a square even for a clear target: refused without one, −5 with it", async () => {
    const unnamed = await attack({ visibility: "clear", statuses: ["blind"] });
    expect(unnamed.declared).toBe(false);
    expect(unnamed.state).toBeUndefined();
    const named = await attack({ visibility: "clear", statuses: ["blind"], square: ORC_SQUARE });
    expect(named.declared).toBe(true);
    expect(visibilityOf(named.state)).toEqual([-5]);
    expect(named.state!.step).toBe("attacker");
  });
});

describe("RNG-4, AT-6: an invisible target's named square", () => {
  it("the right square: −5, the windows open and the card is played as any attack", async () => {
    const right = await attack({ visibility: "invisible", square: ORC_SQUARE });
    expect(right.declared).toBe(true);
    expect(visibilityOf(right.state)).toEqual([-5]);
    expect(right.state!.declaration.wrongSquare).toBe(false);
    expect(right.dominoes).toEqual(["revealed", "revealed"]);
    await playCard(right.table);
    expect(stateOn(right.table.gm)!.result?.missReason).not.toBe("wrongSquare");
  });

  it("a wrong square misses with no roll: the card ends at once, no domino is revealed for it, no ♦ chip is spent", async () => {
    const wrong = await attack({ visibility: "invisible", square: { right: 0, down: 1 }, cast: true });
    expect(wrong.declared).toBe(true);
    expect(wrong.state!.step).toBe("done");
    expect(wrong.state!.result).toMatchObject({ hit: false, missReason: "wrongSquare" });
    expect(wrong.state!.attackerCommit).toBeNull();
    // Ana's was revealed as her turn began (DOM-5); the attack revealed nothing.
    expect(wrong.dominoes).toEqual(["revealed", "faceDown"]);
    expect(wrong.chips).toBe(5);
    const right = await attack({ visibility: "invisible", square: ORC_SQUARE, cast: true });
    expect(right.state!.step).toBe("attacker");
    expect(right.chips).toBe(4);
  });

  it("a target two squares wide is hit through either of its squares; the square beyond it is wrong", async () => {
    const second = await attack({ visibility: "invisible", square: { right: 2, down: 1 }, orcWidth: 2 });
    expect(second.state!.step).toBe("attacker");
    const beyond = await attack({ visibility: "invisible", square: { right: 3, down: 0 }, orcWidth: 2 });
    expect(beyond.state!.result?.missReason).toBe("wrongSquare");
  });

  it("an invisible target without a named square: refused, no card", async () => {
    const none = await attack({ visibility: "invisible" });
    expect(none.declared).toBe(false);
    expect(none.state).toBeUndefined();
  });
});
