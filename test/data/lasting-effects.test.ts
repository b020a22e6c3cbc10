import { beforeAll, describe, expect, it } from "vitest";
import { createActor, characterSource, type CharacterData } from "./models-setup";
import type { injuriesOf as InjuriesOf, shieldInUse as ShieldInUse } from "../../src/documents/attack/actors";
import { attackInjuryUse } from "../../src/rules/attack/index";
import { moveSaveOf } from "../../src/rules/injury/effects";
import { lastingModifiers } from "../../src/rules/injury/lasting-modifiers";
import type { INJURY_ITEM_EFFECTS } from "../../src/data/item/injury";
import type { applyRiders as ApplyRiders } from "../../src/documents/attack/effects";
import type { Rider } from "../../src/rules/damage";
import type { Location } from "../../src/rules/vocabulary";

/**
 * INJ-7, SW-7 at document level: each row's lasting effect, read off a ♠8 character holding a buckler
 * and a one-handed sword once the injury item is added through the actor, and gone once the actor
 * heals it (docs/rules-ledger.md's lasting-effects table lists these rows).
 */
let injuriesOf: typeof InjuriesOf;
let shieldInUse: typeof ShieldInUse;
let applyRiders: typeof ApplyRiders;

beforeAll(async () => {
  // The attack readers' module brings the combat document class, whose base the stand-in lacks here.
  if (!Reflect.has(globalThis, "Combat")) Reflect.set(globalThis, "Combat", class {});
  if (!Reflect.has(globalThis, "Combatant")) Reflect.set(globalThis, "Combatant", class {});
  ({ injuriesOf, shieldInUse } = await import("../../src/documents/attack/actors"));
  ({ applyRiders } = await import("../../src/documents/attack/effects"));
});

type Actor = Awaited<ReturnType<typeof createActor>>;

/** What the lasting effects change, as the rest of the system reads it off the actor. */
function observe(actor: Actor) {
  const system = actor.creature as CharacterData;
  const injuries = injuriesOf(actor);
  const lasting = (use: Parameters<typeof lastingModifiers>[1]) => lastingModifiers(injuries, use);
  return {
    conditions: (["deafened", "slowed", "hampered"] as const).filter((c) => system.conditions.has(c)),
    move: system.move.move,
    run: system.move.run,
    sprint: system.move.sprint,
    noCharge: system.lasting.noCharge,
    unusableHands: system.lasting.unusableHands,
    shield: shieldInUse(actor),
    initiative: system.initiative,
    burn: system.burn,
    moveSave: moveSaveOf(injuries)?.modifier ?? null,
    clubsTest: lasting({ kind: "test", suit: "clubs", card: "primary" }).total,
    movementTest: lasting({ kind: "test", suit: "spades", card: "primary", movement: true }).total,
    sightTest: lasting({ kind: "test", suit: "diamonds", card: "primary", sight: true }).total,
    meleeAttack: lasting(attackInjuryUse(1, "melee")).total,
    spellAttack: lasting(attackInjuryUse(undefined, "cast")).total,
    twoHandedRefused: lasting(attackInjuryUse(2, "melee")).unusable.length > 0,
  };
}

const PC = () =>
  createActor({
    name: "PC",
    type: "character",
    // A Fighter, so the buckler is within the shield proficiency (EQ-11) and Hampers nothing.
    system: characterSource({ spades: { primary: 8 } }, { classes: ["fighter"] }),
    items: [
      { name: "Buckler", type: "shield", system: { kind: "buckler", slot: "hands" } },
      { name: "Sword", type: "weapon", system: { slot: "hands", category: "light", hands: 1 } },
    ],
  });

/** What a lost or useless right arm takes: that hand, so the buckler (the sword holds the other). */
const RIGHT_HAND_GONE = { twoHandedRefused: true, unusableHands: ["right"], shield: "none" } as const;

type Row = {
  /** The row of docs/rules-ledger.md's lasting-effects table this one proves. */
  row: string;
  effect: (typeof INJURY_ITEM_EFFECTS)[number];
  kind: "grievousInjury" | "specificWound";
  location: Location;
  changes: Partial<Record<keyof ReturnType<typeof observe>, unknown>>;
};

/** INJ-7: every row; ♠8 gives Move 8 and initiative 8 unhurt (ST-6/INI-2: −2 initiative per Burn). */
const INJ_7: Row[] = [
  {
    row: "INJ-7 stun",
    effect: "stun",
    kind: "grievousInjury",
    location: "chest",
    changes: { burn: 1, initiative: 6 },
  },
  {
    row: "INJ-7 wind",
    effect: "wind",
    kind: "grievousInjury",
    location: "abdomen",
    changes: { burn: 2, initiative: 4 },
  },
  { row: "INJ-7 fleshWound", effect: "fleshWound", kind: "grievousInjury", location: "chest", changes: {} },
  {
    row: "INJ-7 sound",
    effect: "sound",
    kind: "grievousInjury",
    location: "head",
    changes: { conditions: ["deafened"], spellAttack: -5 },
  },
  {
    row: "INJ-7 sight",
    effect: "sight",
    kind: "grievousInjury",
    location: "head",
    changes: { meleeAttack: -2, spellAttack: -2, sightTest: -2 },
  },
  {
    row: "INJ-7 balance",
    effect: "balance",
    kind: "grievousInjury",
    location: "head",
    changes: { moveSave: 0, spellAttack: -5, burn: 2, initiative: 4 },
  },
  { row: "INJ-7 paralysis", effect: "paralysis", kind: "grievousInjury", location: "neck", changes: {} },
  {
    row: "INJ-7 broken (arm)",
    effect: "broken",
    kind: "grievousInjury",
    location: "rightArm",
    changes: RIGHT_HAND_GONE,
  },
  {
    row: "INJ-7 broken (leg)",
    effect: "broken",
    kind: "grievousInjury",
    location: "leftLeg",
    changes: { moveSave: -5 },
  },
  {
    row: "INJ-7 fracture (chest)",
    effect: "fracture",
    kind: "grievousInjury",
    location: "chest",
    changes: { clubsTest: -5 },
  },
  {
    row: "INJ-7 fracture (groin)",
    effect: "fracture",
    kind: "grievousInjury",
    location: "groin",
    changes: { movementTest: -5 },
  },
  {
    row: "INJ-7 fracture (arm)",
    effect: "fracture",
    kind: "grievousInjury",
    location: "leftArm",
    changes: { clubsTest: -5 },
  },
  {
    row: "INJ-7 fracture (leg)",
    effect: "fracture",
    kind: "grievousInjury",
    location: "rightLeg",
    changes: { noCharge: true, movementTest: -5 },
  },
  {
    row: "INJ-7 hand",
    effect: "hand",
    kind: "grievousInjury",
    location: "rightArm",
    changes: { ...RIGHT_HAND_GONE, burn: 1, initiative: 6 },
  },
  {
    row: "INJ-7 foot",
    effect: "foot",
    kind: "grievousInjury",
    location: "rightLeg",
    changes: {
      conditions: ["slowed"],
      move: 4,
      run: 6,
      sprint: 8,
      initiative: 2,
      burn: 1,
      moveSave: -5,
      movementTest: -5,
    },
  },
  {
    row: "INJ-7 puncture",
    effect: "puncture",
    kind: "grievousInjury",
    location: "chest",
    changes: {
      burn: 1,
      initiative: 6,
      clubsTest: -2,
      movementTest: -2,
      sightTest: -2,
      meleeAttack: -2,
      spellAttack: -2,
    },
  },
  {
    row: "INJ-7 maim",
    effect: "maim",
    kind: "grievousInjury",
    location: "chest",
    changes: {
      burn: 1,
      initiative: 6,
      clubsTest: -2,
      movementTest: -2,
      sightTest: -2,
      meleeAttack: -2,
      spellAttack: -2,
    },
  },
  { row: "INJ-7 bleeder", effect: "bleeder", kind: "grievousInjury", location: "neck", changes: {} },
  {
    row: "INJ-7 unconscious",
    effect: "unconscious",
    kind: "grievousInjury",
    location: "head",
    changes: { burn: 1, initiative: 6 },
  },
  { row: "INJ-7 kill", effect: "kill", kind: "grievousInjury", location: "neck", changes: {} },
  {
    row: "INJ-7 sever (arm)",
    effect: "sever",
    kind: "grievousInjury",
    location: "rightArm",
    changes: {
      burn: 2,
      initiative: 4,
      clubsTest: -5,
      movementTest: -5,
      sightTest: -5,
      meleeAttack: -5,
      spellAttack: -5,
      ...RIGHT_HAND_GONE,
    },
  },
  {
    row: "INJ-7 sever (leg)",
    effect: "sever",
    kind: "grievousInjury",
    location: "leftLeg",
    changes: {
      conditions: ["slowed"],
      move: 4,
      run: 6,
      sprint: 8,
      burn: 2,
      initiative: 0,
      clubsTest: -5,
      movementTest: -5,
      sightTest: -5,
      meleeAttack: -5,
      spellAttack: -5,
    },
  },
];

/** SW-7: the armed wounds (the brawling ones last only their durations). */
const SW_7: Row[] = [
  { row: "SW-7 skullWound", effect: "skullWound", kind: "specificWound", location: "head", changes: {} },
  {
    row: "SW-7 deepChestWound",
    effect: "deepChestWound",
    kind: "specificWound",
    location: "chest",
    changes: { clubsTest: -2, movementTest: -2, sightTest: -2 },
  },
  {
    row: "SW-7 gutWound",
    effect: "gutWound",
    kind: "specificWound",
    location: "abdomen", // CON-4: Hampered implies Slowed.
    changes: { conditions: ["slowed", "hampered"], move: 4, run: 6, sprint: 8, initiative: 4 },
  },
  {
    row: "SW-7 armDisabled",
    effect: "armDisabled",
    kind: "specificWound",
    location: "leftArm",
    changes: { twoHandedRefused: true, unusableHands: ["left"], shield: "none" },
  },
  {
    row: "SW-7 legCrippled",
    effect: "legCrippled",
    kind: "specificWound",
    location: "rightLeg", // MV-1 halved by Slowed, and no faster running or sprinting.
    changes: { conditions: ["slowed"], move: 4, run: 4, sprint: 4, initiative: 4, noCharge: true },
  },
];

/** SW-7 brawling results: only their durations, nothing that lasts (SW-8). */
const SW_7_BRAWLING: Row[] = [
  { row: "SW-7 knockedOut", effect: "knockedOut", kind: "specificWound", location: "head", changes: {} },
  { row: "SW-7 winded", effect: "winded", kind: "specificWound", location: "chest", changes: {} },
  { row: "SW-7 doubledOver", effect: "doubledOver", kind: "specificWound", location: "abdomen", changes: {} },
  { row: "SW-7 numbed", effect: "numbed", kind: "specificWound", location: "rightArm", changes: {} },
  { row: "SW-7 swept", effect: "swept", kind: "specificWound", location: "leftLeg", changes: {} },
];

describe("INJ-7, SW-7: every lasting effect holds while the injury lasts and goes when it heals", () => {
  it.each([...INJ_7, ...SW_7, ...SW_7_BRAWLING].map((r) => [`${r.row} (${r.location})`, r] as const))(
    "%s",
    async (_, row) => {
      const actor = await PC();
      const unhurt = observe(actor);
      expect(unhurt).toMatchObject({
        move: 8,
        run: 12,
        sprint: 16,
        initiative: 8,
        burn: 0,
        conditions: [],
        noCharge: false,
        unusableHands: [],
        shield: "buckler",
      });
      const item = await actor.addInjury(row.effect, {
        kind: row.kind,
        location: row.location,
        effect: row.effect,
        daysRemaining: 28,
      });
      expect(observe(actor)).toEqual({ ...unhurt, ...row.changes });
      await actor.healInjury(item!.id!);
      expect(observe(actor)).toEqual(unhurt);
    },
  );
});

describe("INJ-7 sever: the lost limb outlives the acute phase", () => {
  const LOST = [
    ["INJ-7 sever (arm)", "rightArm", { unusableHands: ["right"], shield: "none", twoHandedRefused: true }],
    ["INJ-7 sever (leg)", "leftLeg", { conditions: ["slowed"], move: 4, run: 6, sprint: 8, initiative: 4 }],
  ] as const;
  it.each(LOST)(
    "%s, after the acute phase (%s): only the loss stays after the last day's Sleep, until the GM removes it",
    async (_, location, loss) => {
      const actor = await PC();
      const unhurt = observe(actor);
      const item = await actor.addInjury("sever", {
        kind: "grievousInjury",
        location,
        effect: "sever",
        daysRemaining: 1,
      });
      await actor.sleep("S");
      expect(actor.items.get(item!.id!)?.system).toMatchObject({ daysRemaining: 0 });
      expect(observe(actor)).toEqual({ ...unhurt, ...loss });
      await actor.healInjury(item!.id!);
      expect(observe(actor)).toEqual(unhurt);
    },
  );
});

/**
 * DMG-6 at document level: each rider kind through the path the attack card uses (the hit's own
 * riders by `applyHit`, the condition and ongoing ones by `applyRiders`), what lasts of it, and the
 * route that ends it.
 */
describe("DMG-6: what each rider leaves, and what ends it", () => {
  const HIT = { base: 0, scaled: 0, final: 0, outcome: "riders" as const };
  const suitsOf = (actor: Actor) => {
    const clubs = (actor.creature as CharacterData)._source.suits.clubs;
    return { eff: actor.creature.suits.clubs.eff, drain: clubs.drain, taint: clubs.taint };
  };

  it("DMG-6 energy: 2 HP at once and nothing that lasts", async () => {
    const actor = await PC();
    const [unhurt, suits, hp] = [observe(actor), suitsOf(actor), actor.creature.hp.value];
    await actor.applyHit(HIT, [{ kind: "energy", amount: 2 }]);
    expect(actor.creature.hp.value).toBe(hp - 2);
    expect([observe(actor), suitsOf(actor)]).toEqual([unhurt, suits]);
  });

  it("DMG-6 drain: eff(♣) stays 2 lower until recovery gives the points back, one a Sleep", async () => {
    const actor = await PC();
    const { eff } = suitsOf(actor);
    await actor.applyHit(HIT, [{ kind: "drain", suit: "clubs", amount: 2, tainted: false }]);
    expect(suitsOf(actor)).toMatchObject({ eff: eff - 2, drain: 2 });
    await actor.sleep("S");
    expect(suitsOf(actor)).toMatchObject({ eff: eff - 1, drain: 1 });
  });

  it("DMG-6 taint: 2 ♣ counters stay, and recovery takes them before any drain", async () => {
    const actor = await PC();
    const { eff } = suitsOf(actor);
    await actor.applyHit(HIT, [{ kind: "taint", suit: "clubs", amount: 2 }]);
    expect(suitsOf(actor)).toEqual({ eff, drain: 0, taint: 2 });
    await actor.recoverDrain("clubs", 1);
    expect(suitsOf(actor)).toEqual({ eff, drain: 0, taint: 1 });
  });

  it("DMG-6 condition: a Slowed rider to the end of the encounter halves Move until the encounter ends", async () => {
    const actor = await PC();
    const unhurt = observe(actor);
    const slowed: Rider = {
      kind: "condition",
      condition: "slowed",
      save: null,
      duration: { kind: "endOfEncounter" },
    };
    await applyRiders(actor, [slowed], [], "Web");
    expect(observe(actor)).toEqual({
      ...unhurt,
      conditions: ["slowed"],
      move: 4,
      run: 6,
      sprint: 8,
      initiative: 4,
    });
    await actor.endEncounter();
    expect(observe(actor)).toEqual(unhurt);
  });

  it("DMG-6 ongoing: a Poison 1 on ♣ stays and ticks until a test of S ends it", async () => {
    const actor = await PC();
    const poison: Rider = {
      kind: "ongoing",
      effect: { rating: 1, suit: "clubs", modifier: 0, tag: "poison", origin: null },
    };
    await applyRiders(actor, [poison], [], "Blade");
    const entries = actor.ongoingEntries();
    expect(entries.map((e) => e.effect.tag)).toEqual(["poison"]);
    await actor.tickOngoing([{ key: entries[0]!.key, dos: "S" }]);
    expect(actor.ongoingEntries()).toEqual([]);
  });
});

describe("INJ-7, SW-7 on an NPC: the stat block's creature reads the same lasting effects", () => {
  it("SW-7 legCrippled on a ♠8 orc: Slowed, no Charge, no faster run; all gone once healed", async () => {
    const orc = await createActor({ name: "Orc", type: "npc", system: { suits: { spades: { value: 8 } } } });
    const read = () => ({
      slowed: orc.creature.conditions.has("slowed"),
      move: [orc.creature.move.move, orc.creature.move.run, orc.creature.move.sprint],
      noCharge: orc.creature.lasting.noCharge,
    });
    expect(read()).toEqual({ slowed: false, move: [8, 12, 16], noCharge: false });
    const item = await orc.addInjury("Leg crippled", {
      kind: "specificWound",
      location: "leftLeg",
      effect: "legCrippled",
    });
    expect(read()).toEqual({ slowed: true, move: [4, 4, 4], noCharge: true });
    await orc.healInjury(item!.id!);
    expect(read()).toEqual({ slowed: false, move: [8, 12, 16], noCharge: false });
  });
});
