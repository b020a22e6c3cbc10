/**
 * The `npc` actor: a stat block (NPC-1 to NPC-4). Stored shape:
 * ```
 * suits: { clubs | spades | diamonds | hearts: { value: int 0-30, drain: int 0-30, taint: int 0-30 } }
 *                                       (SU-2: one card per suit)
 * chips: { clubs, spades, diamonds: { value: int 0-40, max: int 0-40 } }   (NPC-2: only if granted)
 * hp: { value: int 0-40, temp: int 0-40, max: int 0-40 | null }   (null max: ♥ as NPC-1 default)
 * dr, er: int 0-30                      (EQ-6; natural, stat-block values)
 * size: SIZES, creatureType: string, subtypes: string
 * tier: "enemy" | "foe"                 (NPC-3)
 * fear: FEAR_LEVELS                     (OPT-2: "none" for a creature without a fear ability)
 * cr: number 0-99
 * threat: number 0-99 | null             (measured by `npm run balance`: sample characters it is worth;
 *                                         null until measured, so older creatures read as unmeasured)
 * movement: { walk | climb | swim | fly | burrow: int 0-99 | null }   (null walk: MV-1 from ♠)
 * senses, languages: string
 * attacks: { name, category: WEAPON_CATEGORIES, damageType: DAMAGE_TYPES, reach: 1|2,
 *            brawling: boolean, nature: "natural"|"magical", riders: Rider[],
 *            range: DISTANCES ("engaged": melee), area: { shape: AREA_SHAPES, size: int 0-20 }, notes: string }[]
 * specials: { kind: SPECIAL_KINDS, name, area, damage: int 0-20, damageType, save: suit | null, saveModifier,
 *             recharge: int 0-10, hpPerRound: int 0-20, stoppedBy, radius: int 0-20, effect,
 *             maxSize: SIZES, speed: int 0-99 }[]   (npc-specials.ts: breath, regeneration, aura, swallow, flight)
 * specialAttacks, specialTalents, specialQualities: { name, nature, text }[]   (SA, ST, SQ)
 * description, strategy: html
 * recovery: { rallyUsed: boolean, restsToday: int 0-2 }   (REC-1, REC-2: NPC-2 "like PCs")
 * grit: { value, wounds, adrenaline, unbandaged }   (GW-2, GW-8, GW-9: as the character's)
 * appliedConditions, ongoing                 (CON-5, OD-1: as the character's)
 * ```
 */
import { closeConditions, type ConditionSet } from "../../rules/conditions";
import { poolSize } from "../../rules/countdown/pool";
import { drainedToZero } from "../../rules/drain";
import { lastingConditions, lastingRestrictions, type LastingRestrictions } from "../../rules/lasting";
import { FEAR_LEVELS } from "../../rules/fear";
import { resistances, type WornArmor } from "../../rules/equipment";
import { clampToMax, hpMax, realDamage, type Vitals } from "../../rules/hitPoints";
import { initiativeValue } from "../../rules/initiative";
import { moveRates, type MoveRates } from "../../rules/movement";
import { NPC_TIER_RULES, npcChipCapacity, npcHeartsUndrained } from "../../rules/npc";
import { effectiveValue, perSuit as suitRecord, type CardInputs } from "../../rules/suits";
import { clampChips, type ChipSpendProblem, type ChipUse } from "../../rules/chips";
import type { ChipState } from "../../rules/recovery";
import {
  DAMAGE_TYPES,
  NPC_TIERS,
  SIZES,
  SUITS,
  WEAPON_CATEGORIES,
  type PerSuit,
  type Suit,
} from "../../rules/vocabulary";
import {
  conditionSet,
  gritDerived,
  hpExcess,
  itemsOfType,
  type ChipCounts,
  type GritDerived,
} from "./common";
import { ABILITY_NATURES, BOUNDS, CLASS_SUITS, MOVEMENT_MODES, type ClassSuit } from "../constants";
import {
  actorStateFields,
  choice,
  flag,
  html,
  integer,
  optionalInteger,
  perSuit,
  suitCounters,
  riders,
  text,
  type NoBaseData,
} from "../fields";
import { area, attackRange, specialAbilities } from "./npc-specials";

/** SU-3: the human average, a fair blank stat block. */
const INITIAL_CARD = 6;

function ability() {
  const fields = foundry.data.fields;
  return new fields.ArrayField(
    new fields.SchemaField({ name: text(), nature: choice(ABILITY_NATURES, "natural"), text: text() }),
    { required: true, initial: [] },
  );
}

export function defineNpcSchema() {
  const fields = foundry.data.fields;
  return {
    suits: new fields.SchemaField(
      perSuit(
        () =>
          new fields.SchemaField({
            value: integer(BOUNDS.card, INITIAL_CARD),
            ...suitCounters(),
          }),
      ),
    ),
    chips: new fields.SchemaField(
      Object.fromEntries(
        CLASS_SUITS.map((suit) => [
          suit,
          new fields.SchemaField({ value: integer(BOUNDS.chips, 0), max: integer(BOUNDS.chips, 0) }),
        ]),
      ) as Record<
        (typeof CLASS_SUITS)[number],
        foundry.data.fields.SchemaField<{
          value: ReturnType<typeof integer>;
          max: ReturnType<typeof integer>;
        }>
      >,
    ),
    hp: new fields.SchemaField({
      value: integer(BOUNDS.chips, INITIAL_CARD),
      temp: integer(BOUNDS.chips, 0),
      max: optionalInteger(BOUNDS.chips),
    }),
    dr: integer(BOUNDS.resistance, 0),
    er: integer(BOUNDS.resistance, 0),
    size: choice(SIZES, "medium"),
    creatureType: text(),
    subtypes: text(),
    tier: choice(NPC_TIERS, "enemy"),
    fear: choice(FEAR_LEVELS, "none"),
    cr: new fields.NumberField({ required: true, nullable: false, min: 0, max: 99, initial: 1 }),
    threat: new fields.NumberField({ required: true, nullable: true, min: 0, max: 99, initial: null }),
    movement: new fields.SchemaField(
      Object.fromEntries(
        MOVEMENT_MODES.map((mode) => [mode, optionalInteger({ min: 0, max: 99 })]),
      ) as Record<(typeof MOVEMENT_MODES)[number], ReturnType<typeof optionalInteger>>,
    ),
    senses: text(),
    languages: text(),
    attacks: new fields.ArrayField(
      new fields.SchemaField({
        name: text(),
        category: choice(WEAPON_CATEGORIES, "light"),
        damageType: choice(DAMAGE_TYPES, "physical"),
        reach: integer({ min: 1, max: 2 }, 1),
        brawling: flag(),
        // DMG-5: existing rows read false, the plain damage they always dealt.
        tainted: flag(),
        nature: choice(ABILITY_NATURES, "natural"),
        riders: riders(),
        range: attackRange(),
        area: area(),
        notes: text(),
      }),
      { required: true, initial: [] },
    ),
    specialAttacks: ability(),
    specialTalents: ability(),
    specialQualities: ability(),
    specials: specialAbilities(),
    description: html(),
    strategy: html(),
    ...actorStateFields(),
  };
}
export type NpcSchema = ReturnType<typeof defineNpcSchema>;

type Init = foundry.data.fields.SchemaField.InitializedData<NpcSchema>;

export type NpcDerived = {
  /** SU-4 per suit; `mod` starts at 0 for active effects. An NPC's eff2 is its eff (SU-2). */
  suits: { [S in Suit]: Init["suits"][S] & { mod: number; eff: number; eff2: number } };
  hp: Init["hp"] & { real: number };
  /** GW-1, GW-7: the Grit track (§23: a Foe's, when `gritWounds` is on; an Enemy keeps HP). */
  grit: Init["grit"] & GritDerived;
  /** EQ-6: the stat block's DR plus worn armour. */
  armorDR: number;
  conditions: ConditionSet;
  /** CON-4: what drain and lasting harm impose, closed, without the statuses (derived-conditions.ts). */
  imposedConditions: ConditionSet;
  burn: number;
  /** INJ-7, INJ-8, SW-7: the Charge, running and hands the creature's injuries take away. */
  lasting: LastingRestrictions;
  initiative: number;
  countdownPool: number;
  /** MV-1 (a stat block's walk speed replaces `move`). */
  move: MoveRates;
};

export class NpcData extends foundry.abstract.TypeDataModel<
  NpcSchema,
  Actor.Implementation,
  NoBaseData,
  NpcDerived
> {
  static override defineSchema(): NpcSchema {
    return defineNpcSchema();
  }

  override prepareBaseData(): void {
    for (const suit of SUITS) this.suits[suit].mod = 0;
  }

  /** SU-2, SU-4: one card per suit. */
  cardInputs(): CardInputs {
    return {
      primary: suitRecord((s) => this.suits[s].value),
      mods: suitRecord((s) => this.suits[s].mod),
      drain: suitRecord((s) => this.suits[s].drain),
    };
  }

  /** NPC-1, HP-1: the vitals; an hp override stands in for ♥ (drain still lowers it). */
  vitals(): Vitals {
    return {
      heartsUndrained: npcHeartsUndrained(
        effectiveValue({ ...this.cardInputs(), drain: {} }, "hearts"),
        this._source.hp.max,
      ),
      heartsBonus: 0,
      value: this._source.hp.value,
      temp: this._source.hp.temp,
      drain: suitRecord((s) => this.suits[s].drain),
      taint: suitRecord((s) => this.suits[s].taint),
    };
  }

  override prepareDerivedData(): void {
    const cards = this.cardInputs();
    for (const suit of SUITS) {
      const eff = effectiveValue(cards, suit);
      this.suits[suit].eff = eff;
      this.suits[suit].eff2 = eff;
    }
    const eff: PerSuit<number> = suitRecord((s) => this.suits[s].eff);

    // NPC-2: chips only where an ability grants a maximum.
    const capacity = npcChipCapacity({
      clubs: this.chips.clubs.max,
      spades: this.chips.spades.max,
      diamonds: this.chips.diamonds.max,
    });
    const chips = clampChips(
      {
        clubs: this.chips.clubs.value,
        spades: this.chips.spades.value,
        diamonds: this.chips.diamonds.value,
        hearts: 0,
      },
      capacity,
    );
    this.chips.clubs.value = chips.clubs;
    this.chips.spades.value = chips.spades;
    this.chips.diamonds.value = chips.diamonds;

    const vitals = clampToMax(this.vitals());
    this.hp.value = vitals.value;
    this.hp.temp = vitals.temp;
    this.hp.max = hpMax(vitals);
    this.hp.real = realDamage(vitals);
    Object.assign(this.grit, gritDerived(eff.hearts, NPC_TIER_RULES[this.tier].gritWounds));

    const armorItem = itemsOfType(this.parent, "armor").find((a) => a.system.slot === "armor");
    const armor: WornArmor | undefined = armorItem
      ? { category: armorItem.system.category, reinforced: armorItem.system.reinforced }
      : undefined;
    const { dr } = resistances({
      naturalDR: this.dr,
      armor,
      drModifiers: armorItem ? [armorItem.system.drBonus] : [],
    });
    this.armorDR = dr;

    // DRN-4, and INJ-7 / SW-7: what injuries and wounds impose while they last (CON-4).
    const injuries = itemsOfType(this.parent, "injury").map((i) => i.system);
    const imposed = [...drainedToZero(eff), ...lastingConditions(injuries)];
    this.conditions = conditionSet(this.parent, imposed);
    this.imposedConditions = closeConditions(imposed);
    const slowed = this.conditions.has("slowed");
    this.lasting = lastingRestrictions(injuries);
    this.burn = itemsOfType(this.parent, "injury").reduce((sum, i) => sum + i.system.burn, 0);
    this.initiative = initiativeValue({ spades: eff.spades, slowed, burn: this.burn });
    this.countdownPool = poolSize({ spades: eff.spades, slowed });
    const rates = moveRates({
      spades: eff.spades,
      slowed,
      anchored: this.conditions.has("anchored"),
      prone: this.conditions.has("prone"),
      noRunOrSprint: this.lasting.noRunOrSprint,
    });
    // NPC-1: a stat block's walking speed replaces MV-1's when it is given.
    this.move = this.movement.walk === null ? rates : { ...rates, move: this.movement.walk };
  }

  /** CH-2, NPC-2: chips and capacity as spending and recovery read them (only granted chips). */
  chipState(): ChipState {
    return {
      classes: [],
      chips: suitRecord((s) => (s === "hearts" ? 0 : this.chips[s].value)),
      capacity: suitRecord((s) => (s === "hearts" ? 0 : this.chips[s].max)),
    };
  }

  /** TL-6: an NPC holds no Boon tokens, so it never spends one. */
  spendBoon(): Promise<"noBoon" | null> {
    return Promise.resolve("noBoon");
  }

  /** NPC-2: an NPC spends only chips an ability granted it, on any use; ♥ chips are HP. */
  chipSpendProblem(suit: Suit, amount: number, _use: ChipUse): ChipSpendProblem | null {
    if (suit === "hearts") return "heartsNeverSpent";
    if (!Number.isInteger(amount) || amount < 0) return "notWholeNumber";
    return amount > this.chips[suit].value ? "notEnoughChips" : null;
  }

  /** The source change that sets the given suits' chips (the model clamps them to `max`, NPC-2). */
  chipsChange(chips: ChipCounts): { chips: Partial<Record<ClassSuit, { value: number }>> } {
    const change: Partial<Record<ClassSuit, { value: number }>> = {};
    for (const suit of CLASS_SUITS) {
      const value = chips[suit];
      if (value !== undefined) change[suit] = { value };
    }
    return { chips: change };
  }

  /** EQ-6: the stat block's DR (with worn armour) or ER. */
  resistance(kind: "dr" | "er"): number {
    return kind === "dr" ? this.armorDR : this.er;
  }

  /** CH-2, DRN-1: the source change that drops chips and HP above their maximum, or null. */
  excessRemoval(): {
    chips?: Partial<Record<ClassSuit, { value: number }>>;
    hp?: { value?: number; temp?: number };
  } | null {
    const chips: ChipCounts = {};
    for (const suit of CLASS_SUITS) {
      // NPC-2: the granted maximum is the capacity (npcChipCapacity).
      const capacity = Math.max(0, this.chips[suit].max);
      if (this._source.chips[suit].value > capacity) chips[suit] = capacity;
    }
    const hp = hpExcess(this._source.hp, hpMax(this.vitals()));
    if (!hp && !Object.keys(chips).length) return null;
    return { ...(Object.keys(chips).length ? this.chipsChange(chips) : {}), ...(hp ? { hp } : {}) };
  }
}
