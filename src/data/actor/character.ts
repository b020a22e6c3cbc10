/**
 * The `character` actor: a player character (SU, CH, CL, TL, HP, DRN). Stored shape:
 * ```
 * suits: { clubs | spades | diamonds | hearts: {
 *   primary: int 0-30, secondary: int 0-30   (SU-1, SU-3: base values before race, effects and drain)
 *   drain: int 0-30, taint: int 0-30         (DRN-1, DRN-5)
 * } }
 * chips: { clubs, spades, diamonds: int 0-40 }   (CH-1 class chips; ♥ chips are `hp`)
 * hp: { value: int 0-40, temp: int 0-40 }        (HP-1; the maximum is derived)
 * classes: Set<CLASSES>                          (CL-1; CL-3 at most one Spellcaster type)
 * size: SIZES                                    (SZ-1; set from the race when one is dropped)
 * boons: int 0-30                                (TL-6 tokens)
 * talents: { level: int 1-20, armorTrades: int 0-3 }   (TL-5 slow start, TL-4 trades)
 * encumbrance: "normal" | "exceptional" | "barelyLift"  (EQ-12 GM toggle)
 * recovery: { rallyUsed: boolean, restsToday: int 0-2 }   (REC-1, REC-2)
 * grit: { value: int 0-99, wounds, adrenaline, unbandaged: int 0-30 }   (GW-2, GW-8, GW-9)
 * appliedConditions: { condition: CONDITIONS, source: string, duration: DURATIONS, count: int 0-99 }[]
 *                                                (CON-5; the statuses themselves are active effects)
 * ongoing: { rating, suit, modifier, tag: ONGOING_TAGS, origin: LOCATIONS | null }[]   (OD-1)
 * biography, notes: html
 * started: boolean                               (GEN-4: play has started; false only for a character
 *                                                created blank, until the guide's "Ready to play")
 * ```
 * Race, skills, knacks, equipment, injuries and spells are embedded items.
 */
import {
  chipCapacity,
  chipSpendProblem,
  clampChips,
  TOUGHNESS_HEARTS_BONUS,
  type ChipSpendProblem,
  type ChipUse,
} from "../../rules/chips";
import {
  armorProficiency,
  classProblems,
  maxArmorTrades,
  shieldProficiency,
  type ClassProblem,
} from "../../rules/classes";
import { closeConditions, type ConditionSet } from "../../rules/conditions";
import { drainedToZero } from "../../rules/drain";
import {
  lastingConditions,
  lastingRestrictions,
  shieldStillHeld,
  type LastingRestrictions,
  type LastingSource,
} from "../../rules/lasting";
import {
  gearConditions,
  gearLoad,
  gearStrengthRequirement,
  proficiencyHampered,
  resistances,
  slotUsage,
  swimModifier,
  weaponStrengthModifier,
  weaponStrengthRequirement,
  type GearLoad,
  type LimitedSlot,
  type WornArmor,
} from "../../rules/equipment";
import { clampToMax, hpMax, realDamage, type Vitals } from "../../rules/hitPoints";
import { initiativeValue } from "../../rules/initiative";
import { moveRates, type MoveRates } from "../../rules/movement";
import { poolSize } from "../../rules/countdown/pool";
import type { ChipState } from "../../rules/recovery";
import { SKILL_TALENT_MODES } from "../../rules/skills";
import {
  cardForUse,
  effectiveValue,
  inherentValue,
  perSuit as suitRecord,
  type CardInputs,
} from "../../rules/suits";
import { boonsMax, slowStartAllowance, TALENT_FORMULAS, talentsMax, talentsSpent } from "../../rules/talents";
import {
  CLASSES,
  SUITS,
  type ArmorCategory,
  type ClassKey,
  type Condition,
  type PerSuit,
  type ShieldKind,
  type Suit,
} from "../../rules/vocabulary";
import { CLASS_SUITS, type ClassSuit } from "../constants";
import type { NoBaseData } from "../fields";
import { worldChoice, worldSetting } from "../world";
import {
  conditionSet,
  gritDerived,
  handsHeld,
  hpExcess,
  itemsOfType,
  type ChipCounts,
  type GritDerived,
  type OwnedItem,
} from "./common";
import { migrateCharacter } from "../migrations";
import { defineCharacterSchema, type CharacterSchema } from "./character-schema";
import { classChipBars } from "./token-bars";

type Init = foundry.data.fields.SchemaField.InitializedData<CharacterSchema>;

/** SU-4 to SU-6 per suit, and CH-2 capacity. `mod`/`secondaryMod` start at 0 for active effects. */
export type SuitDerived = {
  /** SU-4 "mods": set to 0 in prepareBaseData; active effects add to them. */
  mod: number;
  /** SU-4: a "secondary only" effect. */
  secondaryMod: number;
  /** RA-1: the race's modifier to both cards. */
  race: number;
  /** SU-4: eff(S) and eff2(S). */
  eff: number;
  eff2: number;
  /** SU-6: inherent(S) and inherent2(S). */
  inherent: number;
  inherent2: number;
  /** CH-2: chip capacity (♥: the HP maximum). */
  capacity: number;
};

/** EQ-4: the Strength requirement and attack modifier of one weapon, per way of using it. */
export type WeaponStrength = {
  melee: { requirement: number; modifier: number } | null;
  ranged: { requirement: number; modifier: number } | null;
};

/** Why the sheet warns (never blocks): ZILCH.Warning.<key> keys. */
export type CharacterWarning =
  | ClassProblem
  | "armorProficiency"
  | "shieldProficiency"
  | "tooManyArmorTrades"
  | "tooManyTalents"
  | "raceSuitNotChosen"
  | `slots.${LimitedSlot}`;

export type CharacterDerived = {
  suits: { [S in Suit]: Init["suits"][S] & SuitDerived };
  chips: Init["chips"];
  /** CH-1, CH-2: each class suit's chips out of its capacity, as a token bar reads them. */
  classChips: Record<ClassSuit, { value: number; max: number }>;
  hp: Init["hp"] & { max: number; real: number };
  /** GW-1, GW-7: the Grit track with its die and wound limit (§23, when `gritWounds` is on). */
  grit: Init["grit"] & GritDerived;
  /** EQ-6. */
  dr: number;
  er: number;
  /** CL-2, TL-4: proficiency after trades. */
  proficiency: { armor: ArmorCategory; shield: ShieldKind };
  /** EQ-1, EQ-4, EQ-5, EQ-7, EQ-10, EQ-11. */
  equipment: {
    armor: WornArmor | null;
    shield: ShieldKind;
    strengthRequirement: number;
    load: GearLoad;
    proficiencyHampered: boolean;
    slots: { used: Record<LimitedSlot, number>; over: LimitedSlot[] };
    weapons: Record<string, WeaponStrength>;
    /** EQ-13: what worn armour and the shield in use take off a swimming test (0 or less). */
    swimPenalty: number;
    /** EQ-8 with INJ-7 / SW-7: the shield in use still has a usable arm (else it adds no defence). */
    shieldHeld: boolean;
  };
  /** TL-1 to TL-6. */
  talents: Init["talents"] & { max: number; spent: number; allowance: number; boonsMax: number };
  /** CON-4: the closed set of active conditions every rule reads. */
  conditions: ConditionSet;
  /** CON-4: what gear, drain and lasting harm impose, closed, without the statuses (derived-conditions.ts). */
  imposedConditions: ConditionSet;
  /** INJ-7: Burn points from active injuries. */
  burn: number;
  /** INJ-7, INJ-8, SW-7: the Charge, running and hands the creature's injuries take away. */
  lasting: LastingRestrictions;
  /** INI-2 without the INI-3 random part (rolled by the combat). */
  initiative: number;
  /** CD-2 pool size before the CD-3 bounds and GM modifiers. */
  countdownPool: number;
  /** MV-1. */
  move: MoveRates;
  warnings: CharacterWarning[];
};

export class CharacterData extends foundry.abstract.TypeDataModel<
  CharacterSchema,
  Actor.Implementation,
  NoBaseData,
  CharacterDerived
> {
  static override defineSchema(): CharacterSchema {
    return defineCharacterSchema();
  }

  /** Upgrades older sources (src/data/migrations.ts). */
  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateCharacter(source));
  }

  /** CL-3: a character takes each class once, and at most one Spellcaster type. */
  static override validateJoint(data: Record<string, unknown>): void {
    const classes = [...((data.classes as Iterable<ClassKey> | undefined) ?? [])];
    const problems = classProblems(classes);
    if (problems.length) throw new Error(`CL-3: ${problems.join(", ")}`);
  }

  /** The classes in a stable order (a Set keeps insertion order, the sheet lists them so). */
  get classList(): ClassKey[] {
    return CLASSES.filter((c) => this.classes.has(c));
  }

  override prepareBaseData(): void {
    for (const suit of SUITS) {
      this.suits[suit].mod = 0;
      this.suits[suit].secondaryMod = 0;
    }
  }

  /** SU-4: the card inputs of this character (race from its race item, mods from active effects). */
  cardInputs(): CardInputs {
    const race = itemsOfType(this.parent, "race")[0]?.system;
    return {
      primary: suitRecord((s) => this.suits[s].primary),
      secondary: suitRecord((s) => this.suits[s].secondary),
      // RA-1, RA-2: the race item's stored modifiers, plus its bonus on the chosen suit.
      race: suitRecord((s) =>
        race ? race.modifiers[s] + (race.chosenSuit === s ? race.choiceBonus : 0) : 0,
      ),
      mods: suitRecord((s) => this.suits[s].mod),
      secondaryMods: suitRecord((s) => this.suits[s].secondaryMod),
      drain: suitRecord((s) => this.suits[s].drain),
    };
  }

  /** HP-1, DRN-1: the vitals the hit-point rules work on, from the prepared cards. */
  vitals(): Vitals {
    const cards = this.cardInputs();
    return {
      heartsUndrained: effectiveValue({ ...cards, drain: {} }, "hearts"),
      heartsBonus: this.hasKnack("toughness") ? TOUGHNESS_HEARTS_BONUS : 0,
      value: this._source.hp.value,
      temp: this._source.hp.temp,
      drain: suitRecord((s) => this.suits[s].drain),
      taint: suitRecord((s) => this.suits[s].taint),
    };
  }

  hasKnack(key: string): boolean {
    return itemsOfType(this.parent, "knack").some((k) => k.system.key === key);
  }

  override prepareDerivedData(): void {
    const warnings: CharacterWarning[] = [];
    const classes = this.classList;
    warnings.push(...classProblems(classes));
    const cards = this.cardInputs();
    const race = itemsOfType(this.parent, "race")[0]?.system;
    if (race && race.choiceBonus !== 0 && !race.chosenSuit) warnings.push("raceSuitNotChosen");

    for (const suit of SUITS) {
      const data = this.suits[suit];
      data.race = cards.race?.[suit] ?? 0;
      data.eff = effectiveValue(cards, suit, "primary");
      data.eff2 = effectiveValue(cards, suit, "secondary");
      data.inherent = inherentValue(cards, suit, "primary");
      data.inherent2 = inherentValue(cards, suit, "secondary");
    }
    const eff: PerSuit<number> = suitRecord((s) => this.suits[s].eff);

    // CH-2: capacities; chips above them are shown clamped here and removed from the source by the
    // document (ZilchActor), because the excess must not return when capacity rises again.
    const capacity = chipCapacity({ classes, eff, toughness: this.hasKnack("toughness") });
    for (const suit of SUITS) this.suits[suit].capacity = capacity[suit];
    const chips = clampChips(
      suitRecord((s) => (s === "hearts" ? 0 : this.chips[s as (typeof CLASS_SUITS)[number]])),
      capacity,
    );
    for (const suit of CLASS_SUITS) this.chips[suit] = chips[suit];
    this.classChips = classChipBars(chips, capacity);

    // HP-1, DRN-1.
    const vitals = clampToMax(this.vitals());
    this.hp.value = vitals.value;
    this.hp.temp = vitals.temp;
    this.hp.max = hpMax(vitals);
    this.hp.real = realDamage(vitals);
    Object.assign(this.grit, gritDerived(eff.hearts, true));

    // CL-2, TL-4.
    const trades = Math.min(this.talents.armorTrades, maxArmorTrades(classes));
    if (trades < this.talents.armorTrades) warnings.push("tooManyArmorTrades");
    this.proficiency = { armor: armorProficiency(classes, trades), shield: shieldProficiency(classes) };

    // INJ-7, INJ-8, SW-7: what injuries and wounds take away while they last (the equipment reads the hands).
    const injuries = itemsOfType(this.parent, "injury").map((i) => i.system);
    this.lasting = lastingRestrictions(injuries);
    this.prepareEquipment(warnings);

    this.prepareConditions(eff, injuries);
    const slowed = this.conditions.has("slowed");

    this.burn = itemsOfType(this.parent, "injury").reduce((sum, i) => sum + i.system.burn, 0);
    this.initiative = initiativeValue({
      spades: eff.spades,
      slowed,
      alert: this.hasKnack("alert"),
      burn: this.burn,
    });
    this.countdownPool = poolSize({ spades: eff.spades, slowed });
    this.move = moveRates({
      spades: eff.spades,
      slowed,
      anchored: this.conditions.has("anchored"),
      prone: this.conditions.has("prone"),
      noRunOrSprint: this.lasting.noRunOrSprint,
    });

    this.prepareTalents(warnings);
    this.warnings = warnings;
  }

  /**
   * Conditions: applied statuses, what gear, drain and lasting injuries impose (EQ-10 to EQ-12, DRN-4,
   * INJ-7, SW-7), closed (CON-4); and what is imposed alone, which the round compares after a change.
   */
  private prepareConditions(eff: PerSuit<number>, injuries: readonly LastingSource[]): void {
    const imposed: Condition[] = [
      ...gearConditions({
        load: this.equipment.load,
        proficiencyHampered: this.equipment.proficiencyHampered,
        encumbrance: this.encumbrance,
      }),
      ...drainedToZero(eff),
      ...lastingConditions(injuries),
    ];
    this.conditions = conditionSet(this.parent, imposed);
    this.imposedConditions = closeConditions(imposed);
  }

  /** EQ-1, EQ-4 to EQ-11: what is worn and carried, and what it costs. */
  private prepareEquipment(warnings: CharacterWarning[]): void {
    const armorItem = itemsOfType(this.parent, "armor").find((a) => a.system.slot === "armor");
    const armor: WornArmor | null = armorItem
      ? { category: armorItem.system.category, reinforced: armorItem.system.reinforced }
      : null;
    // EQ-1, EQ-8: a shield is in use in a hand, or strapped (a buckler) from a handy slot.
    const shieldItem = itemsOfType(this.parent, "shield").find(
      (s) =>
        s.system.slot === "hands" ||
        (s.system.slot === "handy" && s.system.strapped && s.system.kind === "buckler"),
    );
    const shield: ShieldKind = shieldItem?.system.kind ?? "none";
    // SU-5: Strength requirements read eff2(♣).
    const strength = cardForUse("strengthRequirement", this.suits);

    const { dr, er } = resistances({
      armor: armor ?? undefined,
      drModifiers: armorItem ? [armorItem.system.drBonus] : [],
    });
    this.dr = dr;
    this.er = er;

    const hampered = proficiencyHampered(this.proficiency, armor?.category ?? "none", shield);
    if (armor && proficiencyHampered(this.proficiency, armor.category, "none"))
      warnings.push("armorProficiency");
    if (proficiencyHampered(this.proficiency, "none", shield)) warnings.push("shieldProficiency");

    const carried = [
      ...itemsOfType(this.parent, "weapon").map((w) => ({
        slot: w.system.slot,
        hands: w.system.handsNeeded,
      })),
      ...itemsOfType(this.parent, "armor").map((a) => ({
        slot: a.system.slot,
        reinforced: a.system.reinforced,
      })),
      ...itemsOfType(this.parent, "shield").map((s) => ({ slot: s.system.slot })),
      ...itemsOfType(this.parent, "gear").map((g) => ({
        slot: g.system.slot,
        hands: (g.system.hands === 2 ? 2 : 1) as 1 | 2,
      })),
    ];
    const slots = slotUsage(carried);
    for (const slot of slots.over) warnings.push(`slots.${slot}`);

    const weapons: Record<string, WeaponStrength> = {};
    for (const weapon of itemsOfType(this.parent, "weapon")) {
      if (!weapon.id) continue;
      weapons[weapon.id] = weaponStrength(weapon, strength);
    }

    this.equipment = {
      armor,
      shield,
      strengthRequirement: gearStrengthRequirement(armor ?? undefined, shield),
      load: gearLoad(armor ?? undefined, shield, strength),
      proficiencyHampered: hampered,
      slots,
      weapons,
      swimPenalty: swimModifier(armor ?? undefined, shield),
      shieldHeld: shieldStillHeld({
        unusableHands: this.lasting.unusableHands.length,
        otherHandsHeld: handsHeld(this.parent),
        strapped: shieldItem?.system.slot === "handy",
      }),
    };
  }

  /** TL-1 to TL-6: the Talent maximum from inherent values, what has been spent, and Boons. */
  private prepareTalents(warnings: CharacterWarning[]): void {
    const race = itemsOfType(this.parent, "race")[0]?.system;
    const formula = worldChoice("talentFormula", TALENT_FORMULAS, "secondaryDiamonds");
    const mode = worldChoice("skillTalentMode", SKILL_TALENT_MODES, "plusFive");
    const trades = Math.min(this.talents.armorTrades, maxArmorTrades(this.classList));
    // RA-2: the race item says how many extra Talents it gives (Human 1).
    const max =
      talentsMax({
        inherentKnowledge: this.suits.diamonds.inherent2,
        inherentDiamonds: this.suits.diamonds.inherent,
        formula,
        armorTrades: trades,
      }) + (race?.extraTalents ?? 0);
    // RA-3: race-granted skills are free; SK-2: a fivePlusOnes skill with no steps is not taken.
    const skillBonuses = itemsOfType(this.parent, "skill")
      .filter((s) => !s.system.free && s.system.bonus > 0)
      .map((s) => s.system.bonus);
    const spent = talentsSpent({ mode, skillBonuses, knacks: itemsOfType(this.parent, "knack").length });
    const slowStart = worldSetting("slowStart") === true;
    const allowance = slowStart ? slowStartAllowance(max, this.talents.level) : max;
    if (spent > allowance) warnings.push("tooManyTalents");
    this.talents.max = max;
    this.talents.spent = spent;
    this.talents.allowance = allowance;
    this.talents.boonsMax = slowStart ? boonsMax(max, spent) : 0;
  }

  /**
   * TL-6: spend one Boon ("noBoon": none held); the caller adds the +2 and keeps one per action. It
   * writes through the actor (`this.parent`), as Draw Steel's model `takeDamage` does (base-actor.mjs).
   */
  async spendBoon(): Promise<"noBoon" | null> {
    if (!(this.boons >= 1)) return "noBoon";
    await this.parent.update({ system: { boons: this.boons - 1 } });
    return null;
  }

  /** CH-2: chips and capacity as spending and recovery read them (♥ chips are HP, never spent). */
  chipState(): ChipState {
    return {
      classes: this.classList,
      chips: suitRecord((s) => (s === "hearts" ? 0 : this.chips[s])),
      capacity: suitRecord((s) => this.suits[s].capacity),
    };
  }

  /** CH-3 to CH-5, CH-7: why `amount` chips of `suit` cannot go to `use`, or null. */
  chipSpendProblem(suit: Suit, amount: number, use: ChipUse): ChipSpendProblem | null {
    const available = suit === "hearts" ? 0 : this.chips[suit];
    return chipSpendProblem({ classes: this.classList, suit, amount, available, use });
  }

  /** The source change that sets the given class suits' chips (the model clamps them, CH-2). */
  chipsChange(chips: ChipCounts): { chips: ChipCounts } {
    return { chips: { ...chips } };
  }

  /** EQ-6: the character's DR or ER as prepared. */
  resistance(kind: "dr" | "er"): number {
    return this[kind];
  }

  /**
   * CH-2, DRN-1: the source change that drops chips and HP above their (new) maximum, or null when
   * nothing is in excess. The document applies it so the excess is lost, not just hidden.
   */
  excessRemoval(): { chips?: ChipCounts; hp?: { value?: number; temp?: number } } | null {
    const chips: ChipCounts = {};
    for (const suit of CLASS_SUITS)
      if (this._source.chips[suit] > this.suits[suit].capacity) chips[suit] = this.suits[suit].capacity;
    const hp = hpExcess(this._source.hp, this.hp.max);
    if (!hp && !Object.keys(chips).length) return null;
    return { ...(Object.keys(chips).length ? { chips } : {}), ...(hp ? { hp } : {}) };
  }
}

/** EQ-4: a weapon's requirement and modifier for each way it can be used. */
export function weaponStrength(weapon: OwnedItem<"weapon">, strength: number): WeaponStrength {
  const { category, modes, reload } = weapon.system;
  const use = (ranged: boolean) => {
    const spec = { category, ranged, winch: ranged && reload === "winch" };
    return { requirement: weaponStrengthRequirement(spec), modifier: weaponStrengthModifier(spec, strength) };
  };
  return {
    melee: modes.melee ? use(false) : null,
    ranged: modes.thrown || modes.launcher ? use(true) : null,
  };
}
