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
import { CHARACTER_TABS, type CharacterTab } from "./constants";
import { recoveryView, type RecoveryTrack } from "./recovery";
import { chargenContext, type ChargenInput } from "./chargen-context";
import { perSuit } from "../../rules/suits";
import { gritView, type PreparedGrit } from "./grit";

/** The suit glyphs, shown beside the localized names. */
export const SUIT_SYMBOL: Readonly<Record<Suit, string>> = {
  clubs: "\u2663",
  spades: "\u2660",
  diamonds: "\u2666",
  hearts: "\u2665",
};

/** An embedded item: its id, name, image, sort and prepared system data. */
export interface PlainItem {
  id: string;
  name: string;
  img: string;
  type: string;
  sort: number;
  system: Record<string, unknown>;
}

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

const num = (value: unknown, fallback = 0): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;
const str = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);
const bool = (value: unknown): boolean => value === true;
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

/** What every actor sheet says about its document and its edit/play mode. */
export interface SheetIdentityInput {
  id: string;
  uuid: string;
  name: string;
  img: string;
  editable: boolean;
  editMode: boolean;
}

/** The identity and mode fields shared by the character and NPC sheets: play mode or no right to edit locks it. */
export function sheetIdentity(input: SheetIdentityInput) {
  return {
    id: input.id,
    uuid: input.uuid,
    name: input.name,
    img: input.img,
    editable: input.editable,
    editMode: input.editMode,
    locked: !input.editable || !input.editMode,
    modeKey: input.editMode ? "ZILCH.Sheet.PlayMode" : "ZILCH.Sheet.EditMode",
  };
}

/** The context of the whole character sheet. */
export function characterContext(input: CharacterInput) {
  const { system } = input;
  const classes = CLASSES.filter((c) => [...system.classes].includes(c));
  const items = [...input.items].sort(bySort);
  const ofType = (type: string) => items.filter((i) => i.type === type);
  const race = ofType("race")[0];
  const identity = sheetIdentity(input);
  const warnings = system.warnings.map((w) => ({ warning: w, area: areaOf(w), key: warningKey(w) }));
  const warningsIn = (area: "header" | "skills" | "equipment") =>
    warnings.filter((w) => w.area === area).map((w) => w.key);

  // CH-1: a suit shows a chip track when the prepared capacity is above 0 (♥ always: HP, HP-1).
  const suits = SUITS.map((suit) => {
    const data = system.suits[suit];
    const secondary = SECONDARY_CARD[suit];
    const held = suit === "hearts" ? system.hp.value : system.chips[suit];
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
      // GW-3: with Grit and Wounds no heart chips are used, so the ♥ track (HP) is not shown.
      chips:
        (suit === "hearts" && !system.grit?.active) || (suit !== "hearts" && data.capacity > 0)
          ? {
              hearts: suit === "hearts",
              value: Math.min(held, data.capacity),
              capacity: data.capacity,
              track: chipTrack(held, data.capacity),
            }
          : null,
    };
  });

  // SK-3: the cards each use of a skill reads; the bonus is the item's prepared `bonus` (SK-1, SK-2).
  const skills = ofType("skill").map((item) => {
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
  });
  const knacks = ofType("knack").map((item) => ({
    id: item.id,
    name: item.name,
    img: item.img,
    chipSuit: (item.system.chipSuit as string | null) ?? null,
    symbol: item.system.chipSuit ? SUIT_SYMBOL[item.system.chipSuit as Suit] : "",
    chipCost: num(item.system.chipCost),
    triggerKey: `ZILCH.Item.Choice.trigger.${str(item.system.trigger, "passive")}`,
  }));

  // EQ-1: items grouped by the slot they are stored in; counts and overflow are the model's.
  const { slots, load, weapons } = system.equipment;
  const itemView = (item: PlainItem) => {
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
  };
  const carried = items.filter((i) => CARRIED_TYPES.has(i.type));
  const equipmentWarnings = warningsIn("equipment").map((key) => ({ key }));
  if (load !== "none") equipmentWarnings.push({ key: `ZILCH.Sheet.Warning.Strength.${load}` });
  const equipment = {
    /** A new character's list says where gear comes from, once, rather than "Empty" four times. */
    nothingCarried: carried.length === 0,
    slots: SLOTS.map((slot) => ({
      slot,
      labelKey: `ZILCH.Sheet.Slot.${slot}`,
      used: slot === "pack" ? null : slots.used[slot],
      limit: slot === "pack" ? null : SLOT_LIMITS[slot],
      over: slot !== "pack" && slots.over.includes(slot),
      items: carried.filter((i) => i.system.slot === slot).map(itemView),
    })),
    warnings: equipmentWarnings,
    spells: ofType("spell").map((item) => ({
      id: item.id,
      name: item.name,
      img: item.img,
      chipCost: num(item.system.chipCost),
    })),
  };

  // INJ-7, INJ-9, SW-8: injuries with effect, location, the cell's modifier and how each heals, read
  // from the healing the item model derived from its effect key (never a stored copy).
  const injuries = ofType("injury").map((item) => {
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
  });

  const hp = system.hp;
  const conditions = CONDITIONS.filter((c) => [...system.conditions].includes(c));
  const activeTab = input.activeTab ?? "suits";
  return {
    ...identity,
    race: race ? { id: race.id, name: race.name } : null,
    classes: classes.map((key) => ({ key, labelKey: `ZILCH.Sheet.Class.${key}` })),
    classChoices: CLASSES.map((key) => ({
      key,
      labelKey: `ZILCH.Sheet.Class.${key}`,
      checked: classes.includes(key),
    })),
    headerWarnings: warningsIn("header"),
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
    suits,
    skills,
    knacks,
    talents: {
      max: system.talents.max,
      used: system.talents.spent,
      allowance: system.talents.allowance,
      warnings: warningsIn("skills"),
    },
    equipment,
    injuries,
    combat: input.combat
      ? {
          initiative: input.combat.initiative,
          stance: input.combat.stance,
          stanceKey: input.combat.stance ? `ZILCH.Sheet.Stance.${input.combat.stance}` : null,
          domino: input.combat.domino,
          faceDown: input.combat.domino.state === "faceDown",
          revealed: input.combat.domino.state === "revealed",
          pool: input.combat.pool,
        }
      : null,
    /** GEN-1 to GEN-3: the card-generation panel, shown while editing. */
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
    recovery: recoveryView(system.recovery, { rally: true, editable: input.editable }),
    /** INI-2, CD-2, MV-1 as prepared: what the character brings to any combat. */
    readiness: { initiative: system.initiative, pool: system.countdownPool, move: system.move.move },
    defence: system.suits.spades.eff,
    attack: system.suits.clubs.eff,
    biography: input.enriched?.biography ?? system.biography,
    notes: input.enriched?.notes ?? system.notes,
    biographyRaw: system.biography,
    notesRaw: system.notes,
    tabs: CHARACTER_TABS.map((id) => ({
      id,
      labelKey: `ZILCH.Sheet.Tab.${id}`,
      active: id === activeTab,
      cssClass: id === activeTab ? "active" : "",
    })),
    activeTab,
  };
}
export type CharacterContext = ReturnType<typeof characterContext>;
