/**
 * Pack layer, spells: every spell is a valid, clean `spell` source (MAG-7), the pack
 * spans the five Spellcaster types (CL-1) with attack spells (MAG-1, MAG-4), healing (REC-4, SW-8's
 * 3 points) and non-attack spells (MAG-6), and each description states the cost, range and effect the
 * data holds, naming only riders the attack flow applies (energy, drain, taint).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DISTANCES } from "../../src/rules/vocabulary";
import { SPELLCASTER_TYPES } from "../../src/rules/vocabulary";
import { MAGIC_HEALING_ENDS_WOUND } from "../../src/rules/wounds";
import { installStandIn } from "../stand-in";
import { compileAll, type Compiled, type ItemDoc } from "./support";

type ModelClass = new (data: Record<string, unknown>) => { toObject(): Record<string, unknown> };

interface SpellSystem {
  description: string;
  chipCost: number;
  isAttack: boolean;
  damage: number;
  riders: { kind: string; amount: number; suit: string; tainted: boolean }[];
  maxRange: (typeof DISTANCES)[number];
  runeCount: number;
  caster: string | null;
  healing: number;
  condition: string | null;
  duration: string;
  rounds: number;
}

let compiled: Compiled;
let SpellData: ModelClass;
let SPELL_DURATIONS: readonly string[];
beforeAll(async () => {
  installStandIn();
  const spell = await import("../../src/data/item/spell");
  SpellData = spell.SpellData as unknown as ModelClass;
  SPELL_DURATIONS = spell.SPELL_DURATIONS;
  compiled = await compileAll();
});
afterAll(() => compiled?.cleanup());

const spells = () => compiled.items.filter((i) => i.pack === "spells");
const sys = (i: ItemDoc) => i.system as unknown as SpellSystem;
const casters = (i: ItemDoc) => [sys(i).caster].filter((c) => c !== null);
const RANGE_WORD = { engaged: "Engaged", close: "Close", near: "Near", far: "Far", distant: "Distant" };

describe("the spells pack", () => {
  it("holds at least 15 spells, each a valid spell already in the form the model stores", () => {
    expect(spells().length).toBeGreaterThanOrEqual(15);
    for (const spell of spells()) {
      expect(spell.type).toBe("spell");
      const model = new SpellData(structuredClone(spell.system));
      expect(model.toObject(), spell.name).toEqual(spell.system);
    }
  });

  it("CL-1: every Spellcaster type has at least three spells, and each spell names its type in its text", () => {
    for (const type of SPELLCASTER_TYPES) {
      const own = spells().filter((s) => casters(s).includes(type));
      expect(own.length, type).toBeGreaterThanOrEqual(3);
    }
    for (const spell of spells()) {
      expect(casters(spell).length, spell.name).toBeGreaterThan(0);
      for (const type of casters(spell)) {
        expect(SPELLCASTER_TYPES as readonly string[]).toContain(type);
        expect(sys(spell).description.toLowerCase(), spell.name).toContain(`${type} spell`);
      }
    }
  });

  it("MAG-1, MAG-4: attack spells deal energy damage and carry only riders the attack applies", () => {
    const attacks = spells().filter((s) => sys(s).isAttack);
    expect(attacks.length).toBeGreaterThanOrEqual(8);
    for (const spell of attacks) {
      const s = sys(spell);
      expect(s.description, spell.name).toContain(`energy damage ${s.damage}`);
      expect(s.description, spell.name).toContain("ER but not by its DR");
      for (const r of s.riders) expect(["energy", "drain", "taint"], spell.name).toContain(r.kind);
      expect([s.healing, s.condition], spell.name).toEqual([0, null]);
    }
    // DMG-6: the automated rider kinds that change a target alone appear on some spell (a taint rider
    // needs drain of its suit to do anything, DRN-5, so a tainted drain rider stands for it).
    const kinds = new Set(attacks.flatMap((s) => sys(s).riders.map((r) => r.kind)));
    expect([...kinds].sort()).toEqual(["drain", "energy"]);
    expect(attacks.some((s) => sys(s).riders.some((r) => r.tainted))).toBe(true);
  });

  it("REC-4, SW-8: healing spells, one giving the 3 points that can close an armed wound", () => {
    const healing = spells().filter((s) => !sys(s).isAttack && sys(s).healing > 0);
    expect(healing.length).toBeGreaterThanOrEqual(3);
    expect(healing.some((s) => sys(s).healing === MAGIC_HEALING_ENDS_WOUND)).toBe(true);
    for (const spell of healing) {
      const s = sys(spell);
      expect(s.description, spell.name).toContain(`regains ${s.healing} point`);
      expect(s.description.includes("armed wound"), spell.name).toBe(s.healing >= MAGIC_HEALING_ENDS_WOUND);
      expect(s.condition, spell.name).toBeNull();
    }
  });

  it("MAG-6: non-attack spells set a condition (replacing an identical casting) or only post their text", () => {
    const conditions = spells().filter((s) => !sys(s).isAttack && sys(s).condition !== null);
    expect(conditions.length).toBeGreaterThanOrEqual(3);
    for (const spell of conditions) {
      const s = sys(spell);
      expect(SPELL_DURATIONS, spell.name).toContain(s.duration);
      expect(s.description, spell.name).toContain("replaces the earlier casting");
    }
    const textOnly = spells().filter((s) => !sys(s).isAttack && sys(s).healing === 0 && !sys(s).condition);
    expect(textOnly.length).toBeGreaterThanOrEqual(1);
    for (const spell of textOnly) expect(sys(spell).description).toContain("the table applies");
  });

  it("MAG-3, MAG-5, CD-7: each description states the chip cost, range and rune speed the data holds", () => {
    for (const spell of spells()) {
      const s = sys(spell);
      expect(s.chipCost, spell.name).toBeGreaterThanOrEqual(1);
      expect(s.description, spell.name).toContain(`Costs ${s.chipCost} ♦ chip`);
      expect(s.description, spell.name).toContain(`Range ${RANGE_WORD[s.maxRange]}`);
      expect(s.description, spell.name).toContain(`countdown speed ${3 + s.runeCount}`);
    }
  });
});
