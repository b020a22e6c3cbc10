import { describe, expect, it } from "vitest";
import { ACTOR_MODELS, COMBATANT_MODELS, ITEM_MODELS, makeActor, type NpcData } from "./models-setup";
import { storedOf } from "../../src/rules/round/stored";
import { SUITS } from "../../src/rules/vocabulary";

describe("defaults: every model builds from an empty source", () => {
  const all = { ...ACTOR_MODELS, ...ITEM_MODELS, ...COMBATANT_MODELS };
  for (const [type, Model] of Object.entries(all)) {
    it(`${type} has a complete, valid initial source`, () => {
      // Each model's constructor types its own source; here every model is fed the same loose shapes.
      const Loose = Model as unknown as new (source: object) => { toObject(): object };
      const model = new Loose({});
      const source = model.toObject();
      expect(Object.keys(source).sort()).toEqual(Object.keys(Model.schema.fields).sort());
      // A source read back builds the same model (nothing is lost or invented on a round trip).
      expect(new Loose(source).toObject()).toEqual(source);
    });
  }

  it("a character starts at the point-buy base with no drain, taint or chips (GEN-1, GEN-4)", () => {
    const source = new ACTOR_MODELS.character({}).toObject() as {
      suits: Record<string, { primary: number; secondary: number; drain: number; taint: number }>;
      chips: Record<string, number>;
      hp: { value: number; temp: number };
      classes: string[];
      size: string;
      encumbrance: string;
    };
    for (const suit of SUITS)
      expect(source.suits[suit]).toEqual({ primary: 4, secondary: 4, drain: 0, taint: 0 });
    expect(source.chips).toEqual({ clubs: 0, spades: 0, diamonds: 0 });
    expect(source.hp).toEqual({ value: 4, temp: 0 });
    expect(source.classes).toEqual([]);
    expect(source.size).toBe("medium");
    expect(source.encumbrance).toBe("normal");
  });

  it("a new character is at full HP: HP-1 max equals the default ♥ (GEN-4)", () => {
    const actor = makeActor({ name: "Blank", type: "character" });
    expect(actor.creature.hp.max).toBe(4);
    expect(actor.creature.hp.value).toBe(4);
  });

  it("an NPC is an Enemy with human-average cards, ♥ HP and no chips (NPC-1 to NPC-3)", () => {
    const actor = makeActor({ name: "Orc", type: "npc" });
    const system = actor.creature as NpcData;
    expect(system.tier).toBe("enemy");
    expect(system.suits.hearts.eff).toBe(6);
    expect(system.hp.max).toBe(6);
    expect(system.chips.clubs).toEqual({ value: 0, max: 0 });
  });

  it("a stored NPC from before ranges, areas and special abilities reads as melee, one target, none", () => {
    const Npc = ACTOR_MODELS.npc as unknown as new (source: object) => {
      toObject(): Record<string, unknown>;
    };
    const old = new Npc({ attacks: [{ name: "Claws", category: "heavy" }] }).toObject();
    expect(old.attacks).toMatchObject([
      { name: "Claws", range: "engaged", area: { shape: "none", size: 0 } },
    ]);
    expect(old.specials).toEqual([]);
    // Every number is bounded: an oversized regeneration or area is clamped, not stored as typed.
    const big = new Npc({
      specials: [{ kind: "regeneration", hpPerRound: 500, area: { shape: "burst", size: 99 } }],
    }).toObject() as { specials: { hpPerRound: number; area: { size: number }; save: string | null }[] };
    expect(big.specials[0]).toMatchObject({ hpPerRound: 20, area: { size: 20 }, save: null });
  });

  it("a breath's save modifier (T-6) is 0 on a stored breath without one and bounded like every modifier", () => {
    const Npc = ACTOR_MODELS.npc as unknown as new (source: object) => {
      toObject(): { specials: { saveModifier: number }[] };
    };
    const read = (specials: object[]) => new Npc({ specials }).toObject().specials.map((s) => s.saveModifier);
    expect(read([{ kind: "breath", save: "spades" }])).toEqual([0]);
    expect(read([{ kind: "breath", save: "spades", saveModifier: -2 }])).toEqual([-2]);
    expect(
      read([
        { kind: "breath", saveModifier: -99 },
        { kind: "breath", saveModifier: 99 },
      ]),
    ).toEqual([-20, 20]);
  });

  it("a weapon is a one-handed Light melee weapon; an injury heals by its catalogue", () => {
    const weapon = new ITEM_MODELS.weapon({});
    expect(weapon.toObject()).toMatchObject({
      category: "light",
      hands: 1,
      modes: { melee: true, thrown: false, launcher: false },
      reach: 1,
      rangeClass: null,
    });
    const spell = new ITEM_MODELS.spell({});
    expect(spell.toObject()).toMatchObject({ damage: 2, runeCount: 1, chipCost: 0, isAttack: true });
  });

  it("a combatant the combat holds nothing for has no stance and no domino, and is aware (DOM-4, CB-3)", () => {
    expect(new COMBATANT_MODELS.base({}).toObject()).toEqual({});
    expect(storedOf(undefined, "ana")).toMatchObject({
      stance: null,
      domino: { state: "none", greater: null, lesser: null },
      aware: true,
      turnTaken: false,
    });
    expect(storedOf({}, "ana")).toEqual(storedOf(undefined, "bo"));
  });
});
