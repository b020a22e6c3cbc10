/**
 * The character sheet's context as a pure function of the actor's prepared data (ARCHITECTURE §3).
 * Every derived number (effective cards, chip capacity, HP maximum, DR/ER, slot use, Talents,
 * initiative, pool, Move, conditions, warnings) is read from what the data model prepared in
 * `prepareDerivedData`, so no rule is computed a second time here: this module only arranges and
 * labels. The sheet class gathers the documents; the template tests build the same input through
 * the stand-in models.
 */
import { SKILLS, type SkillEntry, type SkillKey } from "../../rules/skills";
import { SLOT_LIMITS, type GearLoad, type LimitedSlot } from "../../rules/equipment";
import type { MoveRates } from "../../rules/movement";
import { cardKeyOf } from "../../rules/roll-request";
import {
  CLASSES,
  CONDITIONS,
  SECONDARY_CARD,
  SUITS,
  type ClassKey,
  type Condition,
  type PerSuit,
  type Suit,
} from "../../rules/vocabulary";
import { CHARACTER_TABS, type CHARACTER_PARTS, type CharacterTab } from "./constants";
import { recoveryView, type RecoveryTrack } from "./recovery";
import { chargenContext, type ChargenInput } from "./chargen-context";
import { perSuit } from "../../rules/suits";
import { gritView, type PreparedGrit } from "./grit";
import { bool, mergeParts, num, sheetIdentity, str, SUIT_SYMBOL, type PlainItem } from "./sheet-common";

/** EQ-4: a weapon's Strength requirement and modifier per way of using it (prepared by the model). */
export interface WeaponStrengthView {
  melee: { requirement: number; modifier: number } | null;
  ranged: { requirement: number; modifier: number } | null;
}

/** What the sheet reads of a prepared character (src/data/actor/character.ts, CharacterDerived). */
export interface PreparedCharacter {
  suits: PerSuit<{
    primary: number;
    secondary: number;
    drain: number;
    taint: number;
    race: number;
    eff: number;
    eff2: number;
    capacity: number;
  }>;
  chips: Record<"clubs" | "spades" | "diamonds", number>;
  hp: { value: number; temp: number; max: number };
  /** §23: the Grit track; shown instead of HP when `active`. */
  grit?: PreparedGrit;
  classes: Iterable<ClassKey>;
  size: string;
  boons: number;
  talents: { level: number; armorTrades: number; max: number; spent: number; allowance: number };
  dr: number;
  er: number;
  equipment: {
    load: GearLoad;
    slots: { used: Record<LimitedSlot, number>; over: readonly LimitedSlot[] };
    weapons: Record<string, WeaponStrengthView>;
  };
  conditions: Iterable<Condition>;
  initiative: number;
  countdownPool: number;
  move: MoveRates;
  warnings: readonly string[];
  biography: string;
  notes: string;
  /** REC-1, REC-2: the stored Rally and Rest counts. */
  recovery?: RecoveryTrack;
}

export interface CombatFacts {
  initiative: number | null;
  stance: string | null;
  /** DOM-4: a face-down domino shows no value. */
  domino: { state: "none" | "faceDown" | "revealed"; offense?: number; defense?: number };
  /** CD-2: the countdown pool size, in countdown mode. */
  pool: number | null;
}

export interface CharacterInput {
  /** The application's id, so labels and inputs pair up uniquely across open sheets. */
  id: string;
  /** The document UUID the rich-text editors bind to (v13 `<prose-mirror document-uuid>`). */
  uuid: string;
  name: string;
  img: string;
  system: PreparedCharacter;
  items: readonly PlainItem[];
  editable: boolean;
  editMode: boolean;
  activeTab?: CharacterTab;
  combat?: CombatFacts | null;
  /** Enriched HTML of biography and notes (the sheet enriches; tests pass the stored HTML). */
  enriched?: { biography: string; notes: string };
  /** GEN-1: the world's generation method and point-buy base (the sheet reads the settings). */
  chargen?: Pick<ChargenInput, "method" | "base" | "redrawOf"> | null;
}

const bySort = (a: PlainItem, b: PlainItem) => a.sort - b.sort || a.name.localeCompare(b.name);

/** A chip as the track shows it: filled chips first, then empty ones up to capacity. */
export interface ChipView {
  index: number;
  filled: boolean;
  /** The value clicking sets: spend down to `index`, or restore up to `index + 1`. */
  target: number;
}

/** CH-2: the track of one suit; only chips up to capacity exist, so excess cannot be shown or set. */
export function chipTrack(value: number, capacity: number): ChipView[] {
  const held = Math.min(Math.max(0, value), capacity);
  return Array.from({ length: capacity }, (_, index) => ({
    index,
    filled: index < held,
    target: index < held ? index : index + 1,
  }));
}

/** Where each model warning is shown: the tab the user fixes it on. */
const WARNING_AREA: Readonly<Record<string, "header" | "skills" | "equipment">> = {
  duplicateClass: "header",
  multipleSpellcasters: "header",
  raceSuitNotChosen: "header",
  tooManyArmorTrades: "header",
  tooManyTalents: "skills",
  armorProficiency: "equipment",
  shieldProficiency: "equipment",
};
const areaOf = (warning: string) =>
  WARNING_AREA[warning] ?? (warning.startsWith("slots.") ? "equipment" : "header");
const warningKey = (warning: string) => `ZILCH.Field.Warning.${warning}`;

const CARRIED_TYPES = new Set(["weapon", "armor", "shield", "gear"]);
const SLOTS = ["hands", "armor", "handy", "pack"] as const;

const sortedItems = (input: CharacterInput) => [...input.items].sort(bySort);
const itemsOfType = (input: CharacterInput, type: string) =>
  sortedItems(input).filter((i) => i.type === type);
const warningsIn = (system: PreparedCharacter, area: "header" | "skills" | "equipment") =>
  system.warnings.filter((w) => areaOf(w) === area).map(warningKey);

/** What every part reads: the document, the mode and the active tab. */
export function characterShared(input: CharacterInput) {
  return { ...sheetIdentity(input), activeTab: input.activeTab ?? "suits" };
}

/** The tab navigation. */
export function characterTabs(input: CharacterInput) {
  const activeTab = input.activeTab ?? "suits";
  return {
    tabs: CHARACTER_TABS.map((id) => ({
      id,
      labelKey: `ZILCH.Sheet.Tab.${id}`,
      active: id === activeTab,
      cssClass: id === activeTab ? "active" : "",
    })),
  };
}

/** The header: race, classes, warnings, conditions, size, HP or Grit, DR/ER, Boons and level. */
export function characterHeader(input: CharacterInput) {
  const { system } = input;
  const classes = CLASSES.filter((c) => [...system.classes].includes(c));
  const race = itemsOfType(input, "race")[0];
  const hp = system.hp;
  const conditions = CONDITIONS.filter((c) => [...system.conditions].includes(c));
  return {
    race: race ? { id: race.id, name: race.name } : null,
    classes: classes.map((key) => ({ key, labelKey: `ZILCH.Sheet.Class.${key}` })),
    classChoices: CLASSES.map((key) => ({
      key,
      labelKey: `ZILCH.Sheet.Class.${key}`,
      checked: classes.includes(key),
    })),
    headerWarnings: warningsIn(system, "header"),
    conditions: conditions.map((c) => ({ condition: c, labelKey: `ZILCH.Condition.${c}` })),
    size: system.size,
    sizeKey: `ZILCH.Item.Choice.size.${system.size}`,
    hp: {
      value: hp.value,
      temp: hp.temp,
      max: hp.max,
      percent: hp.max > 0 ? Math.round((100 * Math.min(hp.value, hp.max)) / hp.max) : 0,
      tempPercent: hp.max > 0 ? Math.round((100 * Math.min(hp.temp, hp.max)) / hp.max) : 0,
    },
    /** §23: Grit, Wounds and adrenaline in place of the HP bar, or null. */
    grit: gritView(system.grit),
    dr: system.dr,
    er: system.er,
    boons: system.boons,
    level: system.talents.level,
  };
}

/** CH-1: one suit's cards, Drain and Taint, and its chip track when the prepared capacity is above 0 (♥ always: HP, HP-1). */
function suitView(system: PreparedCharacter, suit: Suit) {
  const data = system.suits[suit];
  const secondary = SECONDARY_CARD[suit];
  const held = suit === "hearts" ? system.hp.value : system.chips[suit];
  // GW-3: with Grit and Wounds no heart chips are used, so the ♥ track (HP) is not shown.
  const tracked = (suit === "hearts" && !system.grit?.active) || (suit !== "hearts" && data.capacity > 0);
  return {
    suit,
    symbol: SUIT_SYMBOL[suit],
    labelKey: `ZILCH.Card.${suit}`,
    secondaryKey: `ZILCH.Card.${secondary}`,
    secondary,
    primary: { base: data.primary, effective: data.eff, path: `system.suits.${suit}.primary` },
    second: { base: data.secondary, effective: data.eff2, path: `system.suits.${suit}.secondary` },
    race: data.race,
    drain: data.drain,
    taint: data.taint,
    drainPath: `system.suits.${suit}.drain`,
    taintPath: `system.suits.${suit}.taint`,
    lowered: data.eff < data.primary + data.race,
    chips: tracked
      ? {
          hearts: suit === "hearts",
          value: Math.min(held, data.capacity),
          capacity: data.capacity,
          track: chipTrack(held, data.capacity),
        }
      : null,
  };
}

/** The Suits tab: the four suits and, while editing, the card-generation panel (GEN-1 to GEN-3). */
export function characterSuits(input: CharacterInput) {
  const { system } = input;
  return {
    suits: SUITS.map((suit) => suitView(system, suit)),
    chargen:
      input.chargen && input.editMode && input.editable
        ? chargenContext({
            ...input.chargen,
            cards: {
              primary: perSuit((s) => system.suits[s].primary),
              secondary: perSuit((s) => system.suits[s].secondary),
            },
            race: perSuit((s) => system.suits[s].race),
          })
        : null,
  };
}

/** SK-3: the cards each use of a skill reads; the bonus is the item's prepared `bonus` (SK-1, SK-2). */
function skillView(item: PlainItem) {
  const key = (item.system.key as SkillKey | null | undefined) ?? null;
  const entry = key && key in SKILLS ? (SKILLS[key] as SkillEntry) : null;
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    key,
    bonus: num(item.system.bonus),
    scope: str(item.system.scope),
    free: bool(item.system.free),
    uses: (entry?.uses ?? []).map((u) => ({
      use: u.key,
      useKey: `ZILCH.Item.Use.${u.key}`,
      cards: u.cards.map((ref) => ({ card: cardKeyOf(ref), cardKey: `ZILCH.Card.${cardKeyOf(ref)}` })),
    })),
  };
}

/** The Skills tab: skills, knacks and the Talent count. */
export function characterSkills(input: CharacterInput) {
  const { system } = input;
  return {
    skills: itemsOfType(input, "skill").map(skillView),
    knacks: itemsOfType(input, "knack").map((item) => ({
      id: item.id,
      name: item.name,
      img: item.img,
      chipSuit: (item.system.chipSuit as string | null) ?? null,
      symbol: item.system.chipSuit ? SUIT_SYMBOL[item.system.chipSuit as Suit] : "",
      chipCost: num(item.system.chipCost),
      triggerKey: `ZILCH.Item.Choice.trigger.${str(item.system.trigger, "passive")}`,
    })),
    talents: {
      max: system.talents.max,
      used: system.talents.spent,
      allowance: system.talents.allowance,
      warnings: warningsIn(system, "skills"),
    },
  };
}

/** EQ-1, EQ-4, REC-6: a carried item's row. */
function carriedView(item: PlainItem, weapons: PreparedCharacter["equipment"]["weapons"]) {
  const strength = item.type === "weapon" ? weapons[item.id] : undefined;
  const shortfall = Math.min(strength?.melee?.modifier ?? 0, strength?.ranged?.modifier ?? 0);
  const healing =
    item.type === "gear" && typeof item.system.healingItem === "string" ? item.system.healingItem : null;
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    type: item.type,
    typeKey: `TYPES.Item.${item.type}`,
    quantity: num(item.system.quantity, 1),
    /** REC-6: a healing item is used one at a time; none left, nothing to use. */
    healing: healing
      ? {
          kindKey: `ZILCH.Recovery.Item.${healing}`,
          left: num(item.system.quantity, 1),
          disabled: num(item.system.quantity, 1) < 1,
        }
      : null,
    inUse: item.system.slot === "hands" || item.system.slot === "armor",
    weapon: item.type === "weapon",
    /** EQ-4: the attack modifier when Strength falls short (0 otherwise). */
    strengthModifier: shortfall < 0 ? shortfall : 0,
  };
}

/** The Equipment tab: EQ-1 items grouped by the slot they are stored in; counts and overflow are the model's. */
export function characterEquipment(input: CharacterInput) {
  const { slots, load, weapons } = input.system.equipment;
  const carried = sortedItems(input).filter((i) => CARRIED_TYPES.has(i.type));
  const warnings = warningsIn(input.system, "equipment").map((key) => ({ key }));
  if (load !== "none") warnings.push({ key: `ZILCH.Sheet.Warning.Strength.${load}` });
  return {
    equipment: {
      /** A new character's list says where gear comes from, once, rather than "Empty" four times. */
      nothingCarried: carried.length === 0,
      slots: SLOTS.map((slot) => ({
        slot,
        labelKey: `ZILCH.Sheet.Slot.${slot}`,
        used: slot === "pack" ? null : slots.used[slot],
        limit: slot === "pack" ? null : SLOT_LIMITS[slot],
        over: slot !== "pack" && slots.over.includes(slot),
        items: carried.filter((i) => i.system.slot === slot).map((i) => carriedView(i, weapons)),
      })),
      warnings,
      spells: itemsOfType(input, "spell").map((item) => ({
        id: item.id,
        name: item.name,
        img: item.img,
        chipCost: num(item.system.chipCost),
      })),
    },
  };
}

/**
 * INJ-7, INJ-9, SW-8: an injury with effect, location, the cell's modifier and how it heals, read
 * from the healing the item model derived from its effect key (never a stored copy).
 */
function injuryView(item: PlainItem) {
  const heals = (item.system.heals ?? {}) as { kind?: unknown; permanent?: unknown };
  const kind = str(heals.kind, "days");
  const modifier = num(item.system.modifier);
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    kindKey: `ZILCH.Item.Choice.kind.${str(item.system.kind, "grievousInjury")}`,
    /** The rules page of its kind (src/data/rules-links.ts): grievous injuries or specific wounds. */
    kindRule: item.system.kind === "specificWound" ? "topic:wounds" : "topic:injuries",
    locationKey: `ZILCH.Item.Choice.location.${str(item.system.location, "chest")}`,
    effectKey: `ZILCH.Item.Choice.effect.${str(item.system.effect, "stun")}`,
    /** INJ-6: a "−2d" cell's −5, shown signed with a true minus. */
    modifier: modifier === 0 ? null : `${modifier < 0 ? "\u2212" : "+"}${Math.abs(modifier)}`,
    /** INJ-7: a lost limb stays lost after the wound has healed. */
    limbLost: heals.permanent === "limbLost",
    days: kind === "days" ? num(item.system.daysRemaining) : null,
    healsKey: `ZILCH.Sheet.Heals.${kind}`,
  };
}

/** The Injuries tab. */
export function characterInjuries(input: CharacterInput) {
  return { injuries: itemsOfType(input, "injury").map(injuryView) };
}

/** The Combat tab: the combatant in the viewed combat, readiness, recovery, defence and attack. */
export function characterCombat(input: CharacterInput) {
  const { system, combat } = input;
  return {
    combat: combat
      ? {
          initiative: combat.initiative,
          stance: combat.stance,
          stanceKey: combat.stance ? `ZILCH.Sheet.Stance.${combat.stance}` : null,
          domino: combat.domino,
          faceDown: combat.domino.state === "faceDown",
          revealed: combat.domino.state === "revealed",
          pool: combat.pool,
        }
      : null,
    recovery: recoveryView(system.recovery, { rally: true, editable: input.editable }),
    /** INI-2, CD-2, MV-1 as prepared: what the character brings to any combat. */
    readiness: { initiative: system.initiative, pool: system.countdownPool, move: system.move.move },
    dr: system.dr,
    er: system.er,
    defence: system.suits.spades.eff,
    attack: system.suits.clubs.eff,
  };
}

/** The Biography tab: the enriched HTML in play mode, the stored HTML for the editors. */
export function characterBiography(input: CharacterInput) {
  const { system } = input;
  return {
    biography: input.enriched?.biography ?? system.biography,
    notes: input.enriched?.notes ?? system.notes,
    biographyRaw: system.biography,
    notesRaw: system.notes,
  };
}

/** Each PART's own context (keys as in CHARACTER_PARTS); every part also reads `characterShared`. */
export const CHARACTER_PART_CONTEXT = {
  header: characterHeader,
  tabs: characterTabs,
  suits: characterSuits,
  skills: characterSkills,
  equipment: characterEquipment,
  injuries: characterInjuries,
  combat: characterCombat,
  biography: characterBiography,
} as const satisfies Record<keyof typeof CHARACTER_PARTS, (input: CharacterInput) => object>;

/** The context of the whole character sheet: the shared fields and every part's. */
export function characterContext(input: CharacterInput) {
  return { ...characterShared(input), ...mergeParts(CHARACTER_PART_CONTEXT, input) };
}
export type CharacterContext = ReturnType<typeof characterContext>;
