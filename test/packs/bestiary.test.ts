/**
 * Pack layer, the bestiary: every creature is a valid, clean `npc` source for its
 * model (NPC-1..NPC-4), its embedded weapons and armour are the Weapons and Armour compendium entries
 * with their own ids, and the pack covers what a table needs: Tiny to Huge (SZ-1), Enemies and Foes
 * (NPC-3), natural and weapon attacks (NPC-4), armour, reach, a mount, a flyer, a grappler, every fear
 * level (OPT-2) and the creatures of RULES.md's worked examples with the numbers those examples use.
 * A campaign's worth: 60 or more creatures of the creature types a GM meets, from the first session's
 * challenge to the highest, with casters that carry Spells compendium entries they can pay for (MAG-2, MAG-3).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEAR_LEVELS } from "../../src/rules/fear";
import { fullSize } from "../../src/rules/size";
import type { Size } from "../../src/rules/vocabulary";
import { installStandIn } from "../stand-in";
import {
  byName,
  compileAll,
  runPacksScript,
  SOURCE_DIR,
  type ActorDoc,
  type Compiled,
  type ItemDoc,
} from "./support";

type ModelClass = new (data: Record<string, unknown>) => { toObject(): Record<string, unknown> };

let compiled: Compiled;
let models: Record<string, ModelClass>;
beforeAll(async () => {
  installStandIn();
  const [npc, weapon, armor, shield, spell] = await Promise.all([
    import("../../src/data/actor/npc"),
    import("../../src/data/item/weapon"),
    import("../../src/data/item/armor"),
    import("../../src/data/item/shield"),
    import("../../src/data/item/spell"),
  ]);
  models = {
    npc: npc.NpcData,
    weapon: weapon.WeaponData,
    armor: armor.ArmorData,
    shield: shield.ShieldData,
    spell: spell.SpellData,
  } as unknown as Record<string, ModelClass>;
  compiled = await compileAll();
});
afterAll(() => compiled?.cleanup());

interface Attack {
  name: string;
  category: string;
  damageType: string;
  reach: number;
  nature: string;
  riders: { kind: string; suit: string; tag: string | null; condition: string | null }[];
}
interface NpcSystem {
  suits: Record<"clubs" | "spades" | "diamonds" | "hearts", { value: number }>;
  chips: Record<string, { value: number; max: number }>;
  hp: { value: number; max: number | null };
  dr: number;
  er: number;
  size: string;
  creatureType: string;
  cr: number;
  tier: "enemy" | "foe";
  fear: string;
  movement: Record<string, number | null>;
  attacks: Attack[];
  specialAttacks: { name: string; text: string }[];
  specialQualities: { name: string; text: string }[];
  description: string;
  strategy: string;
}

type Creature = Compiled["actors"][number];
const creatures = () => compiled.actors.filter((a) => a.pack === "bestiary");
const creature = (name: string) => byName(creatures(), name);
const sys = (a: ActorDoc) => a.system as unknown as NpcSystem;
const gear = (a: Creature) => a.itemDocs;
const CORE_ICON = /^icons\/(svg\/[a-z0-9-]+\.svg|[a-z]+\/[a-z0-9-]+\/[a-z0-9-]+\.webp)$/;

describe("the bestiary pack", () => {
  it("holds at least 24 npc actors, each named once, with a core icon and a description and strategy", () => {
    const all = creatures();
    expect(all.length).toBeGreaterThanOrEqual(24);
    expect(compiled.packs.bestiary.primary.size).toBe(all.length);
    expect(new Set(all.map((a) => a.name)).size).toBe(all.length);
    for (const a of all) {
      expect(a.type, a.name).toBe("npc");
      expect(a.img, a.name).toMatch(CORE_ICON);
      expect(sys(a).description, a.name).toMatch(/^<p>.{20,}<\/p>$/s);
      expect(sys(a).strategy, a.name).toMatch(/^<p>.{10,}<\/p>$/s);
    }
  });

  it("every creature is valid for the npc model and already in the form the model stores", () => {
    for (const a of creatures()) {
      const model = new models.npc!(structuredClone(a.system));
      expect(model.toObject(), a.name).toEqual(a.system);
    }
  });

  it("NPC-1: HP starts full, at the stated maximum or at ♥ when none is stated", () => {
    for (const a of creatures()) {
      const s = sys(a);
      expect(s.hp.value, a.name).toBe(s.hp.max ?? s.suits.hearts.value);
    }
  });

  it("embedded items are the compendium entries (same system but where they are carried), with their own ids", () => {
    const source = new Map(compiled.items.map((i) => [i.name, i]));
    const ids = new Set([...compiled.items.map((i) => i._id), ...creatures().map((a) => a._id)]);
    for (const a of creatures())
      for (const item of gear(a)) {
        const original = source.get(item.name);
        expect(original, `${a.name}: ${item.name}`).toBeDefined();
        const { slot: _slot, ...rest } = item.system;
        const { slot: _originalSlot, ...originalRest } = original!.system;
        expect([item.type, item.img, rest]).toEqual([original!.type, original!.img, originalRest]);
        expect(ids.has(item._id), `${a.name}: ${item.name} reuses an id`).toBe(false);
        ids.add(item._id);
        const model = new models[item.type]!(structuredClone(item.system));
        expect(model.toObject(), `${a.name}: ${item.name}`).toEqual(item.system);
      }
  });

  it("NPC-2: chips only where an ability grants them, and that ability is on the stat block", () => {
    for (const a of creatures()) {
      const granted = Object.values(sys(a).chips).filter((c) => c.max > 0);
      for (const c of granted) expect(c.value, a.name).toBe(c.max);
      const abilities = [...sys(a).specialAttacks, ...(a.system.specialTalents as { text: string }[])];
      if (granted.length > 0)
        expect(
          abilities.some((ab) => /chips/.test(ab.text)),
          a.name,
        ).toBe(true);
    }
  });

  // The token shows the creature's image, as draw-steel's compendium monsters set texture.src to the img.
  it("the prototype token shows the creature, is hostile, unlinked, and as many squares wide as its size", () => {
    // SZ-2: a half-step label (Large+) takes the squares of the full size it counts as.
    // Squares per size as dnd5e's CONFIG.DND5E.actorSizes gives its tokens (module/config.mjs: lg 2, huge 3,
    // grg 4); Tremendous (SZ-1 ×8) stands where dnd5e's Gargantuan does, one doubling past Huge.
    const squares: Record<string, number> = {
      tiny: 1,
      small: 1,
      medium: 1,
      large: 2,
      huge: 3,
      tremendous: 4,
    };
    for (const a of creatures()) {
      expect(a.prototypeToken, a.name).toMatchObject({
        name: a.name,
        texture: { src: a.img },
        disposition: -1,
        actorLink: false,
      });
      const size = fullSize(sys(a).size as Size);
      expect(a.prototypeToken.width, a.name).toBe(squares[size]);
      expect(a.prototypeToken.height, a.name).toBe(squares[size]);
    }
  });
});

describe("what the bestiary covers", () => {
  const any = (test: (a: Creature) => boolean) => creatures().some(test);

  // A Tiny creature's physical blows are quartered against a Medium target (SZ-3), so it belongs here
  // only with an energy attack or a spell (DMG-2 scales neither); "bestiary-rules" checks that.
  // A Tremendous creature divides a Medium blow by eight (SZ-3): "content-rules" asks that energy still wounds it.
  it("SU-3: every card of every creature is in the normal range, 2 to 14 (lower only through drain)", () => {
    const out = creatures().flatMap((a) =>
      Object.entries(sys(a).suits)
        .filter(([, card]) => card.value < 2 || card.value > 14)
        .map(([suit, card]) => `${a.name} ${suit} ${card.value}`),
    );
    expect(out).toEqual([]);
  });

  it("SZ-1: every full size from Tiny to Tremendous, and NPC-3: Enemies and Foes", () => {
    const sizes = new Set(creatures().map((a) => sys(a).size));
    for (const size of ["tiny", "small", "medium", "large", "huge", "tremendous"])
      expect(sizes).toContain(size);
    expect(any((a) => sys(a).tier === "enemy")).toBe(true);
    expect(any((a) => sys(a).tier === "foe")).toBe(true);
  });

  it("NPC-4: natural attacks of every category, energy attacks, riders, and weapon items", () => {
    const attacks = creatures().flatMap((a) => sys(a).attacks);
    for (const category of ["tiny", "light", "heavy", "great"])
      expect(attacks.some((x) => x.category === category)).toBe(true);
    expect(attacks.some((x) => x.damageType === "energy")).toBe(true);
    const riders = new Set(attacks.flatMap((x) => x.riders.map((r) => r.kind)));
    for (const kind of ["energy", "drain", "condition", "ongoing"]) expect(riders).toContain(kind);
    expect(any((a) => gear(a).some((i) => i.type === "weapon"))).toBe(true);
  });

  it("armour (worn and natural DR, ER), reach 2, a mount, a flyer and a grappler", () => {
    expect(any((a) => gear(a).some((i) => i.type === "armor"))).toBe(true);
    expect(any((a) => sys(a).dr > 0)).toBe(true);
    expect(any((a) => sys(a).er > 0)).toBe(true);
    expect(any((a) => sys(a).attacks.some((x) => x.reach === 2))).toBe(true);
    expect(any((a) => gear(a).some((i) => (i.system as { reach?: number }).reach === 2))).toBe(true);
    expect(any((a) => sys(a).specialQualities.some((q) => q.name === "Mount"))).toBe(true);
    expect(any((a) => (sys(a).movement.fly ?? 0) > 0)).toBe(true);
    expect(any((a) => sys(a).specialAttacks.some((x) => /grapples/.test(x.text)))).toBe(true);
  });

  it("a campaign's worth: 60 creatures, every creature type a GM meets, and CR 0.25 to 16 with no gap over 2 to 12", () => {
    const all = creatures();
    expect(all.length).toBeGreaterThanOrEqual(60);
    const types = new Set(all.map((a) => sys(a).creatureType));
    for (const type of [
      "Humanoid",
      "Animal",
      "Undead",
      "Giant",
      "Vermin",
      "Dragon",
      "Fey",
      "Fiend",
      "Construct",
      "Elemental",
      "Monstrosity",
      "Ooze",
      "Plant",
    ])
      expect(types, type).toContain(type);
    const crs = [...new Set(all.map((a) => sys(a).cr))].sort((x, y) => x - y);
    expect(crs[0]).toBeLessThanOrEqual(0.25);
    expect(crs.at(-1)).toBeGreaterThanOrEqual(16);
    const upTo12 = crs.filter((cr) => cr <= 12);
    expect(upTo12.at(-1)).toBe(12);
    for (let i = 1; i < upTo12.length; i += 1)
      expect(upTo12[i]! - upTo12[i - 1]!, `after CR ${upTo12[i - 1]}`).toBeLessThanOrEqual(2);
  });

  it("MAG-2, MAG-3: a caster carries Spells entries, has the ♦ chips for each and a hand free to cast", () => {
    const casters = creatures().filter((a) => gear(a).some((i) => i.type === "spell"));
    expect(casters.length).toBeGreaterThanOrEqual(6);
    for (const a of casters) {
      const costs = gear(a)
        .filter((i) => i.type === "spell")
        .map((i) => (i.system as { chipCost: number }).chipCost);
      expect(sys(a).chips.diamonds.max, a.name).toBeGreaterThanOrEqual(Math.max(...costs));
      const hands = gear(a)
        .filter((i) => (i.system as { slot?: string }).slot === "hands")
        .reduce((n, i) => n + ((i.system as { hands?: number }).hands ?? 1), 0);
      expect(hands, a.name).toBeLessThan(2);
    }
  });

  it("OPT-2: a creature for every fear level", () => {
    const levels = new Set(creatures().map((a) => sys(a).fear));
    for (const level of FEAR_LEVELS) expect(levels).toContain(level);
  });
});

describe("the creatures of RULES.md's worked examples", () => {
  const held = (a: Creature, name: string): ItemDoc | undefined => gear(a).find((i) => i.name === name);

  it("EX-INI-1, EX-AT-4, EX-SW-1: the orc has ♠7 and is an Enemy", () => {
    const orc = sys(creature("Orc"));
    expect(orc.suits.spades.value).toBe(7);
    expect(orc.tier).toBe("enemy");
    expect(orc.size).toBe("medium");
  });

  it("EX-DMG-3: the ogre is Large with a Great club (+4), and DR 0 as the Large target", () => {
    const ogre = sys(creature("Ogre"));
    expect(ogre.size).toBe("large");
    expect(ogre.attacks[0]).toMatchObject({ name: "Great club", category: "great" });
    expect(ogre.dr).toBe(0);
  });

  it("EX-DMG-3: the elder dragon is a Huge target with DR 0", () => {
    const dragon = sys(creature("Elder Dragon"));
    expect([dragon.size, dragon.dr]).toEqual(["huge", 0]);
  });

  it("EX-SP-1: the goblin is Small", () => {
    expect(sys(creature("Goblin")).size).toBe("small");
  });

  it("EX-DMG-2: the goblin poisoner's dagger is Tiny (+1) with a poison rider", () => {
    const dagger = sys(creature("Goblin Poisoner")).attacks[0]!;
    expect(dagger.category).toBe("tiny");
    expect(dagger.riders).toEqual([expect.objectContaining({ kind: "ongoing", tag: "poison" })]);
  });

  it("EX-ST-1, EX-DMG-1: the guard has ♣7 and ♠6, a longsword and chainmail (DR 2)", () => {
    const guard = creature("Guard");
    expect([sys(guard).suits.clubs.value, sys(guard).suits.spades.value]).toEqual([7, 6]);
    expect(held(guard, "Longsword")).toBeDefined();
    expect(held(guard, "Chainmail")?.system).toMatchObject({ slot: "armor", category: "heavy" });
  });
});

describe("compile refuses an embedded item the CLI would mishandle", () => {
  it("fails, naming the file, when an embedded item's _key does not name its actor", () => {
    const dir = mkdtempSync(join(tmpdir(), "zilch-bestiary-src-"));
    try {
      cpSync(join(SOURCE_DIR, "bestiary"), join(dir, "bestiary"), { recursive: true });
      const file = join(dir, "bestiary", "guard.yml");
      writeFileSync(
        file,
        readFileSync(file, "utf8").replace(
          /'!actors\.items![A-Za-z0-9]{16}\./,
          "'!actors.items!AAAAAAAAAAAAAAAA.",
        ),
      );
      const run = runPacksScript("compile", join(dir, "out"), dir);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/bestiary\/guard\.yml: embedded item \w+ needs _key/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
