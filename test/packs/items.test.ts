/**
 * Pack layer, items: every item's `system` is valid for its data model (through the test stand-in)
 * and already clean (the model would store it unchanged), and its numbers are RULES.md's, read
 * from src/rules rather than restated here where the rules hold them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  armorDR,
  gearStrengthRequirement,
  handsValid,
  SHIELD_TABLE,
  shieldBashCategory,
  shieldBonus,
  weaponDamage,
  weaponStrengthRequirement,
} from "../../src/rules/equipment";
import { KNACKS, KNACK_KEYS } from "../../src/rules/knacks";
import { RACE_TABLE, raceModifiers } from "../../src/rules/races";
import { SKILL_KEYS, SKILLS, STONECUNNING } from "../../src/rules/skills";
import { HEALING_ITEMS } from "../../src/rules/recovery";
import {
  RACES,
  SECONDARY_CARD,
  SUITS,
  type ShieldKind,
  type WeaponCategory,
} from "../../src/rules/vocabulary";
import { installStandIn } from "../stand-in";
import { byName, compileAll, type Compiled, type ItemDoc } from "./support";

type ModelClass = new (data: Record<string, unknown>) => { toObject(): Record<string, unknown> };

let compiled: Compiled;
let models: Record<string, ModelClass>;
beforeAll(async () => {
  installStandIn();
  // The model modules extend foundry.abstract.TypeDataModel when evaluated, so import them after the stand-in.
  const [weapon, armor, shield, gear, skill, knack, race, spell] = await Promise.all([
    import("../../src/data/item/weapon"),
    import("../../src/data/item/armor"),
    import("../../src/data/item/shield"),
    import("../../src/data/item/gear"),
    import("../../src/data/item/skill"),
    import("../../src/data/item/knack"),
    import("../../src/data/item/race"),
    import("../../src/data/item/spell"),
  ]);
  models = {
    weapon: weapon.WeaponData,
    armor: armor.ArmorData,
    shield: shield.ShieldData,
    gear: gear.GearData,
    skill: skill.SkillData,
    knack: knack.KnackData,
    race: race.RaceData,
    spell: spell.SpellData,
  } as unknown as Record<string, ModelClass>;
  compiled = await compileAll();
});
afterAll(() => compiled?.cleanup());

const ofType = (type: string) => compiled.items.filter((i) => i.type === type);
const sys = <T>(item: ItemDoc) => item.system as T;

interface WeaponSystem {
  description: string;
  slot: string;
  category: WeaponCategory;
  hands: number;
  modes: { melee: boolean; thrown: boolean; launcher: boolean };
  reach: number;
  rangeClass: string | null;
  reload: "none" | "slow" | "winch";
  temporary: boolean;
  brawling: boolean;
  doubleEnded: boolean;
  focus: boolean;
  riders: unknown[];
}
interface ArmorSystem {
  description: string;
  slot: string;
  category: "thin" | "light" | "heavy" | "plate";
  reinforced: boolean;
  drBonus: number;
}
interface ShieldSystem {
  description: string;
  kind: Exclude<ShieldKind, "none">;
  strapped: boolean;
  spikes: boolean;
}

describe("every item", () => {
  it("is valid for its data model and already in the form the model stores", () => {
    expect(compiled.items.length).toBeGreaterThan(0);
    for (const item of compiled.items) {
      const Model = models[item.type];
      expect(Model, `${item.name}: no model for type ${item.type}`).toBeDefined();
      const model = new Model!(structuredClone(item.system));
      expect(model.toObject(), item.name).toEqual(item.system);
    }
  });

  it("is rejected by its model when a number breaks the rules' bounds (the check can fail)", () => {
    const longsword = byName(compiled.items, "Longsword");
    expect(() => new models.weapon!({ ...longsword.system, category: "enormous" })).toThrow();
    const human = byName(compiled.items, "Human");
    expect(() => new models.race!({ ...human.system, key: "orc" })).toThrow();
  });

  it("carries no active effects or foreign flags: the rules read the system data", () => {
    for (const item of compiled.items) {
      expect(item.effects, item.name).toEqual([]);
      expect(item.flags, item.name).toEqual({});
    }
  });
});

describe("weapons (EQ-2, EQ-3, EQ-4, EQ-9)", () => {
  const weapon = (name: string) => sys<WeaponSystem>(byName(compiled.items, name));
  const ranged = (w: WeaponSystem) => w.modes.thrown || w.modes.launcher;

  it("has every example weapon of EQ-2 and the staff, winch crossbow and shield bashes", () => {
    const examples = {
      tiny: ["Unarmed Strike", "Dagger", "Steel Gauntlet", "Rock", "Shuriken", "Blowgun"],
      light: ["Shortsword", "Rapier", "Club", "Shortbow", "Sling"],
      heavy: ["Longsword", "Morningstar", "Warhammer", "Polearm", "Longbow"],
      great: ["Greataxe", "Greatsword", "Great Crossbow"],
    } as const;
    for (const [category, names] of Object.entries(examples))
      for (const name of names) expect(weapon(name).category, name).toBe(category);
    expect(weapon("Staff").doubleEnded).toBe(true);
    expect(weapon("Winch Crossbow").reload).toBe("winch");
    expect(weapon("Spiked Shield Bash").category).toBe(shieldBashCategory("small", true));
    expect(weapon("Shield Bash").category).toBe(shieldBashCategory("large", false));
  });

  it("makes a longsword Heavy +3 needing Strength 5", () => {
    const longsword = weapon("Longsword");
    expect([longsword.category, weaponDamage(longsword.category)]).toEqual(["heavy", 3]);
    expect(weaponStrengthRequirement({ category: longsword.category, ranged: false })).toBe(5);
    expect(longsword.hands).toBe(1);
  });

  it("gives the EX-EQ-2 Strength requirements: longbow 7, winch crossbow 5, thrown dagger 4", () => {
    const req = (name: string) => {
      const w = weapon(name);
      return weaponStrengthRequirement({
        category: w.category,
        ranged: ranged(w),
        winch: w.reload === "winch",
      });
    };
    expect(req("Longbow")).toBe(7);
    expect(req("Winch Crossbow")).toBe(5);
    expect(req("Dagger")).toBe(4);
  });

  it("follows EQ-3: Great, bows, staves and polearms two-handed; reach 2 only on the polearm", () => {
    for (const item of ofType("weapon")) {
      const w = sys<WeaponSystem>(item);
      expect(handsValid(w.category, w.hands), item.name).toBe(true);
      if (w.category === "great" || /bow$|Staff|Polearm/.test(item.name)) expect(w.hands, item.name).toBe(2);
      expect(w.reach, item.name).toBe(item.name === "Polearm" ? 2 : 1);
      expect(Object.values(w.modes).some(Boolean), item.name).toBe(true);
      expect(w.rangeClass !== null, `${item.name}: a range class exactly when it can be used at range`).toBe(
        ranged(w),
      );
      if (w.reload !== "none") expect(w.modes.launcher, item.name).toBe(true);
      expect(w.riders).toEqual([]);
    }
    expect(weapon("Shortbow").rangeClass).toBe("short");
    expect(weapon("Sling")).toMatchObject({ rangeClass: "short", reload: "slow" });
    expect(weapon("Longbow").rangeClass).toBe("long");
    expect(weapon("Great Crossbow")).toMatchObject({ rangeClass: "long", reload: "slow" });
    expect(weapon("Blowgun").rangeClass).toBe("thrown");
    expect(weapon("Dagger").modes).toEqual({ melee: true, thrown: true, launcher: false });
  });

  it("marks only the unarmed strike temporary and brawling (HP-3, SW-4); a shield bash is armed", () => {
    for (const item of ofType("weapon")) {
      const w = sys<WeaponSystem>(item);
      const unarmed = item.name === "Unarmed Strike";
      expect([w.temporary, w.brawling], item.name).toEqual([unarmed, unarmed]);
    }
  });

  it("states in each description the damage and Strength the rules give", () => {
    for (const item of ofType("weapon")) {
      const w = sys<WeaponSystem>(item);
      if (w.doubleEnded) {
        expect(w.description).toContain(`+${weaponDamage("heavy")}`);
        expect(w.description).toContain(`+${weaponDamage("light")} each`);
        continue;
      }
      expect(w.description, item.name).toContain(`+${weaponDamage(w.category)} damage`);
      if (w.modes.melee)
        expect(w.description, item.name).toContain(
          `Strength ${weaponStrengthRequirement({ category: w.category })}`,
        );
      if (ranged(w)) {
        const req = weaponStrengthRequirement({
          category: w.category,
          ranged: true,
          winch: w.reload === "winch",
        });
        expect(w.description, item.name).toContain(`Strength ${req}`);
      }
    }
  });
});

describe("armour and shields (EQ-5, EQ-7, EQ-10)", () => {
  const armor = (name: string) => sys<ArmorSystem>(byName(compiled.items, name));
  const shield = (name: string) => sys<ShieldSystem>(byName(compiled.items, name));

  it("has every example of EQ-5, plain and reinforced, in its category", () => {
    const examples: Record<ArmorSystem["category"], [string[], string[]]> = {
      thin: [
        ["Robes", "Jerkin"],
        ["Padded Armour", "Leather Bracers", "Battle Coat"],
      ],
      light: [
        ["Leather", "Brigandine", "Chain Shirt"],
        ["Studded Leather", "Shoulder Braces"],
      ],
      heavy: [
        ["Scale", "Chainmail", "Cuirass", "Breastplate"],
        ["Splints", "Greaves"],
      ],
      plate: [["Platemail", "Half-Plate", "Banded"], ["Full Plate"]],
    };
    for (const [category, [plain, reinforced]] of Object.entries(examples)) {
      for (const name of plain) expect(armor(name), name).toMatchObject({ category, reinforced: false });
      for (const name of reinforced) expect(armor(name), name).toMatchObject({ category, reinforced: true });
    }
    expect(ofType("armor")).toHaveLength(Object.values(examples).flat(2).length);
  });

  it("makes chainmail Heavy DR 2 needing Strength 7, and full plate DR 4 needing 10", () => {
    expect(armor("Chainmail").category).toBe("heavy");
    expect(armorDR(armor("Chainmail"))).toBe(2);
    expect(gearStrengthRequirement(armor("Chainmail"))).toBe(7);
    expect(armorDR(armor("Full Plate"))).toBe(4);
    expect(gearStrengthRequirement(armor("Full Plate"))).toBe(10);
  });

  it("states DR and Strength in each armour's description, and is worn in the armour slot", () => {
    for (const item of ofType("armor")) {
      const a = sys<ArmorSystem>(item);
      expect(a.slot).toBe("armor");
      expect(a.drBonus).toBe(0);
      expect(a.description, item.name).toContain(`DR ${armorDR(a)}`);
      expect(a.description, item.name).toContain(`Strength ${gearStrengthRequirement(a)}`);
    }
  });

  it("has the four shields of EQ-7; a tower shield is +2, +5 when Guarded", () => {
    const kinds = ofType("shield").map((i) => sys<ShieldSystem>(i).kind);
    expect([...kinds].sort()).toEqual(["buckler", "large", "small", "tower"]);
    const tower = shield("Tower Shield");
    expect(shieldBonus(tower.kind, "bold", [])).toBe(2);
    expect(shieldBonus(tower.kind, "guarded", [])).toBe(5);
  });

  it("states each shield's defence, Guarded defence and bash in its description", () => {
    for (const item of ofType("shield")) {
      const s = sys<ShieldSystem>(item);
      const entry = SHIELD_TABLE[s.kind];
      expect(s.description, item.name).toContain(`+${entry.defence} to your defence total`);
      expect(s.description, item.name).toContain(`+${entry.guarded} in the Guarded stance`);
      expect(s.description, item.name).toContain(`Adds ${entry.strength} to the Strength`);
      expect(s.description.includes("cannot be used to bash"), item.name).toBe(!entry.bash);
      expect([s.strapped, s.spikes]).toEqual([false, false]);
    }
  });
});

describe("gear (REC-6, MAG-2)", () => {
  it("has each healing item of REC-6 once, with its numbers in the description", () => {
    const healing = ofType("gear").filter((i) => i.system.healingItem !== null);
    expect(healing.map((i) => i.system.healingItem).sort()).toEqual([...HEALING_ITEMS].sort());
    const text = (key: string) =>
      healing.find((i) => i.system.healingItem === key)!.system.description as string;
    expect(text("salveEgg")).toMatch(/regain 3 HP.*2 Spades drain/);
    expect(text("warPitch")).toMatch(/Out of combat only: you regain 3 HP/);
    expect(text("warPitchPatch")).toMatch(/bleeding ends, then you regain 1 HP/);
    expect(text("cureAllSyrup")).toMatch(
      /3 points.*up to 3 taint counters, Hearts first, then Clubs, Spades and Diamonds/,
    );
  });

  it("carries common items in a handy slot, and marks the spellcasting foci", () => {
    for (const item of ofType("gear")) expect(item.system.slot, item.name).toBe("handy");
    const foci = ofType("gear")
      .filter((i) => i.system.focus === true)
      .map((i) => i.name);
    expect(foci.sort()).toEqual(["Holy Symbol", "Wand"]);
    // MAG-2 names a staff among the foci: the Staff weapon is one, no other weapon is.
    const weaponFoci = ofType("weapon").filter((i) => sys<WeaponSystem>(i).focus);
    expect(weaponFoci.map((i) => i.name)).toEqual(["Staff"]);
  });
});

describe("skills (SK-1, SK-3, SK-4)", () => {
  const cardName = (ref: { suit: (typeof SUITS)[number]; card: "primary" | "secondary" }) => {
    const word = ref.card === "primary" ? ref.suit : SECONDARY_CARD[ref.suit];
    return word[0]!.toUpperCase() + word.slice(1);
  };

  it("has the whole SK-3 list, one item per skill key, plus Stonecunning as a custom skill", () => {
    const keys = ofType("skill").map((i) => i.system.key);
    expect(keys.filter((k) => k !== null).sort()).toEqual([...SKILL_KEYS].sort());
    const custom = ofType("skill").filter((i) => i.system.key === null);
    expect(custom.map((i) => i.name)).toEqual(["Stonecunning"]);
    expect(custom[0]!.system.scope).toContain(STONECUNNING.scope);
  });

  it("names in each description every card its uses test", () => {
    for (const item of ofType("skill")) {
      const key = item.system.key as keyof typeof SKILLS | null;
      if (key === null) continue;
      const description = item.system.description as string;
      for (const use of SKILLS[key].uses)
        for (const ref of use.cards) expect(description, item.name).toContain(cardName(ref));
      if (SKILLS[key].uses.every((u) => u.cards.length === 0))
        expect(description, item.name).toMatch(/GM|test/);
      expect(item.system.steps).toBe(5);
      expect(item.system.free).toBe(false);
    }
  });
});

describe("knacks (KN-2)", () => {
  it("has each knack of KN-2 with the class, chips and trigger of src/rules", () => {
    const knacks = ofType("knack");
    expect(knacks.map((k) => k.system.key).sort()).toEqual([...KNACK_KEYS].sort());
    for (const item of knacks) {
      const rule = KNACKS[item.system.key as keyof typeof KNACKS];
      expect(item.system.class, item.name).toBe(rule.class === "general" ? null : rule.class);
      expect(item.system.chipSuit, item.name).toBe(rule.chipSuit);
      expect(item.system.chipCost, item.name).toBe(rule.cost);
      expect(rule.triggers as readonly string[], item.name).toContain(item.system.trigger);
      // KN-2: a knack with two triggers (Rage: free right after taking damage, otherwise Minor) stores both.
      const free = item.system.freeWhen === null ? [] : ["free"];
      expect([item.system.trigger, ...free].sort(), item.name).toEqual([...rule.triggers].sort());
    }
    expect(byName(knacks, "Rage").system).toMatchObject({ trigger: "minor", freeWhen: "afterDamage" });
  });
});

describe("races (RA-2)", () => {
  it("has each race of RA-2 with the modifiers, size, talents and vision of src/rules", () => {
    const races = ofType("race");
    expect(races.map((r) => r.system.key).sort()).toEqual([...RACES].sort());
    for (const item of races) {
      const key = item.system.key as (typeof RACES)[number];
      const rule = RACE_TABLE[key];
      expect(item.system.modifiers, item.name).toEqual(raceModifiers(key, null));
      expect(item.system.choiceBonus, item.name).toBe(rule.chosenSuitBonus);
      expect(item.system.chosenSuit).toBeNull();
      expect(item.system.size, item.name).toBe(rule.size);
      expect(item.system.extraTalents, item.name).toBe(rule.extraTalents);
      expect(item.system.vision, item.name).toBe(rule.vision);
    }
  });

  it("grants free skills by the name of a skill in the skills pack with the rules' key", () => {
    for (const item of ofType("race")) {
      const rule = RACE_TABLE[item.system.key as (typeof RACES)[number]];
      const granted = (item.system.freeSkills as string[]).map((name) => byName(ofType("skill"), name));
      expect(granted.map((s) => s.system.key ?? "stonecunning").sort(), item.name).toEqual(
        [...rule.freeSkills].sort(),
      );
    }
  });

  it("nets each race's modifiers to zero, except the Human's chosen +1 (RA-1)", () => {
    for (const item of ofType("race")) {
      const sum = SUITS.reduce(
        (total, suit) => total + (item.system.modifiers as Record<string, number>)[suit]!,
        0,
      );
      expect(sum + (item.system.choiceBonus as number), item.name).toBe(item.system.key === "human" ? 1 : 0);
    }
  });
});
