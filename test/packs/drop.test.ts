/**
 * Pack layer, dropping pack items onto a character: the compiled entries, embedded as Foundry's
 * item drop embeds them (a copy of the pack document's name, type, img and system, with a new id),
 * give the character the derived values RULES.md asks for. The models are the real ones, prepared
 * in Foundry's order (actor base data, then embedded items, then actor derived data) on the stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CharacterDerived } from "../../src/data/actor/character";
import { installStandIn } from "../stand-in";
import { isOfType } from "../support/fake-documents";
import { byName, compileAll, type Compiled, type ItemDoc } from "./support";

interface Prepared {
  prepareBaseData(): void;
  prepareDerivedData(): void;
}
type ModelClass = new (data: Record<string, unknown>, options?: { parent?: unknown }) => Prepared;

interface EmbeddedItem {
  id: string;
  name: string;
  type: string;
  isOfType: typeof isOfType;
  img: string;
  system: Prepared & Record<string, unknown>;
}

let compiled: Compiled;
let itemModels: Record<string, ModelClass>;
let CharacterData: ModelClass;
beforeAll(async () => {
  installStandIn();
  const modules = await Promise.all([
    import("../../src/data/item/weapon"),
    import("../../src/data/item/armor"),
    import("../../src/data/item/shield"),
    import("../../src/data/item/skill"),
    import("../../src/data/item/knack"),
    import("../../src/data/item/race"),
    import("../../src/data/item/gear"),
    import("../../src/data/actor/character"),
  ]);
  const [weapon, armor, shield, skill, knack, race, gear, character] = modules;
  itemModels = {
    weapon: weapon.WeaponData,
    armor: armor.ArmorData,
    shield: shield.ShieldData,
    skill: skill.SkillData,
    knack: knack.KnackData,
    race: race.RaceData,
    gear: gear.GearData,
  } as unknown as Record<string, ModelClass>;
  CharacterData = character.CharacterData as unknown as ModelClass;
  compiled = await compileAll();
});
afterAll(() => compiled?.cleanup());

/** A character built at point-buy base, with the dropped pack entries embedded and everything prepared. */
function characterWith(source: Record<string, unknown>, dropped: ItemDoc[]) {
  const contents: EmbeddedItem[] = [];
  const actor = { items: { contents }, statuses: new Set<string>() };
  for (const [index, entry] of dropped.entries()) {
    const Model = itemModels[entry.type]!;
    const item = {
      id: `dropped${String(index).padStart(9, "0")}`,
      name: entry.name,
      type: entry.type,
      img: entry.img,
    };
    const system = new Model(structuredClone(entry.system), { parent: item }) as EmbeddedItem["system"];
    contents.push({ ...item, isOfType, system });
  }
  const character = new CharacterData(source, { parent: actor });
  character.prepareBaseData();
  for (const item of contents) {
    item.system.prepareBaseData();
    item.system.prepareDerivedData();
  }
  character.prepareDerivedData();
  return { character: character as unknown as CharacterDerived, items: contents };
}

const FIGHTER = {
  classes: ["fighter"],
  suits: {
    clubs: { primary: 8, secondary: 5, drain: 0, taint: 0 },
    spades: { primary: 6, secondary: 6, drain: 0, taint: 0 },
    diamonds: { primary: 5, secondary: 5, drain: 0, taint: 0 },
    hearts: { primary: 6, secondary: 4, drain: 0, taint: 0 },
  },
  hp: { value: 6, temp: 0 },
};

describe("pack items dropped onto a character", () => {
  const pack = (name: string) => byName(compiled.items, name);

  it("embed as the pack entries they came from", () => {
    const dropped = ["Longsword", "Chainmail", "Athletics", "Dwarf"].map(pack);
    const { items } = characterWith(FIGHTER, dropped);
    expect(items.map((i) => [i.name, i.type])).toEqual([
      ["Longsword", "weapon"],
      ["Chainmail", "armor"],
      ["Athletics", "skill"],
      ["Dwarf", "race"],
    ]);
    for (const [index, item] of items.entries()) expect(item.img).toBe(dropped[index]!.img);
  });

  it("a Dwarf changes both cards of Hearts and Spades (RA-1, SU-4) and the HP maximum (HP-1)", () => {
    const { character } = characterWith(FIGHTER, [pack("Dwarf")]);
    expect(character.suits.hearts).toMatchObject({ race: 1, eff: 7, eff2: 5 });
    expect(character.suits.spades).toMatchObject({ race: -1, eff: 5, eff2: 5 });
    expect(character.suits.clubs).toMatchObject({ race: 0, eff: 8, eff2: 5 });
    expect(character.hp.max).toBe(7);
  });

  it("a Human asks for its chosen suit before its +1 counts, and gives one more Talent (RA-2, TL-1)", () => {
    const without = characterWith(FIGHTER, []).character;
    const { character } = characterWith(FIGHTER, [pack("Human")]);
    expect(character.warnings).toContain("raceSuitNotChosen");
    expect(character.suits.clubs.eff).toBe(8);
    expect(character.talents.max).toBe(without.talents.max + 1);
  });

  it("a Longsword needs Strength 5 in melee: no penalty at Strength 5, −2 at Strength 3 (EQ-4)", () => {
    const strong = characterWith(FIGHTER, [pack("Longsword")]);
    const sword = strong.items[0]!;
    expect(sword.system.strengthRequirement).toEqual({ melee: 5, ranged: null });
    expect(strong.character.equipment.weapons[sword.id]).toEqual({
      melee: { requirement: 5, modifier: 0 },
      ranged: null,
    });

    const weak = structuredClone(FIGHTER);
    weak.suits.clubs.secondary = 3;
    const feeble = characterWith(weak, [pack("Longsword")]);
    expect(feeble.character.equipment.weapons[feeble.items[0]!.id]!.melee).toEqual({
      requirement: 5,
      modifier: -2,
    });
  });

  it("Chainmail gives DR 2 and, worn with Strength 5, leaves the character Slowed (EQ-5, EQ-10)", () => {
    const { character } = characterWith(FIGHTER, [pack("Chainmail")]);
    expect(character.dr).toBe(2);
    expect(character.equipment.strengthRequirement).toBe(7);
    expect(character.equipment.load).toBe("slowed");
    expect(character.conditions.has("slowed")).toBe(true);
    expect(character.warnings).not.toContain("armorProficiency");
  });

  it("EX-EQ-3: Strength 6 in Chainmail with a Large Shield is Hampered; with a Small Shield, Slowed", () => {
    const six = structuredClone(FIGHTER);
    six.suits.clubs.secondary = 6;
    const large = characterWith(six, [pack("Chainmail"), pack("Large Shield")]).character;
    expect([large.equipment.strengthRequirement, large.equipment.load]).toEqual([9, "hampered"]);
    const small = characterWith(six, [pack("Chainmail"), pack("Small Shield")]).character;
    expect([small.equipment.strengthRequirement, small.equipment.load]).toEqual([8, "slowed"]);
  });

  it("a Rogue in Chainmail is beyond proficiency and Hampered (EQ-11)", () => {
    const rogue = { ...structuredClone(FIGHTER), classes: ["rogue"] };
    rogue.suits.clubs.secondary = 9;
    const { character } = characterWith(rogue, [pack("Chainmail")]);
    expect(character.warnings).toContain("armorProficiency");
    expect(character.conditions.has("hampered")).toBe(true);
  });

  it("Athletics gives +5 and costs one Talent (SK-1, TL-3); the Dwarf's free Stonecunning costs none (RA-3)", () => {
    const { character, items } = characterWith(FIGHTER, [pack("Athletics")]);
    expect(items[0]!.system.bonus).toBe(5);
    expect(character.talents.spent).toBe(1);

    const stonecunning = structuredClone(pack("Stonecunning"));
    stonecunning.system.free = true; // the race's free skill, marked so when the Dwarf grants it
    const dwarf = characterWith(FIGHTER, [pack("Dwarf"), stonecunning]).character;
    expect(dwarf.talents.spent).toBe(0);
  });
});
