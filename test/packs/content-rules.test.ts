/**
 * Pack layer: the numbers and words of the content checked against the rules the system runs.
 * - Stat blocks: HP never above the ♥ capacity (HP-1, NPC-1), so size is not counted twice; a good hit
 *   from a Medium character always wounds (SZ-3, DMG-2 to DMG-4 against the creature's DR); and each
 *   creature's best attack wounds a Medium target with no armour, which a Tiny creature's physical
 *   blows never do (they are quartered); ♦ chips come with a spell to spend them on (CH-5).
 * - Riders: a taint rider comes with drain of its suit, since taint does nothing without drain (DRN-5).
 * - Spells: a condition's duration is one the target lives through to act (CB-4, CON-5), the text
 *   names the save that resists it (MAG-6) and states the duration the data holds.
 * - Texts: no text asks for by hand what the system does (the knacks, two-weapon fighting, reach and
 *   aiming points, grapple moves), which would pay a chip or add a bonus twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveDamage, type DamageInput } from "../../src/rules/damage";
import { armorDR, weaponDamage } from "../../src/rules/equipment";
import type { ArmorCategory, Size, WeaponCategory } from "../../src/rules/vocabulary";
import { compileAll, type ActorDoc, type Compiled, type ItemDoc } from "./support";

let compiled: Compiled;
beforeAll(async () => {
  compiled = await compileAll();
});
afterAll(() => compiled?.cleanup());

interface Rider {
  kind: string;
  suit: string;
  tainted: boolean;
}
interface StatAttack {
  name: string;
  category: WeaponCategory;
  damageType: "physical" | "energy";
  riders: Rider[];
}
interface Npc {
  suits: Record<"hearts", { value: number }>;
  hp: { max: number | null };
  dr: number;
  er: number;
  description: string;
  size: Size;
  attacks: StatAttack[];
  specialTalents: { name: string }[];
}
interface Spell {
  description: string;
  isAttack: boolean;
  damage: number;
  riders: Rider[];
  condition: string | null;
  duration: string;
  rounds: number;
}

type Creature = Compiled["actors"][number];
const creatures = () => compiled.actors.filter((a) => a.pack === "bestiary");
const npc = (a: ActorDoc) => a.system as unknown as Npc;
const spells = () => compiled.items.filter((i) => i.pack === "spells");
const spell = (i: ItemDoc) => i.system as unknown as Spell;

/** EQ-6: the stat block's DR plus the armour it wears (a shield adds defence, not DR). */
function totalDR(a: Creature): number {
  const worn = a.itemDocs.filter((i) => i.type === "armor" && i.system.slot === "armor");
  const armour = worn.reduce(
    (sum, i) =>
      sum +
      armorDR({ category: i.system.category as ArmorCategory, reinforced: i.system.reinforced === true }),
    0,
  );
  return npc(a).dr + armour;
}

/**
 * A good hit: dF 0 and a margin of 5 to 9 (margin bonus +1, AT-7), the Red hit a capable attacker
 * lands every few swings. From a Medium character it is made with a Heavy weapon (+3): base 4.
 */
const GOOD_HIT = { dF: 0, marginBonus: 1 } as const;

/** DMG-1 to DMG-4: HP a hit removes (0 when it removes none). */
function hpLost(input: Omit<DamageInput, "dF" | "marginBonus">): number {
  return Math.max(0, resolveDamage({ ...input, ...GOOD_HIT }).final ?? 0);
}

/** NPC-4, MAG-1, MAG-4: every attack a creature can make now: stat-block rows, weapons carried, attack spells. */
function attacksOf(a: Creature): { name: string; input: Omit<DamageInput, "dF" | "marginBonus"> }[] {
  const size = npc(a).size;
  const rows = npc(a).attacks.map((x) => ({
    name: x.name,
    input: { weapon: weaponDamage(x.category), type: x.damageType, attackerSize: size },
  }));
  const carried = a.itemDocs
    .filter((i) => i.type === "weapon" && i.system.slot !== "pack")
    .map((i) => ({
      name: i.name,
      input: { weapon: weaponDamage(i.system.category as WeaponCategory), attackerSize: size },
    }));
  const cast = a.itemDocs
    .filter((i) => i.type === "spell" && spell(i).isAttack)
    .map((i) => ({
      name: i.name,
      input: { weapon: spell(i).damage, type: "energy" as const, cast: true, attackerSize: size },
    }));
  return [...rows, ...carried, ...cast];
}

describe("stat blocks keep to the rules", () => {
  it("HP-1, NPC-1: no creature has more HP than its ♥ capacity (♥, +2 with Toughness); size already scales blows", () => {
    const over = creatures().filter((a) => {
      const s = npc(a);
      const toughness = s.specialTalents.some((t) => t.name === "Toughness") ? 2 : 0;
      return s.hp.max !== null && s.hp.max > s.suits.hearts.value + toughness;
    });
    expect(over.map((a) => `${a.name}: ${npc(a).hp.max} HP on ♥${npc(a).suits.hearts.value}`)).toEqual([]);
  });

  it("SZ-3, DMG-3: a Medium character's good hit with a Heavy weapon (base 4) wounds every creature short of Tremendous", () => {
    const immune = creatures().filter(
      (a) =>
        npc(a).size !== "tremendous" &&
        hpLost({
          weapon: weaponDamage("heavy"),
          attackerSize: "medium",
          targetSize: npc(a).size,
          dr: totalDR(a),
        }) < 1,
    );
    expect(immune.map((a) => `${a.name} (${npc(a).size}, DR ${totalDR(a)})`)).toEqual([]);
  });

  // SZ-3 divides a Medium blow by eight against a Tremendous creature; energy is never scaled (DMG-2), so
  // a party's good energy hit (a spell's base 4) must still wound it, and its text must say how to hurt it.
  it("SZ-3, DMG-2: a good energy hit wounds every Tremendous creature, and its text says spells and wounds hurt it", () => {
    const titans = creatures().filter((a) => npc(a).size === "tremendous");
    expect(titans.length).toBeGreaterThan(0);
    for (const a of titans) {
      const energy = hpLost({
        weapon: weaponDamage("heavy"),
        type: "energy",
        attackerSize: "medium",
        targetSize: "tremendous",
        dr: totalDR(a),
        er: npc(a).er,
      });
      expect(energy, a.name).toBeGreaterThanOrEqual(1);
      expect(npc(a).description, a.name).toMatch(/spells/);
      // SW-1 checks a Red hit for a wound whatever the damage, and DMG-7 never scales a wound's extra damage.
      expect(npc(a).description, a.name).toMatch(/specific wound/);
    }
  });

  it("SZ-3, DMG-2: each creature's best attack, on a good hit, wounds a Medium target with no armour", () => {
    const harmless = creatures().filter((a) => {
      const attacks = attacksOf(a);
      if (attacks.length === 0) return false;
      const best = Math.max(
        ...attacks.map((x) => hpLost({ ...x.input, targetSize: "medium", dr: 0, er: 0 })),
      );
      return best < 1;
    });
    expect(harmless.map((a) => `${a.name} (${npc(a).size})`)).toEqual([]);
  });

  it("CH-5, MAG-3: a creature holding ♦ chips carries a spell they can pay for (♦ chips buy only Casts)", () => {
    const idle = creatures().filter((a) => {
      const chips = (a.system.chips as Record<string, { max: number }>).diamonds?.max ?? 0;
      const costs = a.itemDocs.filter((i) => i.type === "spell").map((i) => Number(i.system.chipCost));
      return chips > 0 && !costs.some((cost) => cost <= chips);
    });
    expect(idle.map((a) => a.name)).toEqual([]);
  });

  it("DRN-5: a taint rider comes with drain of its suit (taint alone changes nothing)", () => {
    const riderSets = [
      ...creatures().flatMap((a) =>
        npc(a).attacks.map((x) => ({ name: `${a.name}: ${x.name}`, riders: x.riders })),
      ),
      ...spells().map((s) => ({ name: s.name, riders: spell(s).riders })),
    ];
    const lonely = riderSets.filter(({ riders }) =>
      riders.some((r) => r.kind === "taint" && !riders.some((d) => d.kind === "drain" && d.suit === r.suit)),
    );
    expect(lonely.map((x) => x.name)).toEqual([]);
  });
});

/** What a spell's text says about how long its condition lasts, for each duration the model stores. */
const DURATION_WORDS: Record<string, (rounds: number) => RegExp> = {
  // CON-5: a "rounds" duration ends at a round's end, so the round of the casting is the first.
  rounds: (n) => new RegExp(`for ${n} rounds?, counting the round it is cast in`),
  endOfNextTurn: () => /until the end of its next turn/,
  endOfEncounter: () => /until the end of the encounter/,
  indefinite: () => /until it is removed/,
};

describe("spells carry what they say", () => {
  const conditionSpells = () => spells().filter((s) => !spell(s).isAttack && spell(s).condition !== null);

  it("CB-4, CON-5: no condition spell lasts a single round, which can end before its target acts", () => {
    const brief = conditionSpells().filter((s) => spell(s).duration === "rounds" && spell(s).rounds < 2);
    expect(brief.map((s) => s.name)).toEqual([]);
  });

  // The model holds no save for a non-attack spell, so the text must give the GM the suit (MAG-6).
  it("MAG-6: each condition spell names the save that resists it", () => {
    const silent = conditionSpells().filter((s) => !/resist with a [♣♠♦♥] save/.test(spell(s).description));
    expect(silent.map((s) => s.name)).toEqual([]);
  });

  it("MAG-6: each condition spell's text states the duration its data holds", () => {
    for (const s of conditionSpells()) {
      const { duration, rounds, description } = spell(s);
      expect(DURATION_WORDS[duration], `${s.name}: ${duration}`).toBeDefined();
      expect(description, s.name).toMatch(DURATION_WORDS[duration]!(rounds));
    }
  });
});

/**
 * Mechanics the system runs, and words that would have a player or GM do them again by hand. A
 * sentence naming one of these mechanics must not ask for the manual step.
 */
const AUTOMATED: readonly { mechanic: string; words: RegExp }[] = [
  { mechanic: "Rage (KN-2)", words: /\brag(e|es|ing)\b/i },
  { mechanic: "Sneak Attack (KN-2)", words: /sneak attack/i },
  { mechanic: "Stunning Fist (KN-2)", words: /stunning fist/i },
  { mechanic: "Spring Attack (KN-2)", words: /spring attack/i },
  { mechanic: "Slip Away (KN-2)", words: /slip away/i },
  { mechanic: "knacks (KN-1)", words: /\bknack\b/i },
  { mechanic: "chip costs, paid by the system (CH-3 to CH-5)", words: /chip track|spend the chips? on/i },
  { mechanic: "two-weapon fighting (AC-3)", words: /both ends|two-weapon|two weapon/i },
  { mechanic: "aiming points and reach (SW-2)", words: /aiming points?/i },
  { mechanic: "grapple moves (SP-4)", words: /moving in a grapple|grapple moves?/i },
];
const BY_HAND =
  /by hand|chip track|for the table to (run|apply)|the table (applies|lifts|runs|adds)|left to the table|spend the chips? on the sheet/i;

/** Plain sentences of an HTML text. */
const sentences = (html: string): string[] =>
  html
    .replace(/<[^>]+>/g, " ")
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

function packTexts(): { where: string; text: string }[] {
  const items = [
    ...compiled.items,
    ...compiled.actors.flatMap((a) => a.itemDocs.map((i) => ({ ...i, name: `${a.name}: ${i.name}` }))),
  ].map((i) => ({ where: i.name, text: String(i.system.description ?? "") }));
  const abilities = creatures().flatMap((a) => {
    const s = a.system as Record<string, { name: string; text: string }[] | string>;
    const lists = ["specialAttacks", "specialTalents", "specialQualities"].flatMap((k) =>
      Array.isArray(s[k]) ? s[k] : [],
    );
    return [
      { where: a.name, text: String(s.description) },
      ...lists.map((x) => ({ where: `${a.name}: ${x.name}`, text: x.text })),
    ];
  });
  const pages = compiled.journals.flatMap((j) =>
    j.pageDocs.map((p) => ({ where: `${j.name}: ${p.name}`, text: p.text.content })),
  );
  return [...items, ...abilities, ...pages];
}

describe("texts do not ask for by hand what the system does", () => {
  it("no sentence names an automated mechanic and asks for it by hand", () => {
    const found = packTexts().flatMap(({ where, text }) =>
      sentences(text)
        .filter((s) => BY_HAND.test(s))
        .flatMap((s) =>
          AUTOMATED.filter((a) => a.words.test(s)).map((a) => `${where} [${a.mechanic}]: ${s}`),
        ),
    );
    expect(found).toEqual([]);
  });
});

/** Every string a player may read in a stored document: all but ids, keys, file paths and flags. */
function shownStrings(value: unknown, where: string, out: { where: string; text: string }[] = []) {
  if (typeof value === "string") out.push({ where, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => shownStrings(v, `${where}[${i}]`, out));
  else if (value && typeof value === "object")
    for (const [key, v] of Object.entries(value))
      if (!["_id", "_key", "img", "src", "texture", "flags", "_stats"].includes(key))
        shownStrings(v, `${where}.${key}`, out);
  return out;
}

describe("texts players read", () => {
  it("never show a rule identifier (rule IDs belong in code and docs)", () => {
    const docs = Object.entries(compiled.packs).flatMap(([pack, { raw }]) =>
      [...raw].map(([key, doc]) => shownStrings(doc, `${pack} ${key}`)),
    );
    const found = docs
      .flat()
      .filter(({ text }) => /\b(?:EX-)?[A-Z]{1,3}-\d+[a-z]?\b/.test(text.replace(/<[^>]+>/g, " ")))
      .map(({ where, text }) => `${where}: ${text.slice(0, 120)}`);
    expect(found).toEqual([]);
  });
});
