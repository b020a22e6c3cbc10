/**
 * The character sheet builders' input: what the sheet reads of a prepared character and its items,
 * and the readers the part builders share (items in sheet order, warnings by the tab they belong to).
 */
import type { Encumbrance, GearLoad, LimitedSlot } from "../../../rules/equipment";
import type { MoveRates } from "../../../rules/movement";
import type { ClassKey, Condition, PerSuit } from "../../../rules/vocabulary";
import type { CharacterTab } from "../shared/constants";
import type { RecoveryTrack } from "../play/recovery";
import type { ChargenInput } from "./chargen-context";
import type { PreparedGrit } from "../play/grit";
import type { PlainItem } from "../actor/sheet-common";
import type { StoredConditionLike } from "../play/conditions-view";

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
  /** EQ-12: the load the table sets by hand. */
  encumbrance?: Encumbrance;
  conditions: Iterable<Condition>;
  /** CON-5: the stored durations of directly applied conditions. */
  appliedConditions?: readonly StoredConditionLike[];
  initiative: number;
  countdownPool: number;
  move: MoveRates;
  warnings: readonly string[];
  biography: string;
  notes: string;
  /** REC-1, REC-2: the stored Rally and Rest counts. */
  recovery?: RecoveryTrack;
  /** GEN-4: play has started (false only for a character created blank, until "Ready to play"). */
  started?: boolean;
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
  /** The actor's own status effects (CON-4: the conditions applied directly, not implied). */
  statuses?: Iterable<string>;
  /** KN-2: the character rages now (ZilchActor#raging). */
  raging?: boolean;
  /** Enriched HTML of biography and notes (the sheet enriches; tests pass the stored HTML). */
  enriched?: { biography: string; notes: string };
  /** The carried items' descriptions, enriched (./description-cache.ts), by item id. */
  enrichedDescriptions?: Readonly<Record<string, string>>;
  /** The viewing user hid the creation guide (the user flag zilch.hideCreationGuide). */
  guideHidden?: boolean;
  /** GEN-1: the world's generation method and point-buy base (the sheet reads the settings). */
  chargen?: Pick<ChargenInput, "method" | "base" | "redrawOf"> | null;
}

const bySort = (a: PlainItem, b: PlainItem) => a.sort - b.sort || a.name.localeCompare(b.name);

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

export const sortedItems = (input: CharacterInput) => [...input.items].sort(bySort);
export const itemsOfType = (input: CharacterInput, type: string) =>
  sortedItems(input).filter((i) => i.type === type);
export const warningsIn = (system: PreparedCharacter, area: "header" | "skills" | "equipment") =>
  system.warnings.filter((w) => areaOf(w) === area).map(warningKey);
