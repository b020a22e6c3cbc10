/**
 * The balance tool's combatants, read from the pack sources (packs/_source): the sample characters
 * and the bestiary's creatures, each turned into the numbers the rules engine reads. Every derived
 * number comes from a rules function (SU-4, CH-2, HP-1, EQ-4..EQ-10, NPC-1..NPC-4, RA-2), so a change
 * to a rule or to a stat block changes the measurement.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import type { Breath, Specials } from "./specials";
import { chipCapacity } from "../../src/rules/chips";
import { untilEndOfNextTurn, type ConditionDuration } from "../../src/rules/conditions";
import type { Rider } from "../../src/rules/damage";
import { naturalWeapon } from "../../src/rules/attack/declaration";
import { rowRangeClass } from "../../src/rules/attack/row-range";
import {
  gearConditions,
  gearLoad,
  proficiencyHampered,
  resistances,
  weaponDamage,
  weaponStrengthModifier,
  type WornArmor,
} from "../../src/rules/equipment";
import { armorProficiency, shieldProficiency } from "../../src/rules/classes";
import { ONGOING_TAGS } from "../../src/rules/ongoing";
import { npcChipCapacity, npcHeartsUndrained } from "../../src/rules/npc";
import { raceModifiers, RACE_TABLE } from "../../src/rules/races";
import { effectiveValue, perSuit, type CardInputs } from "../../src/rules/suits";
import { handFreeOrFocus, SPELL_DAMAGE_TYPE, type HeldItem } from "../../src/rules/magic";
import {
  CLASSES,
  DAMAGE_TYPES,
  DISTANCES,
  CONDITIONS,
  RACES,
  SHIELDS,
  SIZES,
  SUITS,
  WEAPON_CATEGORIES,
  type ClassKey,
  type Condition,
  type DamageType,
  type NpcTier,
  type PerSuit,
  type ShieldKind,
  type Size,
} from "../../src/rules/vocabulary";

/** One way a combatant can attack: a weapon, a stat-block row or an attack spell. */
export interface AttackOption {
  readonly name: string;
  readonly mode: "melee" | "thrown" | "launcher" | "cast";
  /** EQ-2 weapon value, or the spell's damage value (MAG-4). */
  readonly weaponValue: number;
  readonly damageType: DamageType;
  readonly riders: readonly Rider[];
  readonly brawling: boolean;
  readonly temporary: boolean;
  readonly tainted: boolean;
  readonly reach: number;
  /** EQ-4: the Strength shortfall (0 or less); none for a Cast (MAG-1). */
  readonly shortfall: number;
  /** MAG-3: ♦ chips a Cast costs; 0 otherwise. */
  readonly chipCost: number;
}

/** A combatant as it enters a fight, fresh (full HP and chips). */
export interface Template {
  readonly key: string;
  readonly name: string;
  readonly pc: boolean;
  /** NPC-3; null for a player character (who follows HP-2 in full). */
  readonly tier: NpcTier | null;
  readonly size: Size;
  readonly cards: CardInputs;
  /** HP-1: the undrained ♥ the maximum starts from (an NPC's hp override), and Toughness. */
  readonly heartsUndrained: number;
  readonly heartsBonus: number;
  readonly chips: PerSuit<number>;
  readonly classes: readonly ClassKey[];
  readonly dr: number;
  readonly er: number;
  readonly shield: ShieldKind;
  /** EQ-10, EQ-11: Slowed or Hampered from worn gear. */
  readonly gearConditions: readonly Condition[];
  readonly attacks: readonly AttackOption[];
  readonly knacks: ReadonlySet<string>;
  /** MAG-2: one empty hand or a held focus (read from what it holds at the start of the fight). */
  readonly canCast: boolean;
  /** TL-5: a sample character's level (1 for creatures). */
  readonly level: number;
  /** MAG-6, REC-4: its healing spells (points of magical healing for one target). */
  readonly heals: readonly HealingSpell[];
  /** NPC-1 SA/SQ: the special abilities the fights play (./specials.ts); none for a character. */
  readonly specials: Specials;
}

export interface HealingSpell {
  readonly name: string;
  readonly chipCost: number;
  readonly healing: number;
}

/** A creature of the bestiary with the fields the tool reports and writes. */
export interface Creature extends Template {
  readonly file: string;
  readonly cr: number;
  readonly threat: number | null;
}

type Doc = Record<string, unknown>;

const isDoc = (v: unknown): v is Doc => typeof v === "object" && v !== null && !Array.isArray(v);
const doc = (v: unknown): Doc => (isDoc(v) ? v : {});
const list = (v: unknown): Doc[] => (Array.isArray(v) ? v.filter(isDoc) : []);
const num = (v: unknown, fallback = 0): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;
function member<T extends string>(values: readonly T[], v: unknown, fallback: T): T {
  return values.find((x) => x === v) ?? fallback;
}

/** The YAML documents of one pack folder of the repository at `root`, with their paths, in name order. */
export function readPack(root: string, pack: string): { file: string; doc: Doc }[] {
  const dir = join(root, "packs", "_source", pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yml"))
    .sort()
    .map((file) => ({ file: join(dir, file), doc: doc(yaml.load(readFileSync(join(dir, file), "utf8"))) }));
}

/** CON-5, CB-4: a stored rider's duration; the target is hit outside its own turn. */
function riderDuration(kind: unknown, rounds: number): ConditionDuration {
  if (kind === "rounds") return { kind: "rounds", rounds: Math.max(1, rounds) };
  if (kind === "endOfNextTurn") return untilEndOfNextTurn(false);
  if (kind === "startOfNextTurn") return { kind: "startOfNextTurn" };
  if (kind === "endOfEncounter") return { kind: "endOfEncounter" };
  return { kind: "indefinite" };
}

/** DMG-6: a stored rider as the rules read it (the data model's one shape for every kind). */
function riderOf(r: Doc): Rider | null {
  const suit = member(SUITS, r.suit, "hearts");
  const amount = num(r.amount, 1);
  switch (r.kind) {
    case "energy":
      return { kind: "energy", amount };
    case "drain":
      return { kind: "drain", suit, amount, tainted: r.tainted === true };
    case "taint":
      return { kind: "taint", suit, amount };
    case "condition": {
      const condition = CONDITIONS.find((c) => c === r.condition);
      if (!condition) return null;
      const saveSuit = SUITS.find((s) => s === r.saveSuit);
      return {
        kind: "condition",
        condition,
        save: saveSuit ? { suit: saveSuit, modifier: num(r.saveModifier) } : null,
        duration: riderDuration(r.duration, num(r.rounds)),
      };
    }
    case "ongoing": {
      const tag = ONGOING_TAGS.find((t) => t === r.tag);
      if (!tag) return null;
      return {
        kind: "ongoing",
        effect: { rating: amount, suit, modifier: num(r.saveModifier), tag, origin: null },
      };
    }
  }
  return null;
}

const ridersOf = (v: unknown): Rider[] => list(v).flatMap((r) => riderOf(r) ?? []);

/**
 * EQ-2..EQ-4: a carried weapon's attacks (melee or shot), with its Strength shortfall. A weapon in a
 * handy slot counts too: drawing it is a free action (AC-6), and who holds what is not modelled.
 */
function weaponAttacks(item: Doc, strength: number): AttackOption[] {
  const s = doc(item.system);
  if (s.slot !== "hands" && s.slot !== "handy") return [];
  const category = member(WEAPON_CATEGORIES, s.category, "light");
  const modes = doc(s.modes);
  const common = {
    name: String(item.name),
    weaponValue: weaponDamage(category),
    damageType: "physical" as const,
    riders: ridersOf(s.riders),
    brawling: s.brawling === true,
    temporary: s.temporary === true,
    tainted: s.tainted === true,
    reach: num(s.reach, 1),
    chipCost: 0,
  };
  const out: AttackOption[] = [];
  if (modes.melee === true)
    out.push({ ...common, mode: "melee", shortfall: weaponStrengthModifier({ category }, strength) });
  if (modes.launcher === true) {
    const use = { category, ranged: true, winch: s.reload === "winch" };
    out.push({ ...common, mode: "launcher", shortfall: weaponStrengthModifier(use, strength) });
  }
  return out;
}

/** NPC-4: a stat-block attack row, armed and Light by default. */
function statBlockAttack(row: Doc, strength: number): AttackOption {
  const range = member(DISTANCES, row.range, "engaged");
  const weapon = naturalWeapon({
    name: String(row.name),
    category: member(WEAPON_CATEGORIES, row.category, "light"),
    damageType: row.damageType === "energy" ? "energy" : "physical",
    reach: num(row.reach, 1),
    riders: ridersOf(row.riders),
    brawling: row.brawling === true,
    tainted: row.tainted === true,
  });
  return {
    name: weapon.name,
    mode: "melee",
    weaponValue: weapon.weaponValue,
    damageType: weapon.damageType,
    riders: weapon.riders,
    brawling: weapon.brawling,
    temporary: weapon.temporary,
    tainted: weapon.tainted,
    reach: weapon.reach,
    // EQ-4: a row with a range band is thrown, so its Strength requirement is the ranged one (row-range.ts).
    shortfall: weaponStrengthModifier(
      { category: weapon.category, ranged: rowRangeClass(range) !== null },
      strength,
    ),
    chipCost: 0,
  };
}

/** MAG-1, MAG-4, MAG-7: an attack spell as a Cast (energy, ♦ instead of ♣, no shortfall). */
function spellAttack(item: Doc): AttackOption | null {
  const s = doc(item.system);
  if (s.isAttack !== true) return null;
  return {
    name: String(item.name),
    mode: "cast",
    weaponValue: num(s.damage, 2),
    damageType: SPELL_DAMAGE_TYPE,
    riders: ridersOf(s.riders),
    brawling: false,
    temporary: false,
    tainted: s.tainted === true,
    reach: 1,
    shortfall: 0,
    chipCost: num(s.chipCost),
  };
}

/** MAG-6, REC-4: a non-attack spell that heals its target. */
function healingSpell(item: Doc): HealingSpell | null {
  const s = doc(item.system);
  if (s.isAttack === true || num(s.healing) <= 0) return null;
  return { name: String(item.name), chipCost: num(s.chipCost), healing: num(s.healing) };
}

const healsOf = (items: Doc[]): HealingSpell[] =>
  items.filter((i) => i.type === "spell").flatMap((i) => healingSpell(i) ?? []);

function wornArmor(items: Doc[]): { armor: WornArmor | undefined; drBonus: number } {
  const a = items.find((i) => i.type === "armor" && doc(i.system).slot === "armor");
  if (!a) return { armor: undefined, drBonus: 0 };
  const s = doc(a.system);
  return {
    armor: {
      category: member(["thin", "light", "heavy", "plate"] as const, s.category, "light"),
      reinforced: s.reinforced === true,
    },
    drBonus: num(s.drBonus),
  };
}

/** MAG-2, EQ-1: the items in the hands, as a Cast reads them. */
function castHands(items: Doc[]): boolean {
  const held: HeldItem[] = items
    .filter((i) => doc(i.system).slot === "hands")
    .map((i) => {
      const s = doc(i.system);
      const hands = i.type === "shield" ? (s.strapped === true ? 0 : 1) : num(s.hands, 1);
      return { hands, focus: s.focus === true };
    });
  return handFreeOrFocus(held);
}

function heldShield(items: Doc[]): ShieldKind {
  const s = items.find((i) => i.type === "shield" && doc(i.system).slot === "hands");
  return s ? member(SHIELDS, doc(s.system).kind, "none") : "none";
}

/** SU-2, SU-4, CH-2, HP-1, RA-2, EQ-4..EQ-11: a sample character, fresh for a fight. */
export function characterTemplate(file: string, d: Doc): Template {
  const s = doc(d.system);
  const items = list(d.items);
  const suits = doc(s.suits);
  const race = doc(items.find((i) => i.type === "race")?.system);
  const raceKey = member(RACES, race.key, "human");
  const chosen = SUITS.find((x) => x === race.chosenSuit) ?? null;
  const cards: CardInputs = {
    primary: perSuit((x) => num(doc(suits[x]).primary, 6)),
    secondary: perSuit((x) => num(doc(suits[x]).secondary, 6)),
    race: raceModifiers(raceKey, chosen),
  };
  const classes = (Array.isArray(s.classes) ? s.classes : []).flatMap((c) => CLASSES.filter((k) => k === c));
  const knacks = new Set(items.filter((i) => i.type === "knack").map((i) => String(doc(i.system).key)));
  const eff = perSuit((x) => effectiveValue(cards, x));
  const strength = effectiveValue(cards, "clubs", "secondary");
  const { armor, drBonus } = wornArmor(items);
  const shield = heldShield(items);
  const proficiency = {
    armor: armorProficiency(classes, num(doc(s.talents).armorTrades)),
    shield: shieldProficiency(classes),
  };
  const attacks = [
    ...items.filter((i) => i.type === "weapon").flatMap((i) => weaponAttacks(i, strength)),
    ...items.filter((i) => i.type === "spell").flatMap((i) => spellAttack(i) ?? []),
  ];
  const capacity = chipCapacity({ classes, eff, toughness: knacks.has("toughness") });
  return {
    key: file,
    name: String(d.name),
    pc: true,
    tier: null,
    size: member(SIZES, race.size, RACE_TABLE[raceKey].size),
    cards,
    heartsUndrained: eff.hearts,
    heartsBonus: capacity.hearts - eff.hearts,
    chips: { ...capacity, hearts: 0 },
    classes,
    ...resistances({ armor, drModifiers: [drBonus] }),
    shield,
    gearConditions: gearConditions({
      load: gearLoad(armor, shield, strength),
      proficiencyHampered: proficiencyHampered(proficiency, armor?.category, shield),
    }),
    attacks: attacks.length ? attacks : [unarmed()],
    knacks,
    canCast: castHands(items),
    level: Math.max(1, num(doc(s.talents).level, 1)),
    heals: healsOf(items),
    specials: NO_SPECIALS,
  };
}

/** EQ-2: an unarmed strike (Tiny, temporary damage, brawling) for a creature with nothing else. */
function unarmed(): AttackOption {
  return {
    name: "Unarmed",
    mode: "melee",
    weaponValue: weaponDamage("tiny"),
    damageType: "physical",
    riders: [],
    brawling: true,
    temporary: true,
    tainted: false,
    reach: 1,
    shortfall: 0,
    chipCost: 0,
  };
}

const NO_SPECIALS: Specials = { breaths: [], regeneration: [], auras: [] };

/** NPC-1 SA/SQ: the stored rows the fights play (src/data/actor/npc-specials.ts for their fields). */
function specialsOf(rows: Doc[]): Specials {
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  const damageType = (r: Doc) => member(DAMAGE_TYPES, r.damageType, "energy");
  const breaths: Breath[] = of("breath").map((r) => {
    const suit = SUITS.find((x) => x === r.save);
    return {
      name: String(r.name ?? "breath"),
      damage: num(r.damage),
      damageType: damageType(r),
      recharge: num(r.recharge),
      reach: num(doc(r.area).size),
      save: suit ? { suit, modifier: num(r.saveModifier) } : null,
    };
  });
  const regeneration = of("regeneration").map((r) => ({
    kind: "regeneration",
    hpPerRound: num(r.hpPerRound),
  }));
  const auras = of("aura").map((r) => ({
    name: String(r.name ?? "aura"),
    radius: num(r.radius),
    damage: num(r.damage),
    damageType: damageType(r),
  }));
  return { breaths, regeneration, auras };
}

/** NPC-1..NPC-4: a bestiary creature, fresh for a fight (its granted chips full). */
export function creatureTemplate(file: string, d: Doc): Creature {
  const s = doc(d.system);
  const items = list(d.items);
  const suits = doc(s.suits);
  const cards: CardInputs = { primary: perSuit((x) => num(doc(suits[x]).value, 6)) };
  const eff = perSuit((x) => effectiveValue(cards, x));
  const { armor, drBonus } = wornArmor(items);
  const chips = doc(s.chips);
  const granted = npcChipCapacity({
    clubs: num(doc(chips.clubs).max),
    spades: num(doc(chips.spades).max),
    diamonds: num(doc(chips.diamonds).max),
  });
  const hpOverride = doc(s.hp).max;
  const attacks = [
    ...list(s.attacks).map((row) => statBlockAttack(row, eff.clubs)),
    ...items.filter((i) => i.type === "weapon").flatMap((i) => weaponAttacks(i, eff.clubs)),
    ...items.filter((i) => i.type === "spell").flatMap((i) => spellAttack(i) ?? []),
  ];
  const threat = s.threat;
  return {
    key: file,
    file,
    name: String(d.name),
    pc: false,
    tier: member(["enemy", "foe"] as const, s.tier, "enemy"),
    size: member(SIZES, s.size, "medium"),
    cards,
    heartsUndrained: npcHeartsUndrained(eff.hearts, typeof hpOverride === "number" ? hpOverride : null),
    heartsBonus: 0,
    chips: { ...granted, hearts: 0 },
    classes: [],
    ...resistances({ naturalDR: num(s.dr), armor, drModifiers: [drBonus], er: num(s.er) }),
    shield: heldShield(items),
    gearConditions: [],
    attacks: attacks.length ? attacks : [unarmed()],
    knacks: new Set<string>(),
    canCast: castHands(items),
    level: 1,
    heals: healsOf(items),
    specials: specialsOf(list(s.specials)),
    cr: num(s.cr),
    threat: typeof threat === "number" ? threat : null,
  };
}

/** A slow-start build (TL-5, scripts/sample-levels.mjs) names its standard build in flags.zilch.slowStart. */
const isSlowStart = (d: Doc): boolean => doc(doc(d.flags).zilch).slowStart !== undefined;

/** The standard builds: the fights are played with the default settings, in which slow start is off. */
export function loadCharacters(root: string): Template[] {
  return readPack(root, "characters")
    .filter(({ doc: d }) => !isSlowStart(d))
    .map(({ file, doc: d }) => characterTemplate(file, d));
}

export function loadCreatures(root: string): Creature[] {
  return readPack(root, "bestiary").map(({ file, doc: d }) => creatureTemplate(file, d));
}
