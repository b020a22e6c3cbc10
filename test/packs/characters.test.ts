/**
 * Pack layer, sample characters: one ready-to-play character per class and one
 * multiclass (CL-1, CL-3). Each is a valid, clean `character` source; its cards pass the point buy
 * (GEN-2) and the race bounds (GEN-3) through src/rules/generation.ts; dropped into a world (the
 * registered ZilchActor on the stand-in, items embedded) it starts as GEN-4 says — HP at its maximum,
 * class chips at capacity — with no sheet warning and no condition from its gear; its items are the
 * compendium entries, and a caster carries spells of its own type.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pointBuy, raceBoundsProblems, POINT_BUY_BASE, POINT_BUY_BUDGET } from "../../src/rules/generation";
import { CLASS_SUITS } from "../../src/data/constants";
import { SPELLCASTER_TYPES, SUITS, type PerSuit } from "../../src/rules/vocabulary";
import { join } from "node:path";
import { compileAll, ROOT, type ActorDoc, type Compiled, type ItemDoc } from "./support";
import type * as Spellcasting from "../../src/documents/spellcasting";
import type { StoredSpell } from "../../src/documents/spellcasting";

type Cards = { primary: number; secondary: number };
interface CharacterSystem {
  talents: { level: number };
  boons: number;
  suits: PerSuit<Cards & { drain: number; taint: number }>;
  chips: Record<string, number>;
  hp: { value: number; temp: number };
  classes: string[];
  size: string;
}
interface Prepared {
  creature: {
    suits: PerSuit<{ eff: number; capacity: number }>;
    chips: Record<string, number>;
    hp: { value: number; max: number };
    warnings: string[];
    conditions: ReadonlySet<string>;
    talents: { max: number; spent: number };
    classList: string[];
    equipment: { armor: unknown; weapons: Record<string, unknown> };
  };
  items: { contents: { type: string; name: string }[] };
}

let compiled: Compiled;
let CharacterData: new (data: Record<string, unknown>) => { toObject(): Record<string, unknown> };
let makeActor: (data: Record<string, unknown>) => Prepared;
let castRefusal: typeof Spellcasting.castRefusal;
let spellFacts: typeof Spellcasting.spellFacts;
beforeAll(async () => {
  const setup = await import("../data/models-setup");
  ({ castRefusal, spellFacts } = await import("../../src/documents/spellcasting"));
  makeActor = setup.makeActor as unknown as typeof makeActor;
  CharacterData = (await import("../../src/data/actor/character"))
    .CharacterData as unknown as typeof CharacterData;
  compiled = await compileAll();
});
afterAll(() => compiled?.cleanup());

type Sample = Compiled["actors"][number];
const samples = () => compiled.actors.filter((a) => a.pack === "characters");
/** A slow-start build (TL-5) names the standard build it was written from and its level. */
const slowStartOf = (a: Sample) =>
  (a.flags as { zilch?: { slowStart?: { from: string; level: number } } }).zilch?.slowStart;
/** The creation guide's steps not done for the sample as dropped into a world. */
const stepsLeft = async (a: Sample) => {
  const { firstSteps } = await import("../../src/applications/sheets/character/first-steps");
  const { characterInput } = await import("../../src/applications/sheets/actor/actor-data");
  const input = characterInput(dropped(a) as unknown as Actor.Implementation, {
    id: a.name,
    editable: true,
    editMode: false,
  });
  return firstSteps(input)
    .filter((s) => !s.done)
    .map((s) => s.id);
};
const standard = () => samples().filter((a) => !slowStartOf(a));
const slowStarts = () => samples().filter((a) => slowStartOf(a));
const sys = (a: ActorDoc) => a.system as unknown as CharacterSystem;
/** Dropped into a world: the actor as Foundry would build it from the compendium entry. */
const dropped = (a: Sample) =>
  makeActor({
    name: a.name,
    type: "character",
    system: structuredClone(a.system),
    items: a.itemDocs.map((i) => ({
      _id: i._id,
      name: i.name,
      type: i.type,
      system: structuredClone(i.system),
    })),
  });
const cardSet = (s: CharacterSystem) => ({
  primary: Object.fromEntries(SUITS.map((x) => [x, s.suits[x].primary])) as PerSuit<number>,
  secondary: Object.fromEntries(SUITS.map((x) => [x, s.suits[x].secondary])) as PerSuit<number>,
});
const raceOf = (a: Sample) => {
  const race = a.itemDocs.filter((i) => i.type === "race");
  expect(race, a.name).toHaveLength(1);
  const r = race[0]!.system as { modifiers: PerSuit<number>; chosenSuit: string | null; choiceBonus: number };
  return Object.fromEntries(
    SUITS.map((s) => [s, r.modifiers[s] + (r.chosenSuit === s ? r.choiceBonus : 0)]),
  ) as PerSuit<number>;
};

describe("the sample characters pack", () => {
  it("CL-1, CL-3: one single-class character per class and one multiclass, each a valid clean source", () => {
    const single = standard()
      .filter((a) => sys(a).classes.length === 1)
      .map((a) => sys(a).classes[0]);
    expect(single.sort()).toEqual(["fighter", "rogue", ...SPELLCASTER_TYPES].sort());
    expect(standard().filter((a) => sys(a).classes.length > 1).length).toBeGreaterThanOrEqual(1);
    for (const a of samples()) {
      expect(a.type).toBe("character");
      const model = new CharacterData(structuredClone(a.system));
      expect(model.toObject(), a.name).toEqual(a.system);
    }
  });

  it("GEN-2, GEN-3: every build is a legal standard point buy, and legal after its race", () => {
    for (const a of samples()) {
      const cards = cardSet(sys(a));
      const bought = pointBuy(cards, POINT_BUY_BASE, POINT_BUY_BUDGET);
      expect(bought, a.name).toMatchObject({ valid: true });
      expect(bought.cost, a.name).toBeLessThanOrEqual(POINT_BUY_BUDGET);
      expect(raceBoundsProblems(cards, raceOf(a)), a.name).toEqual([]);
    }
  });

  it("GEN-4: dropped into a world, HP is at its maximum and class chips at capacity, with no drain", () => {
    for (const a of samples()) {
      const { creature } = dropped(a);
      expect(creature.hp.value, a.name).toBe(creature.hp.max);
      for (const suit of CLASS_SUITS)
        expect(creature.chips[suit], `${a.name} ${suit}`).toBe(creature.suits[suit].capacity);
      expect(
        CLASS_SUITS.some((s) => creature.chips[s] > 0),
        a.name,
      ).toBe(true);
      for (const suit of SUITS)
        expect([sys(a).suits[suit].drain, sys(a).suits[suit].taint], a.name).toEqual([0, 0]);
      // The stored values are the starting ones, not merely clamped into place by preparation.
      expect(sys(a).hp.value, a.name).toBe(creature.hp.max);
    }
  });

  it("ready to play: no sheet warning (Talents, proficiency, slots, race choice) and no condition from gear", () => {
    for (const a of samples()) {
      const { creature } = dropped(a);
      expect(creature.warnings, a.name).toEqual([]);
      expect([...creature.conditions], a.name).toEqual([]);
      expect(creature.talents.spent, a.name).toBeLessThanOrEqual(creature.talents.max);
    }
  });

  it("finished as its sheet's guide sees it: every step done (Ready to play included), so no guide shows", async () => {
    for (const a of standard()) expect(await stepsLeft(a), a.name).toEqual([]);
  });

  it("TL-1, TL-3: a standard build is finished: every Talent is spent (nothing waits for a level)", () => {
    expect(standard().length).toBe(8);
    for (const a of standard()) {
      const { creature } = dropped(a);
      expect(creature.talents.spent, a.name).toBe(creature.talents.max);
    }
  });

  it("TL-5, TL-6: each standard build also comes at slow-start levels 1 and 3, as the level allows", () => {
    const levels = (id: string) =>
      slowStarts()
        .filter((v) => slowStartOf(v)!.from === id)
        .map((v) => slowStartOf(v)!.level)
        .sort();
    for (const a of standard()) expect(levels(a._id), a.name).toEqual([1, 3]);
    expect(slowStarts()).toHaveLength(2 * standard().length);
  });

  it("TL-5, TL-6: with slow start on, a slow-start build has bought every Talent its level allows and holds the rest as Boons", async () => {
    const settings = globalThis as { game?: { settings?: unknown } };
    const game = (settings.game ??= {}) as { settings?: unknown };
    const saved = game.settings;
    game.settings = {
      settings: new Map([["zilch.slowStart", {}]]),
      get: (_scope: string, key: string) => key === "slowStart",
    };
    try {
      for (const v of slowStarts()) {
        const { creature } = dropped(v) as unknown as {
          creature: Prepared["creature"] & {
            talents: { allowance: number; boonsMax: number };
            boons: number;
          };
        };
        const level = slowStartOf(v)!.level;
        expect(sys(v).talents.level, v.name).toBe(level);
        expect(creature.talents.allowance, v.name).toBe(Math.floor(creature.talents.max / 2) + level - 1);
        expect(creature.talents.spent, v.name).toBe(creature.talents.allowance);
        expect(creature.talents.boonsMax, v.name).toBe(creature.talents.max - creature.talents.spent);
        expect(sys(v).boons, v.name).toBe(creature.talents.boonsMax);
        expect(creature.warnings, v.name).toEqual([]);
        expect(await stepsLeft(v), v.name).toEqual([]);
      }
    } finally {
      game.settings = saved;
    }
  });

  it("a slow-start build is its standard build with only Talents, level, Boons, name and biography changed", async () => {
    // The sources are what the script writes from the standard builds, so a standard build's edit reaches them.
    const { spawnSync } = await import("node:child_process");
    const check = spawnSync(process.execPath, [join(ROOT, "scripts", "sample-levels.mjs"), "--check"], {
      encoding: "utf8",
    });
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
    const byId = new Map(standard().map((a) => [a._id, a]));
    for (const v of slowStarts()) {
      const base = byId.get(slowStartOf(v)!.from)!;
      const { talents, boons, biography, ...rest } = sys(v) as unknown as Record<string, unknown>;
      const {
        talents: t0,
        boons: b0,
        biography: bio0,
        ...rest0
      } = sys(base) as unknown as Record<string, unknown>;
      expect(rest, v.name).toEqual(rest0);
      expect([talents, boons, biography]).not.toEqual([t0, b0, bio0]);
      const talentNames = (a: Sample) =>
        a.itemDocs
          .filter((i) => i.type === "knack" || (i.type === "skill" && !(i.system as { free?: boolean }).free))
          .map((i) => i.name);
      const others = (a: Sample) =>
        a.itemDocs.filter((i) => !talentNames(a).includes(i.name)).map((i) => i.name);
      expect(others(v), v.name).toEqual(others(base));
      for (const name of talentNames(v)) expect(talentNames(base), v.name).toContain(name);
      expect(talentNames(v).length, v.name).toBeLessThan(talentNames(base).length);
    }
  });

  it("MAG-2, MAG-3: a caster can cast every spell it carries as it stands (a free hand or a held focus, the chips)", () => {
    for (const a of samples()) {
      const spells = a.itemDocs.filter((i) => i.type === "spell");
      const actor = dropped(a) as unknown as Parameters<typeof castRefusal>[0];
      for (const s of spells)
        expect(
          castRefusal(actor, spellFacts(s.system as unknown as StoredSpell)),
          `${a.name}: ${s.name}`,
        ).toEqual([]);
    }
  });

  it("fully equipped from the packs: a race, a weapon in use, armour worn, skills; casters hold their own spells", () => {
    const byName = new Map(compiled.items.map((i) => [`${i.type}:${i.name}`, i] as const));
    for (const a of samples()) {
      const types = a.itemDocs.map((i) => i.type);
      for (const type of ["race", "weapon", "armor", "skill"])
        expect(types, `${a.name} ${type}`).toContain(type);
      const { creature } = dropped(a);
      expect(creature.equipment.armor, a.name).not.toBeNull();
      for (const item of a.itemDocs) {
        const entry = byName.get(`${item.type}:${item.name}`) as ItemDoc | undefined;
        expect(entry, `${a.name}: ${item.name} is not a compendium entry`).toBeDefined();
        expect(item._id, item.name).not.toBe(entry!._id);
        // Only where it is carried, how many, the race's chosen suit and a race's free skill differ.
        const differs = Object.keys(item.system).filter(
          (k) => JSON.stringify(item.system[k]) !== JSON.stringify(entry!.system[k]),
        );
        for (const key of differs)
          expect(["slot", "quantity", "chosenSuit", "free"], `${a.name} ${item.name}`).toContain(key);
      }
      const casterType = sys(a).classes.find((c) => (SPELLCASTER_TYPES as readonly string[]).includes(c));
      const spells = a.itemDocs.filter((i) => i.type === "spell");
      if (!casterType) expect(spells, a.name).toEqual([]);
      else {
        expect(spells.length, a.name).toBeGreaterThanOrEqual(2);
        for (const s of spells)
          expect((s.system as { caster: string | null }).caster, `${a.name} ${s.name}`).toBe(casterType);
      }
    }
  });
});
