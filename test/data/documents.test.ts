import { describe, expect, it } from "vitest";
import { characterSource, makeActor, type CharacterData, type NpcData } from "./models-setup";
import type { DamageResult } from "../../src/rules/damage";
import { creatureTestTarget } from "../../src/documents/creature-test";

const pc = (system: Record<string, unknown>, extra: { statuses?: string[] } = {}) =>
  makeActor({ name: "PC", type: "character", system, ...extra });
const sys = (actor: ReturnType<typeof pc>) => actor.creature as CharacterData;

describe("ZilchActor: damage (HP-2, DMG-4 to DMG-6)", () => {
  it("EX-HP-1: 5 damage at 2/6 HP: 0 HP, Unconscious, 3 ♥ drain, max 3", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 2 } }));
    const applied = await actor.applyDamage(5);
    expect(applied).toMatchObject({
      lost: 2,
      overflow: 3,
      drainAdded: 3,
      becameUnconscious: true,
      overflowDrain: true,
    });
    expect(sys(actor).hp).toMatchObject({ value: 0, max: 3 });
    expect(sys(actor)._source.suits.hearts.drain).toBe(3);
    expect(actor.statuses.has("unconscious")).toBe(true);
    expect(sys(actor).conditions.has("prone")).toBe(true);
  });

  it("EX-HP-2: temporary then real damage, healing and a Rest-free heal", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 6 } }));
    await actor.applyDamage(2, { temporary: true });
    expect(sys(actor)._source.hp).toEqual({ value: 4, temp: 2 });
    await actor.applyDamage(3);
    expect(sys(actor).hp).toMatchObject({ value: 1, temp: 2, real: 3 });
    await actor.recoverHP(2);
    expect(sys(actor).hp).toMatchObject({ value: 3, temp: 2, real: 1 });
  });

  it("HP-2: an Enemy NPC's overflow becomes no drain; a Foe's does", async () => {
    const enemy = makeActor({ name: "Orc", type: "npc", system: { hp: { value: 2 } } });
    await enemy.applyDamage(5);
    expect((enemy.creature as NpcData)._source.suits.hearts.drain).toBe(0);
    const foe = makeActor({ name: "Warlord", type: "npc", system: { tier: "foe", hp: { value: 2 } } });
    await foe.applyDamage(5);
    expect((foe.creature as NpcData)._source.suits.hearts.drain).toBe(3);
  });

  it("DRN-4: overflow drain that brings ♥ to 0 kills", async () => {
    const actor = pc(characterSource({ hearts: { primary: 3 } }, { hp: { value: 1 } }));
    const applied = await actor.applyDamage(4);
    expect(applied.killed).toBe(true);
    expect(actor.statuses.has("dead")).toBe(true);
  });

  it("DMG-4/DMG-6: a final 0 hit applies riders only; energy riders are reduced by ER on their own", async () => {
    const actor = pc(
      characterSource({ hearts: { primary: 8 }, clubs: { primary: 6 } }, { hp: { value: 8 } }),
    );
    const zero: DamageResult = { base: 2, scaled: 2, final: 0, outcome: "riders" };
    const hit = await actor.applyHit(zero, [
      { kind: "energy", amount: 2 },
      { kind: "drain", suit: "clubs", amount: 1, tainted: true },
      { kind: "condition", condition: "prone", save: null, duration: { kind: "indefinite" } },
    ]);
    expect(hit.damage).toBeNull();
    expect(hit.riderDamage).toHaveLength(1);
    expect(sys(actor).hp.value).toBe(6);
    expect(sys(actor)._source.suits.clubs).toMatchObject({ drain: 1, taint: 1 });
    expect(hit.pending.map((r) => r.kind)).toEqual(["condition"]);
  });

  it("DMG-4: a hit below 0 does nothing at all, riders included", async () => {
    const actor = pc(characterSource({ hearts: { primary: 8 } }, { hp: { value: 8 } }));
    const hit = await actor.applyHit({ base: 1, scaled: 1, final: -1, outcome: "none" }, [
      { kind: "taint", suit: "hearts", amount: 2 },
    ]);
    expect(hit).toEqual({ damage: null, riderDamage: [], pending: [] });
    expect(sys(actor)._source.suits.hearts.taint).toBe(0);
  });
});

describe("ZilchActor: recovery through taint (DRN-6, REC-4)", () => {
  it("EX-DRN-1: 2 recovery points go to ♥ taint first, the next 3 heal", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6, taint: 2 } }, { hp: { value: 2 } }));
    await actor.recoverHP(2);
    expect(sys(actor)._source.suits.hearts.taint).toBe(0);
    expect(sys(actor).hp.value).toBe(2);
    await actor.recoverHP(3);
    expect(sys(actor).hp.value).toBe(5);
  });

  it("EX-DRN-2: a drain recovery point removes ♣ taint before drain", async () => {
    const actor = pc(characterSource({ clubs: { primary: 5, secondary: 4, drain: 2, taint: 2 } }));
    expect(sys(actor).suits.clubs).toMatchObject({ eff: 3, eff2: 2 });
    await actor.recoverDrain("clubs", 1);
    expect(sys(actor)._source.suits.clubs).toMatchObject({ drain: 2, taint: 1 });
  });

  it("HP-5: healed from 0 to 1 HP, an Unconscious creature wakes", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 0 } }), {
      statuses: ["unconscious"],
    });
    await actor.recoverHP(1);
    expect(actor.statuses.has("unconscious")).toBe(false);
  });
});

describe("ZilchActor: chips (CH)", () => {
  it("CH-3, CH-4: ♣ chips buy an attack, not a defence; more than held is refused", async () => {
    const actor = pc(
      characterSource({ clubs: { primary: 8 } }, { classes: ["fighter"], chips: { clubs: 4 } }),
    );
    expect(await actor.spendChips("clubs", 1, { kind: "defence" })).toBe("wrongUse");
    expect(await actor.spendChips("clubs", 5, { kind: "attack" })).toBe("notEnoughChips");
    expect(await actor.spendChips("clubs", 2, { kind: "attack" })).toBeNull();
    expect(sys(actor)._source.chips.clubs).toBe(2);
    expect(await actor.spendChips("hearts", 1, { kind: "attack" })).toBe("heartsNeverSpent");
  });

  it("CH-8: restored chips stop at capacity", async () => {
    const actor = pc(
      characterSource({ spades: { primary: 6 } }, { classes: ["rogue"], chips: { spades: 1 } }),
    );
    expect(await actor.restoreChips("spades", 10)).toBe(6);
  });

  it("EX-CH-2: drain drops chips to the new capacity for good; recovering drain does not bring them back", async () => {
    const actor = pc(
      characterSource({ spades: { primary: 8 } }, { classes: ["rogue"], chips: { spades: 8 } }),
    );
    await actor.applyDrain("spades", 2);
    expect(sys(actor).suits.spades.capacity).toBe(6);
    expect(sys(actor)._source.chips.spades).toBe(6);
    await actor.recoverDrain("spades", 1);
    expect(sys(actor).suits.spades.capacity).toBe(7);
    expect(sys(actor).chips.spades).toBe(6);
  });

  it("DRN-1: HP above a lowered maximum are removed from the source, not just hidden", async () => {
    const actor = pc(characterSource({ hearts: { primary: 6 } }, { hp: { value: 6 } }));
    await actor.update({ "system.suits.hearts.drain": 2 });
    expect(sys(actor)._source.hp.value).toBe(4);
    await actor.update({ "system.suits.hearts.drain": 0 });
    expect(sys(actor).hp.value).toBe(4);
  });

  it("a mistyped card (♥12 typed as 2) caps what is shown, and putting it right brings HP and chips back", async () => {
    const actor = pc(
      characterSource(
        { hearts: { primary: 12 }, clubs: { primary: 10 } },
        { classes: ["fighter"], hp: { value: 12 }, chips: { clubs: 5 } },
      ),
    );
    await actor.update({ "system.suits.hearts.primary": 2, "system.suits.clubs.primary": 1 });
    expect(sys(actor).hp).toMatchObject({ value: 2, max: 2 });
    expect(sys(actor).chips.clubs).toBe(1);
    await actor.update({ "system.suits.hearts.primary": 12, "system.suits.clubs.primary": 10 });
    expect(sys(actor).hp.value).toBe(12);
    expect(sys(actor).chips.clubs).toBe(5);
  });

  it("HP or chips an effect changes in the prepared data are not written back (only what tops the maximum is)", () => {
    const actor = pc(
      characterSource(
        { hearts: { primary: 10 }, clubs: { primary: 10 } },
        { classes: ["fighter"], hp: { value: 9 }, chips: { clubs: 5 } },
      ),
    );
    // As an active effect would, between the source and the derived data: 2 HP and 1 chip less shown.
    sys(actor).hp.value -= 2;
    sys(actor).chips.clubs -= 1;
    expect(sys(actor).excessRemoval()).toBeNull();
    sys(actor)._source.hp.value = 14;
    expect(sys(actor).excessRemoval()).toEqual({ hp: { value: 10 } });
  });

  it("an NPC's HP override mistyped and put right keeps its HP", async () => {
    const orc = makeActor({ name: "Orc", type: "npc", system: { hp: { value: 9, max: 9 } } });
    await orc.update({ "system.hp.max": 1 });
    await orc.update({ "system.hp.max": 9 });
    expect((orc.creature as NpcData).hp.value).toBe(9);
  });

  it("CH-2: HP above a maximum lowered by deleting the Toughness knack are lost, not regained when it returns", async () => {
    const toughness = { name: "Toughness", type: "knack", system: { key: "toughness" } };
    const actor = makeActor({
      name: "PC",
      type: "character",
      system: characterSource({ hearts: { primary: 5 } }, { classes: ["fighter"], hp: { value: 7 } }),
      items: [toughness],
    });
    expect(sys(actor)._source.hp.value).toBe(7);
    await actor.items.contents[0]!.delete();
    expect(sys(actor).hp.max).toBe(5);
    expect(sys(actor)._source.hp.value).toBe(5);
    await actor.createEmbeddedDocuments("Item", [toughness]);
    expect(sys(actor).hp.max).toBe(7);
    expect(sys(actor).hp.value).toBe(5);
  });

  it("CH-2: HP above a maximum lowered by changing a knack are lost", async () => {
    const actor = makeActor({
      name: "PC",
      type: "character",
      system: characterSource({ hearts: { primary: 5 } }, { classes: ["fighter"], hp: { value: 7 } }),
      items: [{ _id: "knack", name: "Toughness", type: "knack", system: { key: "toughness" } }],
    });
    await actor.updateEmbeddedDocuments("Item", [{ _id: "knack", system: { key: "slipAway" } }]);
    expect(sys(actor)._source.hp.value).toBe(5);
  });
});

describe("ZilchActor: injuries and tests", () => {
  it("INJ-2, INJ-9: an injury item is added with its catalogue data, and healed away", async () => {
    const actor = pc({});
    const item = await actor.addInjury("Fracture", {
      kind: "grievousInjury",
      location: "leftArm",
      effect: "fracture",
      daysRemaining: 14,
    });
    expect(item).toBeDefined();
    const injury = actor.items.get(item!.id!)!;
    expect(injury.system).toMatchObject({ burn: 0, heals: { kind: "days", days: 14 } });
    await actor.healInjury(item!.id!);
    expect(actor.items.size).toBe(0);
    await expect(actor.healInjury("nope")).rejects.toThrow(/not an injury/);
  });

  it("T-2: a test target reads the effective card (secondary for Strength)", () => {
    const actor = pc(characterSource({ clubs: { primary: 9, secondary: 5 } }));
    // The system's tests read the card through its one path (src/documents/creature-test.ts).
    expect(creatureTestTarget(actor as never, { card: "strength", save: false, modifier: 5 })).toBe(10);
    expect(creatureTestTarget(actor as never, { card: "clubs", save: false, modifier: -2 })).toBe(7);
  });
});
