import { describe, expect, it } from "vitest";
import { npcHpMax } from "../../src/rules/npc";
import { characterSource, makeActor, type CharacterData, type NpcData } from "./models-setup";
import type { DocumentData } from "../stand-in/documents";

function character(system: Record<string, unknown>, items: DocumentData[] = [], statuses: string[] = []) {
  const actor = makeActor({ name: "PC", type: "character", system, items, statuses });
  return { actor, system: actor.creature as CharacterData };
}
const weapon = (system: Record<string, unknown>, _id?: string): DocumentData => ({
  _id,
  name: "Weapon",
  type: "weapon",
  system,
});

describe("derived data: effective cards and chips (SU-4, CH-2)", () => {
  it("EX-CH-1: a Fighter/Wizard with ♣10 and ♦7 has capacities 5 and 3", () => {
    const { system } = character(
      characterSource(
        { clubs: { primary: 10 }, diamonds: { primary: 7 } },
        { classes: ["fighter", "wizard"] },
      ),
    );
    expect(system.suits.clubs.capacity).toBe(5);
    expect(system.suits.diamonds.capacity).toBe(3);
    expect(system.suits.spades.capacity).toBe(0);
  });

  it("SU-4: race and drain change both cards; eff never goes below 0", () => {
    const race: DocumentData = {
      name: "Half-orc",
      type: "race",
      system: { key: "halfOrc", modifiers: { clubs: 1, diamonds: -1 } },
    };
    const { system } = character(
      characterSource({
        clubs: { primary: 6, secondary: 5, drain: 2 },
        diamonds: { primary: 1, secondary: 1, drain: 3 },
      }),
      [race],
    );
    expect(system.suits.clubs).toMatchObject({ race: 1, eff: 5, eff2: 4, inherent: 7, inherent2: 6 });
    expect(system.suits.diamonds).toMatchObject({ eff: 0, eff2: 0, inherent: 0 });
  });

  it("RA-2: a Human's bonus goes to the chosen suit; until chosen the sheet is warned", () => {
    const human = (chosenSuit: string | null): DocumentData => ({
      name: "Human",
      type: "race",
      system: { key: "human", choiceBonus: 1, chosenSuit, extraTalents: 1 },
    });
    expect(
      character(characterSource({ spades: { primary: 6 } }), [human("spades")]).system.suits.spades.eff,
    ).toBe(7);
    expect(character({}, [human(null)]).system.warnings).toContain("raceSuitNotChosen");
  });

  it("EX-KN-1: a Fighter with ♥5 and Toughness has 7 HP", () => {
    const toughness: DocumentData = { name: "Toughness", type: "knack", system: { key: "toughness" } };
    const { system } = character(
      characterSource({ hearts: { primary: 5 } }, { classes: ["fighter"], hp: { value: 7 } }),
      [toughness],
    );
    expect(system.hp.max).toBe(7);
    expect(system.hp.value).toBe(7);
  });

  it("HP-1: stored HP above the maximum show clamped, and real damage counts the rest", () => {
    const { system } = character(
      characterSource({ hearts: { primary: 6, drain: 3 } }, { hp: { value: 6, temp: 2 } }),
    );
    expect(system.hp).toMatchObject({ max: 3, value: 3, temp: 0, real: 0 });
    const hurt = character(characterSource({ hearts: { primary: 6 } }, { hp: { value: 1, temp: 2 } })).system;
    expect(hurt.hp.real).toBe(3);
  });
});

describe("derived data: equipment (EQ)", () => {
  it("EX-EQ-1: a Great melee weapon (req 7) with Strength 4 gives −3", () => {
    const { system } = character(characterSource({ clubs: { primary: 8, secondary: 4 } }), [
      weapon({ category: "great", hands: 2 }, "greatsword000001"),
    ]);
    expect(system.equipment.weapons["greatsword000001"]).toEqual({
      melee: { requirement: 7, modifier: -3 },
      ranged: null,
    });
  });

  it("EX-EQ-2: longbow −1 at Strength 6; winch great crossbow 0 at 5; thrown dagger −1 at 3", () => {
    const longbow = weapon(
      { category: "heavy", hands: 2, modes: { melee: false, launcher: true }, rangeClass: "long" },
      "longbow000000001",
    );
    expect(
      character(characterSource({ clubs: { primary: 6 } }), [longbow]).system.equipment.weapons[
        "longbow000000001"
      ]!.ranged,
    ).toEqual({
      requirement: 7,
      modifier: -1,
    });
    const crossbow = weapon(
      { category: "great", hands: 2, modes: { melee: false, launcher: true }, reload: "winch" },
      "crossbow00000001",
    );
    expect(
      character(characterSource({ clubs: { primary: 5 } }), [crossbow]).system.equipment.weapons[
        "crossbow00000001"
      ]!.ranged,
    ).toEqual({
      requirement: 5,
      modifier: 0,
    });
    const dagger = weapon({ category: "tiny", modes: { melee: true, thrown: true } }, "dagger0000000001");
    expect(
      character(characterSource({ clubs: { primary: 3 } }), [dagger]).system.equipment.weapons[
        "dagger0000000001"
      ],
    ).toEqual({
      melee: { requirement: 2, modifier: 0 },
      ranged: { requirement: 4, modifier: -1 },
    });
  });

  it("EQ-3: a Great weapon takes both hands whatever is stored", () => {
    const actor = makeActor({
      name: "PC",
      type: "character",
      items: [weapon({ category: "great", hands: 1 })],
    });
    expect((actor.items.contents[0]!.system as unknown as { handsNeeded: number }).handsNeeded).toBe(2);
  });

  const armor = (category: string, reinforced = false): DocumentData => ({
    name: "Armour",
    type: "armor",
    system: { category, reinforced, slot: "armor" },
  });
  const shield = (kind: string): DocumentData => ({
    name: "Shield",
    type: "shield",
    system: { kind, slot: "hands" },
  });

  it("EX-EQ-3: Strength 6 in chainmail with a Large shield is Hampered; with a Small one Slowed; reinforced studded leather is fine", () => {
    const pc = (items: DocumentData[]) =>
      character(characterSource({ clubs: { primary: 6 } }, { classes: ["fighter"] }), items).system;
    const large = pc([armor("heavy"), shield("large")]);
    expect(large.equipment).toMatchObject({ strengthRequirement: 9, load: "hampered" });
    expect(large.conditions.has("hampered")).toBe(true);
    expect(large.conditions.has("slowed")).toBe(true);
    const small = pc([armor("heavy"), shield("small")]);
    expect(small.equipment).toMatchObject({ strengthRequirement: 8, load: "slowed" });
    expect(small.conditions.has("hampered")).toBe(false);
    expect(pc([armor("light", true)]).equipment.load).toBe("none");
  });

  it("EQ-6: worn armour gives DR (+1 reinforced, + its bonus); armour in the pack gives none", () => {
    expect(character({}, [armor("heavy", true)]).system.dr).toBe(3);
    expect(
      character({}, [{ name: "Plate", type: "armor", system: { category: "plate", slot: "pack" } }]).system
        .dr,
    ).toBe(0);
  });

  it("EQ-11: armour beyond proficiency makes the wearer Hampered and warns", () => {
    const { system } = character(characterSource({ clubs: { primary: 12 } }, { classes: ["wizard"] }), [
      armor("plate"),
    ]);
    expect(system.warnings).toContain("armorProficiency");
    expect(system.conditions.has("hampered")).toBe(true);
  });

  it("EQ-1: more than five handy items warns, never blocks", () => {
    const gear = Array.from({ length: 6 }, (): DocumentData => ({
      name: "Torch",
      type: "gear",
      system: { slot: "handy" },
    }));
    expect(character({}, gear).system.equipment.slots).toEqual({
      used: { hands: 0, armor: 0, handy: 6 },
      over: ["handy"],
    });
    expect(character({}, gear).system.warnings).toContain("slots.handy");
  });
});

describe("derived data: conditions, initiative, countdown pool, Move", () => {
  it("CON-4: Blind brings Slowed and Threatened, which halve Move and initiative (MV-1, INI-2)", () => {
    const { system } = character(characterSource({ spades: { primary: 7 } }), [], ["blind"]);
    expect([...system.conditions].sort()).toEqual(["blind", "slowed", "threatened"]);
    expect(system.move.move).toBe(3);
    expect(system.initiative).toBe(3);
  });

  it("EX-MV-1: ♠7 moves 7, runs 10, sprints 14, swims 1", () => {
    expect(character(characterSource({ spades: { primary: 7 } })).system.move).toEqual({
      move: 7,
      run: 10,
      sprint: 14,
      swim: 1,
      climb: 1,
    });
  });

  it("EX-CD-1: ♠10 rolls 5 action dice; INI-2 adds 2 for Alert", () => {
    const alert: DocumentData = { name: "Alert", type: "knack", system: { key: "alert" } };
    const { system } = character(characterSource({ spades: { primary: 10 } }), [alert]);
    expect(system.countdownPool).toBe(5);
    expect(system.initiative).toBe(12);
  });

  it("DRN-4: ♦ drained to 0 is Comatose, which brings Unconscious, Helpless, Prone…", () => {
    const { system } = character(characterSource({ diamonds: { primary: 3, drain: 3 } }));
    expect(system.conditions.has("comatose")).toBe(true);
    expect(system.conditions.has("unconscious")).toBe(true);
    expect(system.conditions.has("defenseless")).toBe(true);
  });

  it("INJ-7: Burn from injuries lowers initiative by 2 per point", () => {
    const wind: DocumentData = {
      name: "Wind",
      type: "injury",
      system: { effect: "wind", location: "abdomen" },
    };
    const { system } = character(characterSource({ spades: { primary: 8 } }), [wind]);
    expect(system.burn).toBe(2);
    expect(system.initiative).toBe(4);
  });
});

describe("derived data: Talents (TL)", () => {
  it("EX-TL-1: a Human with inherent Knowledge 7 has 8 Talents", () => {
    const human: DocumentData = {
      name: "Human",
      type: "race",
      system: { key: "human", choiceBonus: 1, chosenSuit: "clubs", extraTalents: 1 },
    };
    expect(
      character(characterSource({ diamonds: { primary: 5, secondary: 7 } }), [human]).system.talents.max,
    ).toBe(8);
  });

  it("EX-TL-1: a Fighter trading twice gains 2 Talents, keeps Light armour and Tower shields", () => {
    const { system } = character(
      characterSource({ diamonds: { primary: 4 } }, { classes: ["fighter"], talents: { armorTrades: 2 } }),
    );
    expect(system.talents.max).toBe(6);
    expect(system.proficiency).toEqual({ armor: "light", shield: "tower" });
  });

  it("TL-3, RA-3: a skill and a knack spend a Talent each; a race's free skill does not", () => {
    const items: DocumentData[] = [
      { name: "Athletics", type: "skill", system: { key: "athletics" } },
      { name: "Stonecunning", type: "skill", system: { free: true } },
      { name: "Alert", type: "knack", system: { key: "alert" } },
    ];
    expect(character({}, items).system.talents.spent).toBe(2);
  });

  it("too many Talents taken warns", () => {
    const items = Array.from({ length: 5 }, (_, i): DocumentData => ({
      name: `Knack ${i}`,
      type: "knack",
      system: {},
    }));
    expect(character(characterSource({ diamonds: { primary: 4 } }), items).system.warnings).toContain(
      "tooManyTalents",
    );
  });
});

describe("derived data: NPCs (NPC, SU-2)", () => {
  it("NPC-1: hp.max defaults to ♥ and may be overridden; eff2 reads the primary", () => {
    const npc = makeActor({
      name: "Ogre",
      type: "npc",
      system: { suits: { hearts: { value: 9 }, clubs: { value: 11 } }, hp: { value: 9 } },
    });
    const system = npc.creature as NpcData;
    expect(system.hp.max).toBe(9);
    expect(system.suits.clubs.eff2).toBe(11);
    const big = makeActor({ name: "Troll", type: "npc", system: { hp: { value: 20, max: 20 } } });
    expect((big.creature as NpcData).hp.max).toBe(20);
  });

  it("NPC-1, DRN-1: the model's hp.max under ♥ drain is npcHpMax's, override or not", () => {
    for (const max of [null, 20]) {
      const npc = makeActor({
        name: "Troll",
        type: "npc",
        system: { suits: { hearts: { value: 9, drain: 3 } }, hp: { value: 1, max } },
      });
      expect((npc.creature as NpcData).hp.max).toBe(npcHpMax(9, max, 3));
    }
  });

  it("NPC-1: a stat block's walking speed replaces MV-1; without one ♠ gives Move", () => {
    const fast = makeActor({ name: "Wolf", type: "npc", system: { movement: { walk: 12 } } })
      .creature as NpcData;
    expect(fast.move.move).toBe(12);
    const plain = makeActor({ name: "Orc", type: "npc", system: { suits: { spades: { value: 5 } } } })
      .creature as NpcData;
    expect(plain.move.move).toBe(5);
  });

  it("NPC-2: granted chips are capped by their maximum", () => {
    const npc = makeActor({
      name: "Champion",
      type: "npc",
      system: { chips: { clubs: { value: 5, max: 3 } } },
    }).creature as NpcData;
    expect(npc.chips.clubs.value).toBe(3);
  });
});
