/**
 * The NPC sheet's context as a pure function: a compact stat block (NPC-1) `#C #S #D #H (hp)`, DR/ER,
 * size, tier, CR, attacks, special abilities and strategy, with the same roll buttons as a character.
 */
import { weaponDamage } from "../../rules/equipment";
import { DAMAGE_TYPES, NPC_TIERS, SIZES, SUITS, WEAPON_CATEGORIES, type PerSuit, type Suit, type WeaponCategory } from "../../rules/vocabulary";
import { ABILITY_NATURES, CLASS_SUITS } from "../../data/constants";
import { SUIT_SYMBOL, type PlainItem } from "./character-context";

interface Ability {
  name: string;
  nature: string;
  text: string;
}

export interface NpcSystemSource {
  suits: PerSuit<{ value: number; drain: number; taint: number }>;
  chips: Record<(typeof CLASS_SUITS)[number], { value: number; max: number }>;
  hp: { value: number; temp: number; max: number | null };
  dr: number;
  er: number;
  size: string;
  creatureType: string;
  subtypes: string;
  tier: string;
  cr: number;
  movement: Record<string, number | null>;
  senses: string;
  languages: string;
  attacks: readonly { name: string; category: string; damageType: string; reach: number; brawling: boolean; nature: string; notes: string }[];
  specialAttacks: readonly Ability[];
  specialTalents: readonly Ability[];
  specialQualities: readonly Ability[];
  description: string;
  strategy: string;
}

export interface NpcInput {
  id: string;
  name: string;
  img: string;
  system: NpcSystemSource;
  items: readonly PlainItem[];
  editable: boolean;
  editMode: boolean;
  enriched?: { description: string; strategy: string };
}

/** A choice table as `selectOptions` reads it: value → i18n key. */
export function keyed(table: readonly string[], prefix: string): Record<string, string> {
  return Object.fromEntries(table.map((value) => [value, `${prefix}.${value}`]));
}

export const ABILITY_GROUPS = ["specialAttacks", "specialTalents", "specialQualities"] as const;

/** NPC-1, SU-2, SU-4: one effective card per suit, drain subtracted, never below 0. */
export function npcCard(suit: { value: number; drain: number }): number {
  return Math.max(0, suit.value - suit.drain);
}

/** NPC-1: the stat line `#C #S #D #H (hp)` as players read it. */
export function statLine(system: Pick<NpcSystemSource, "suits" | "hp">): string {
  const cards = SUITS.map((s) => `${npcCard(system.suits[s])}${SUIT_SYMBOL[s]}`).join(" ");
  return `${cards} (${hpMaxOf(system)})`;
}

/** NPC-1, HP-1: an NPC's hp maximum is its stated value, or eff(♥) when none is stated. */
export function hpMaxOf(system: Pick<NpcSystemSource, "suits" | "hp">): number {
  return system.hp.max ?? npcCard(system.suits.hearts);
}

export function npcContext(input: NpcInput) {
  const { system } = input;
  const locked = !input.editable || !input.editMode;
  const hpMax = hpMaxOf(system);
  return {
    id: input.id,
    name: input.name,
    img: input.img,
    editable: input.editable,
    editMode: input.editMode,
    locked,
    modeKey: input.editMode ? "ZILCH.Sheet.PlayMode" : "ZILCH.Sheet.EditMode",
    statLine: statLine(system),
    hp: { value: system.hp.value, temp: system.hp.temp, max: hpMax, maxStored: system.hp.max, percent: hpMax > 0 ? Math.round((100 * Math.min(system.hp.value, hpMax)) / hpMax) : 0 },
    suits: SUITS.map((suit: Suit) => ({
      suit,
      symbol: SUIT_SYMBOL[suit],
      labelKey: `ZILCH.Card.${suit}`,
      value: system.suits[suit].value,
      effective: npcCard(system.suits[suit]),
      drain: system.suits[suit].drain,
      path: `system.suits.${suit}.value`,
      drainPath: `system.suits.${suit}.drain`,
    })),
    chips: CLASS_SUITS.filter((suit) => system.chips[suit].max > 0 || input.editMode).map((suit) => ({
      suit,
      symbol: SUIT_SYMBOL[suit],
      labelKey: `ZILCH.Card.${suit}`,
      value: system.chips[suit].value,
      max: system.chips[suit].max,
      valuePath: `system.chips.${suit}.value`,
      maxPath: `system.chips.${suit}.max`,
    })),
    dr: system.dr,
    er: system.er,
    size: system.size,
    sizeKey: `ZILCH.Item.Choice.size.${system.size}`,
    tier: system.tier,
    tierKey: `ZILCH.Sheet.Tier.${system.tier}`,
    cr: system.cr,
    creatureType: system.creatureType,
    subtypes: system.subtypes,
    senses: system.senses,
    languages: system.languages,
    movement: Object.entries(system.movement).map(([mode, value]) => ({ mode, labelKey: `ZILCH.Sheet.Movement.${mode}`, value, path: `system.movement.${mode}` })),
    attacks: system.attacks.map((attack, index) => ({
      ...attack,
      index,
      damage: weaponDamage(attack.category as WeaponCategory),
      categoryKey: `ZILCH.Item.Choice.category.${attack.category}`,
      damageTypeKey: `ZILCH.Item.Choice.damageType.${attack.damageType}`,
      path: `system.attacks.${index}`,
    })),
    abilityGroups: ABILITY_GROUPS.map((group) => ({
      group,
      labelKey: `ZILCH.Sheet.Ability.${group}`,
      entries: system[group].map((ability, index) => ({ ...ability, index, natureKey: `ZILCH.Sheet.Nature.${ability.nature}`, path: `system.${group}.${index}` })),
    })),
    items: [...input.items].sort((a, b) => a.sort - b.sort).map((i) => ({ id: i.id, name: i.name, img: i.img, typeKey: `TYPES.Item.${i.type}`, rollable: i.type === "weapon" || i.type === "skill", action: i.type === "skill" ? "rollSkill" : "rollItem" })),
    description: input.enriched?.description ?? system.description,
    strategy: input.enriched?.strategy ?? system.strategy,
    descriptionRaw: system.description,
    strategyRaw: system.strategy,
    choices: {
      tier: keyed(NPC_TIERS, "ZILCH.Sheet.Tier"),
      size: keyed(SIZES, "ZILCH.Item.Choice.size"),
      category: keyed(WEAPON_CATEGORIES, "ZILCH.Item.Choice.category"),
      damageType: keyed(DAMAGE_TYPES, "ZILCH.Item.Choice.damageType"),
      nature: keyed(ABILITY_NATURES, "ZILCH.Sheet.Nature"),
    },
  };
}
export type NpcContext = ReturnType<typeof npcContext>;
