/**
 * The character sheet's context as a pure function of plain actor and item data (ARCHITECTURE §3):
 * the sheet class gathers documents and calls `characterContext`; the template tests call it with
 * fixtures. Every number shown comes from src/rules, so nothing here re-implements a rule.
 */
import { chipCapacity, mayHoldChips } from "../../rules/chips";
import { armorProficiency, classProblems, shieldProficiency } from "../../rules/classes";
import { armorDR, gearLoad, proficiencyHampered, SLOT_LIMITS, slotUsage, type CarriedItem, type LimitedSlot } from "../../rules/equipment";
import { effectiveValue } from "../../rules/suits";
import { talentsMax, talentsSpent, type TalentFormula } from "../../rules/talents";
import { SKILL_BONUS, SKILLS, skillRankBonus, STEPS_PER_SKILL_TALENT, type SkillEntry, type SkillKey, type SkillTalentMode } from "../../rules/skills";
import { cardKeyOf } from "../../dice/roll-request";
import { CLASSES, SECONDARY_CARD, SUITS, type ArmorCategory, type ClassKey, type PerSuit, type ShieldKind, type Suit } from "../../rules/vocabulary";
import { CHARACTER_TABS, type CharacterTab } from "./constants";

/** The suit glyphs, shown beside the localized names. */
export const SUIT_SYMBOL: Readonly<Record<Suit, string>> = { clubs: "\u2663", spades: "\u2660", diamonds: "\u2666", hearts: "\u2665" };

/** An embedded item as plain data (Item#toObject plus its id). */
export interface PlainItem {
  id: string;
  name: string;
  img: string;
  type: string;
  sort: number;
  system: Record<string, unknown>;
}

export interface CharacterSystemSource {
  suits: PerSuit<{ primary: number; secondary: number; drain: number; taint: number }>;
  chips: Record<"clubs" | "spades" | "diamonds", number>;
  hp: { value: number; temp: number };
  classes: readonly ClassKey[] | ReadonlySet<ClassKey>;
  size: string;
  boons: number;
  talents: { level: number; armorTrades: number };
  load: string;
  biography: string;
  notes: string;
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
  name: string;
  img: string;
  system: CharacterSystemSource;
  items: readonly PlainItem[];
  editable: boolean;
  editMode: boolean;
  activeTab?: CharacterTab;
  settings?: { talentFormula?: TalentFormula; skillTalentMode?: SkillTalentMode };
  combat?: CombatFacts | null;
  /** Enriched HTML of biography and notes (the sheet enriches; tests pass plain text). */
  enriched?: { biography: string; notes: string };
}

const num = (value: unknown, fallback = 0): number => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
const str = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);
const bool = (value: unknown): boolean => value === true;
const bySort = (a: PlainItem, b: PlainItem) => a.sort - b.sort || a.name.localeCompare(b.name);

/** RA-1, RA-2: the race item's modifier per suit, the chosen suit's bonus included. */
export function raceModifiersOf(race: PlainItem | undefined): PerSuit<number> {
  const mods = (race?.system.modifiers ?? {}) as Partial<Record<Suit, number>>;
  const chosen = race?.system.chosenSuit as Suit | null | undefined;
  const bonus = num(race?.system.choiceBonus);
  return Object.fromEntries(SUITS.map((s) => [s, num(mods[s]) + (s === chosen ? bonus : 0)])) as PerSuit<number>;
}

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
  return Array.from({ length: capacity }, (_, index) => ({ index, filled: index < held, target: index < held ? index : index + 1 }));
}

/** EQ-1: where an item is carried, or null for items that are not carried (skills, knacks…). */
function carriedView(item: PlainItem): CarriedItem | null {
  const slot = str(item.system.slot);
  if (slot !== "hands" && slot !== "handy" && slot !== "pack" && slot !== "armor") return null;
  const hands = item.type === "shield" && bool(item.system.strapped) ? 1 : num(item.system.hands, 1) === 2 ? 2 : 1;
  return { slot, hands, reinforced: item.type === "armor" && bool(item.system.reinforced) };
}

const CARRIED_TYPES = new Set(["weapon", "armor", "shield", "gear"]);

/** The context of the whole character sheet. */
export function characterContext(input: CharacterInput) {
  const { system } = input;
  const classes = [...system.classes] as ClassKey[];
  const items = [...input.items].sort(bySort);
  const ofType = (type: string) => items.filter((i) => i.type === type);
  const race = ofType("race")[0];
  const race$ = raceModifiersOf(race);
  const drain = Object.fromEntries(SUITS.map((s) => [s, system.suits[s].drain])) as PerSuit<number>;
  const cards = {
    primary: Object.fromEntries(SUITS.map((s) => [s, system.suits[s].primary])) as PerSuit<number>,
    secondary: Object.fromEntries(SUITS.map((s) => [s, system.suits[s].secondary])) as PerSuit<number>,
    race: race$,
    drain,
  };
  const eff = Object.fromEntries(SUITS.map((s) => [s, effectiveValue(cards, s, "primary")])) as PerSuit<number>;
  const eff2 = Object.fromEntries(SUITS.map((s) => [s, effectiveValue(cards, s, "secondary")])) as PerSuit<number>;
  const knacks = ofType("knack");
  const toughness = knacks.some((k) => k.system.key === "toughness");
  const capacity = chipCapacity({ classes, eff, toughness });
  const locked = !input.editable || !input.editMode;

  const suits = SUITS.map((suit) => {
    const secondary = SECONDARY_CARD[suit];
    const chipsHeld = suit === "hearts" ? system.hp.value : system.chips[suit];
    const holds = mayHoldChips(suit, classes);
    return {
      suit,
      symbol: SUIT_SYMBOL[suit],
      labelKey: `ZILCH.Card.${suit}`,
      secondaryKey: `ZILCH.Card.${secondary}`,
      secondary,
      primary: { base: system.suits[suit].primary, effective: eff[suit], path: `system.suits.${suit}.primary` },
      second: { base: system.suits[suit].secondary, effective: eff2[suit], path: `system.suits.${suit}.secondary` },
      race: race$[suit],
      drain: system.suits[suit].drain,
      taint: system.suits[suit].taint,
      drainPath: `system.suits.${suit}.drain`,
      taintPath: `system.suits.${suit}.taint`,
      lowered: eff[suit] < system.suits[suit].primary + race$[suit],
      chips: holds
        ? { hearts: suit === "hearts", value: Math.min(chipsHeld, capacity[suit]), capacity: capacity[suit], track: chipTrack(chipsHeld, capacity[suit]) }
        : null,
    };
  });

  // SK-1, SK-2, SK-3: each skill with its bonus under the world's mode and the card each use reads.
  const mode = input.settings?.skillTalentMode ?? "plusFive";
  const skills = ofType("skill").map((item) => {
    const key = (item.system.key as SkillKey | null | undefined) ?? null;
    const steps = num(item.system.steps, STEPS_PER_SKILL_TALENT);
    const entry = key && key in SKILLS ? (SKILLS[key] as SkillEntry) : null;
    return {
      id: item.id,
      name: item.name,
      img: item.img,
      key,
      steps,
      bonus: steps > 0 ? skillRankBonus(mode, steps) : 0,
      scope: str(item.system.scope),
      free: bool(item.system.free),
      uses: (entry?.uses ?? []).map((u) => ({
        use: u.key,
        useKey: `ZILCH.Item.Use.${u.key}`,
        cards: u.cards.map((ref) => ({ card: cardKeyOf(ref), cardKey: `ZILCH.Card.${cardKeyOf(ref)}` })),
      })),
    };
  });
  const knackViews = knacks.map((item) => ({
    id: item.id,
    name: item.name,
    img: item.img,
    chipSuit: (item.system.chipSuit as string | null) ?? null,
    symbol: item.system.chipSuit ? SUIT_SYMBOL[item.system.chipSuit as Suit] : "",
    chipCost: num(item.system.chipCost),
    triggerKey: `ZILCH.Item.Choice.trigger.${str(item.system.trigger, "passive")}`,
  }));

  // TL-1..TL-4: maximum from inherent values; used counts skills bought with Talents and knacks.
  const talentMax = talentsMax({
    inherentKnowledge: system.suits.diamonds.secondary + race$.diamonds,
    inherentDiamonds: system.suits.diamonds.primary + race$.diamonds,
    formula: input.settings?.talentFormula,
    human: race?.system.key === "human",
    armorTrades: system.talents.armorTrades,
  });
  const boughtSkills = skills.filter((s) => !s.free && s.steps > 0).map((s) => (mode === "plusFive" ? SKILL_BONUS : s.steps));
  let talentsUsed: number;
  try {
    talentsUsed = talentsSpent({ mode, skillBonuses: boughtSkills, knacks: knacks.length });
  } catch {
    // A bonus that does not fit the world's skill mode still costs one Talent per skill.
    talentsUsed = boughtSkills.length + knacks.length;
  }

  // EQ-1, EQ-5, EQ-10, EQ-11: equipment by slot, with the sheet's warnings (never blocking).
  const carriedItems = items.filter((i) => CARRIED_TYPES.has(i.type));
  const usage = slotUsage(carriedItems.map(carriedView).filter((c): c is CarriedItem => c !== null));
  const worn = carriedItems.find((i) => i.type === "armor" && i.system.slot === "armor");
  const held = carriedItems.find((i) => i.type === "shield" && i.system.slot === "hands");
  const armorCategory = (worn?.system.category as ArmorCategory | undefined) ?? "none";
  const shieldKind = (held?.system.kind as ShieldKind | undefined) ?? "none";
  const wornArmor = worn ? { category: armorCategory, reinforced: bool(worn.system.reinforced) } : undefined;
  const load = gearLoad(wornArmor, shieldKind, eff2.clubs);
  const proficiency = { armor: armorProficiency(classes, system.talents.armorTrades), shield: shieldProficiency(classes) };
  const warnings: { key: string; slotKey?: string; limit?: number }[] = [];
  for (const slot of usage.over) warnings.push({ key: "ZILCH.Sheet.Warning.SlotOver", slotKey: `ZILCH.Sheet.Slot.${slot}`, limit: SLOT_LIMITS[slot] });
  if (load !== "none") warnings.push({ key: `ZILCH.Sheet.Warning.Strength.${load}` });
  if (proficiencyHampered(proficiency, armorCategory, shieldKind)) warnings.push({ key: "ZILCH.Sheet.Warning.Proficiency" });
  const itemView = (item: PlainItem) => ({
    id: item.id,
    name: item.name,
    img: item.img,
    type: item.type,
    typeKey: `TYPES.Item.${item.type}`,
    quantity: num(item.system.quantity, 1),
    inUse: item.system.slot === "hands" || item.system.slot === "armor",
    rollable: item.type === "weapon",
  });
  const slotList = (slot: LimitedSlot | "pack") => carriedItems.filter((i) => i.system.slot === slot).map(itemView);
  const equipment = {
    slots: (["hands", "armor", "handy", "pack"] as const).map((slot) => ({
      slot,
      labelKey: `ZILCH.Sheet.Slot.${slot}`,
      used: slot === "pack" ? null : usage.used[slot],
      limit: slot === "pack" ? null : SLOT_LIMITS[slot],
      over: slot !== "pack" && usage.over.includes(slot),
      items: slotList(slot),
    })),
    warnings,
    spells: ofType("spell").map((item) => ({ id: item.id, name: item.name, img: item.img, chipCost: num(item.system.chipCost) })),
  };

  // INJ-7, SW-5: injuries with effect, location and days remaining.
  const injuries = ofType("injury").map((item) => ({
    id: item.id,
    name: item.name,
    img: item.img,
    kindKey: `ZILCH.Item.Choice.kind.${str(item.system.kind, "grievousInjury")}`,
    locationKey: `ZILCH.Item.Choice.location.${str(item.system.location, "chest")}`,
    effectKey: `ZILCH.Item.Choice.effect.${str(item.system.effect, "stun")}`,
    severe: bool(item.system.severe),
    permanent: bool(item.system.permanent),
    days: item.system.healing === "days" && !bool(item.system.permanent) ? num(item.system.daysRemaining) : null,
    healingKey: `ZILCH.Item.Choice.healing.${str(item.system.healing, "days")}`,
  }));

  const hpMax = capacity.hearts;
  const activeTab = input.activeTab ?? "suits";
  return {
    id: input.id,
    name: input.name,
    img: input.img,
    editable: input.editable,
    editMode: input.editMode,
    locked,
    modeKey: input.editMode ? "ZILCH.Sheet.PlayMode" : "ZILCH.Sheet.EditMode",
    race: race ? { id: race.id, name: race.name } : null,
    classes: classes.map((key) => ({ key, labelKey: `ZILCH.Sheet.Class.${key}` })),
    classChoices: CLASSES.map((key) => ({ key, labelKey: `ZILCH.Sheet.Class.${key}`, checked: classes.includes(key) })),
    classProblems: classProblems(classes).map((p) => `ZILCH.Sheet.Warning.${p}`),
    size: system.size,
    sizeKey: `ZILCH.Item.Choice.size.${system.size}`,
    hp: {
      value: Math.min(system.hp.value, hpMax),
      temp: system.hp.temp,
      max: hpMax,
      percent: hpMax > 0 ? Math.round((100 * Math.min(system.hp.value, hpMax)) / hpMax) : 0,
      tempPercent: hpMax > 0 ? Math.round((100 * Math.min(system.hp.temp, hpMax)) / hpMax) : 0,
    },
    dr: wornArmor ? armorDR(wornArmor) : 0,
    boons: system.boons,
    level: system.talents.level,
    suits,
    skills,
    knacks: knackViews,
    talents: { max: talentMax, used: talentsUsed, over: talentsUsed > talentMax },
    equipment,
    injuries,
    combat: input.combat
      ? {
          initiative: input.combat.initiative,
          stanceKey: input.combat.stance ? `ZILCH.Sheet.Stance.${input.combat.stance}` : null,
          domino: input.combat.domino,
          faceDown: input.combat.domino.state === "faceDown",
          revealed: input.combat.domino.state === "revealed",
          pool: input.combat.pool,
        }
      : null,
    defence: eff.spades,
    attack: eff.clubs,
    biography: input.enriched?.biography ?? system.biography,
    notes: input.enriched?.notes ?? system.notes,
    biographyRaw: system.biography,
    notesRaw: system.notes,
    tabs: CHARACTER_TABS.map((id) => ({ id, labelKey: `ZILCH.Sheet.Tab.${id}`, active: id === activeTab, cssClass: id === activeTab ? "active" : "" })),
    activeTab,
  };
}
export type CharacterContext = ReturnType<typeof characterContext>;
