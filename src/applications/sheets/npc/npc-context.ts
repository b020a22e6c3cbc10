/**
 * The NPC sheet's context as a pure function of the actor's prepared data: a compact stat block
 * (NPC-1) `#C #S #D #H (hp)`, DR/ER, size, tier, CR, attacks, special abilities and strategy, with the
 * same roll buttons as a character. Effective cards, the HP maximum and armour DR are the model's
 * (src/data/actor/npc.ts); nothing here recomputes them.
 */
import { gritView, type PreparedGrit } from "../play/grit";
import { weaponDamage } from "../../../rules/equipment";
import { FEAR_LEVELS } from "../../../rules/fear";
import type { MoveRates } from "../../../rules/movement";
import {
  DAMAGE_TYPES,
  DISTANCES,
  NPC_TIERS,
  SIZES,
  SUITS,
  WEAPON_CATEGORIES,
  type Condition,
  type PerSuit,
  type Suit,
  type WeaponCategory,
} from "../../../rules/vocabulary";
import { ABILITY_NATURES, AREA_SHAPES, CLASS_SUITS } from "../../../data/constants";
import { attackReachOut, specialViews, type AreaInput, type SpecialInput } from "./npc-specials";
import { mergeParts, sheetIdentity, SUIT_SYMBOL, type PlainItem } from "../actor/sheet-common";
import type { NPC_PARTS } from "../shared/constants";
import { faceCardKey } from "../../../views/card-faces";
import { recoveryView, type RecoveryTrack } from "../play/recovery";
import { conditionsView, type StoredConditionLike } from "../play/conditions-view";
import { heldAttacks, naturalAttackRow, statBlockRow, type AttackRow } from "../play/attack-list";

const pick = ({ modes, cost }: AttackRow) => ({ modes, cost });

interface Ability {
  name: string;
  nature: string;
  text: string;
}

/** What the sheet reads of a prepared NPC (src/data/actor/npc.ts, NpcDerived). */
export interface PreparedNpc {
  /** SU-2: an NPC's eff2 is its eff. */
  suits: PerSuit<{ value: number; drain: number; taint: number; eff: number; eff2: number }>;
  chips: Record<(typeof CLASS_SUITS)[number], { value: number; max: number }>;
  /** `max` as prepared: the stated value, or eff(♥) when none is stated (NPC-1, HP-1). */
  hp: { value: number; temp: number; max: number };
  /** §23: a Foe's Grit track; shown instead of HP when `active`. */
  grit?: PreparedGrit;
  /** The stat block's natural DR (stored). */
  dr: number;
  /** EQ-6: natural DR plus worn armour, as prepared. */
  armorDR: number;
  conditions: Iterable<Condition>;
  /** CON-5: the stored durations of directly applied conditions (as the character's). */
  appliedConditions?: readonly StoredConditionLike[];
  initiative: number;
  countdownPool: number;
  move: MoveRates;
  er: number;
  size: string;
  creatureType: string;
  subtypes: string;
  tier: string;
  /** OPT-2: the creature's fear level ("none" without a fear ability). */
  fear?: string;
  cr: number;
  /** The measured threat (sample characters it is worth), null until `npm run balance` measured it. */
  threat?: number | null;
  movement: Record<string, number | null>;
  senses: string;
  languages: string;
  attacks: readonly {
    name: string;
    category: string;
    damageType: string;
    reach: number;
    brawling: boolean;
    /** DMG-5: the row deals tainted damage. */
    tainted?: boolean;
    nature: string;
    /** The range band ("engaged": melee) and area a stored row holds. */
    range?: string;
    area?: AreaInput;
    notes: string;
  }[];
  /** Special abilities with numbers (breath, regeneration, aura, swallow, flight). */
  specials?: readonly SpecialInput[];
  specialAttacks: readonly Ability[];
  specialTalents: readonly Ability[];
  specialQualities: readonly Ability[];
  description: string;
  strategy: string;
  /** REC-2: the stored Rest count (NPC-2: an NPC recovers like a PC). */
  recovery?: RecoveryTrack;
}

export interface NpcInput {
  id: string;
  /** The document UUID the rich-text editors bind to. */
  uuid: string;
  name: string;
  img: string;
  system: PreparedNpc;
  /** The stored hp maximum (null: from ♥), which the edit-mode input shows. */
  hpMaxSource: number | null;
  items: readonly PlainItem[];
  editable: boolean;
  editMode: boolean;
  /** The actor's own status effects (CON-4: the conditions applied directly, not implied). */
  statuses?: readonly string[];
  enriched?: { description: string; strategy: string };
}

/** A choice table as `selectOptions` reads it: value → i18n key. */
export function keyed(table: readonly string[], prefix: string): Record<string, string> {
  return Object.fromEntries(table.map((value) => [value, `${prefix}.${value}`]));
}

export const ABILITY_GROUPS = ["specialAttacks", "specialTalents", "specialQualities"] as const;

/** NPC-1: the stat line `#C #S #D #H (hp)` as players read it, from the prepared cards and HP. */
export function statLine(system: Pick<PreparedNpc, "suits" | "hp">): string {
  const cards = SUITS.map((s) => `${system.suits[s].eff}${SUIT_SYMBOL[s]}`).join(" ");
  return `${cards} (${system.hp.max})`;
}

/** CON-4, CON-5: the NPC's conditions as the character sheet shows them (the same builder). */
const npcConditions = (input: NpcInput) =>
  conditionsView({
    active: input.system.conditions,
    statuses: input.statuses ?? [],
    records: input.system.appliedConditions ?? [],
  });

/** What both parts read: the document and the mode. */
export function npcShared(input: NpcInput) {
  return sheetIdentity(input);
}

/** OPT-2: the fear tag and the Fear save button, only for a creature with a fear ability. */
const fearKeyOf = (fear: string | undefined) => (fear && fear !== "none" ? `ZILCH.Fear.Level.${fear}` : null);

/** The header: the NPC-1 stat line, conditions, size, tier, CR, fear and creature type. */
export function npcHeader(input: NpcInput) {
  const { system } = input;
  return {
    statLine: statLine(system),
    ...npcConditions(input),
    sizeKey: `ZILCH.Item.Choice.size.${system.size}`,
    tierKey: `ZILCH.Sheet.Tier.${system.tier}`,
    fear: system.fear ?? "none",
    fearKey: fearKeyOf(system.fear),
    cr: system.cr,
    threat: system.threat ?? null,
    creatureType: system.creatureType,
    subtypes: system.subtypes,
  };
}

/** NPC-1: the cards, HP (or Grit, §23), chips and recovery of the stat block. */
function npcVitals(input: NpcInput) {
  const { system } = input;
  const hpMax = system.hp.max;
  return {
    hp: {
      value: system.hp.value,
      temp: system.hp.temp,
      max: hpMax,
      maxStored: input.hpMaxSource,
      percent: hpMax > 0 ? Math.round((100 * Math.min(system.hp.value, hpMax)) / hpMax) : 0,
    },
    /** §23: a Foe's Grit, Wounds and adrenaline in place of its HP, or null. */
    grit: gritView(system.grit),
    suits: SUITS.map((suit: Suit) => ({
      suit,
      symbol: SUIT_SYMBOL[suit],
      labelKey: `ZILCH.Card.${suit}`,
      value: system.suits[suit].value,
      effective: system.suits[suit].eff,
      // SU-3: 11 to 14 show as their face letter.
      faceKey: faceCardKey(system.suits[suit].eff),
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
    /** NPC-2: no class suits, so no Rally; Rest and Sleep return HP as for a PC. */
    recovery: recoveryView(system.recovery, { rally: false, editable: input.editable }),
  };
}

/** The stat block's traits: defences, readiness, size, tier, senses, languages and movement. */
function npcTraits(input: NpcInput) {
  const { system } = input;
  return {
    dr: system.dr,
    armorDR: system.armorDR,
    er: system.er,
    readiness: { initiative: system.initiative, pool: system.countdownPool, move: system.move.move },
    size: system.size,
    sizeKey: `ZILCH.Item.Choice.size.${system.size}`,
    tier: system.tier,
    tierKey: `ZILCH.Sheet.Tier.${system.tier}`,
    fear: system.fear ?? "none",
    fearKey: fearKeyOf(system.fear),
    cr: system.cr,
    threat: system.threat ?? null,
    creatureType: system.creatureType,
    subtypes: system.subtypes,
    senses: system.senses,
    languages: system.languages,
    movement: Object.entries(system.movement).map(([mode, value]) => ({
      mode,
      labelKey: `ZILCH.Sheet.Movement.${mode}`,
      value,
      // MV-1: an unstated walk is the rate from ♠ the model prepared; play mode shows it under Movement.
      shown: mode === "walk" ? (value ?? system.move.move) : value,
      path: `system.movement.${mode}`,
    })),
  };
}

/** AT-1, NPC-4: the attack rows, the special abilities and the owned items. */
function npcAbilities(input: NpcInput) {
  const { system } = input;
  return {
    attacks: system.attacks.map((attack, index) => ({
      ...attack,
      index,
      /** AT-2, EQ-4, CD-7: its to-hit total and price, as the character's Combat tab shows them. */
      ...pick(naturalAttackRow(statBlockRow(attack), index, system.suits)),
      damage: weaponDamage(attack.category as WeaponCategory),
      categoryKey: `ZILCH.Item.Choice.category.${attack.category}`,
      damageTypeKey: `ZILCH.Item.Choice.damageType.${attack.damageType}`,
      ...attackReachOut(attack),
      path: `system.attacks.${index}`,
    })),
    /** AT-1: the weapons and attack spells it holds, listed under Attacks with their numbers. */
    heldAttacks: heldAttacks(input.items, system.suits),
    specials: specialViews(system.specials),
    abilityGroups: ABILITY_GROUPS.map((group) => ({
      group,
      labelKey: `ZILCH.Sheet.Ability.${group}`,
      entries: system[group].map((ability, index) => ({
        ...ability,
        index,
        natureKey: `ZILCH.Sheet.Nature.${ability.nature}`,
        path: `system.${group}.${index}`,
      })),
    })),
    items: [...input.items]
      .sort((a, b) => a.sort - b.sort)
      .map((i) => ({
        id: i.id,
        name: i.name,
        img: i.img,
        typeKey: `TYPES.Item.${i.type}`,
        rollable: i.type === "skill",
        weapon: i.type === "weapon",
        spell: i.type === "spell",
      })),
  };
}

/** The select choices of the edit-mode stat block. */
const NPC_CHOICES = {
  tier: keyed(NPC_TIERS, "ZILCH.Sheet.Tier"),
  fear: keyed(FEAR_LEVELS, "ZILCH.Fear.Level"),
  size: keyed(SIZES, "ZILCH.Item.Choice.size"),
  category: keyed(WEAPON_CATEGORIES, "ZILCH.Item.Choice.category"),
  damageType: keyed(DAMAGE_TYPES, "ZILCH.Item.Choice.damageType"),
  nature: keyed(ABILITY_NATURES, "ZILCH.Sheet.Nature"),
  range: keyed(DISTANCES, "ZILCH.Item.Choice.maxRange"),
  areaShape: keyed(AREA_SHAPES, "ZILCH.Special.Shape"),
};

/** The stat block part (NPC-1): vitals, traits, attacks and abilities, description and strategy. */
export function npcStatblock(input: NpcInput) {
  const { system } = input;
  return {
    ...npcVitals(input),
    ...npcTraits(input),
    ...npcAbilities(input),
    description: input.enriched?.description ?? system.description,
    strategy: input.enriched?.strategy ?? system.strategy,
    descriptionRaw: system.description,
    strategyRaw: system.strategy,
    choices: NPC_CHOICES,
  };
}

/** Each PART's own context (keys as in NPC_PARTS); both parts also read `npcShared`. */
export const NPC_PART_CONTEXT = {
  header: npcHeader,
  statblock: npcStatblock,
} as const satisfies Record<keyof typeof NPC_PARTS, (input: NpcInput) => object>;

/** The context of the whole NPC sheet. */
export function npcContext(input: NpcInput) {
  return { ...npcShared(input), ...mergeParts(NPC_PART_CONTEXT, input) };
}
export type NpcContext = ReturnType<typeof npcContext>;
