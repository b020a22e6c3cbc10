/**
 * The attack card as a pure state machine (AT-5, CH-7, DMG, HP-2, SW, INJ): what one attack's chat
 * message stores in `flags.zilch.attack`, which step it is at, who may advance it, and how each action
 * moves it on. Dice results come in as action data (the active GM's client rolls them with Foundry
 * `Roll`), and effects on actors are done by the caller (src/applications/combat/attack-flow.ts), so the
 * tests drive whole attacks here without Foundry.
 *
 * Secrets (DOM-4): the state holds the defender's pips only once its domino is revealed; a defender
 * whose domino stays face-down (a Defenseless target, AT-4) contributes no pips and no domino.
 */
import {
  DEFENSELESS_FIXED,
  resolveAttack,
  type DefenselessMovement,
  type AttackMode,
  type AttackResult,
  type AttackerSide,
  type DefenderSide,
} from "../attack";
import { damageOutcome, resolveDamage, type DamageResult, type Rider } from "../damage";
import {
  createInjury,
  injuryEffect,
  injuryLocation,
  injuryTrigger,
  isLegalShift,
  type GrievousInjury,
  type InjuryCell,
  type InjuryLocationResult,
  type InjuryTriggerResult,
  type LastingModifier,
  type LastingModifiers,
  type RollUse,
} from "../injuries";
import { injuryCellFromResult } from "../injury-tables";
import {
  MARGIN_EFFECTS,
  marginChoiceProblem,
  marginDamage,
  type MarginDuration,
  type MarginSpecial,
} from "../options";
import {
  escapeRoll,
  grappleAfter,
  specialAttackOutcome,
  SPECIAL_CONTEST_SUITS,
  startGrapple,
  type Grapple,
  type SpecialAttackKind,
  type SpecialOutcome,
} from "../special";
import {
  followUpAllowed,
  massiveDamage,
  REACTION_GRIT_COST,
  reactionDefenceBonus,
  woundLimit,
  type GritHitResult,
} from "../grit";
import {
  contest,
  degreeOfSuccess,
  isSuccess,
  POSSIBLE_ROLLS,
  saveSucceeds,
  type ContestSide,
} from "../tests";
import { knockOut, missileLocation, woundApplies, woundCheck, type WoundCheck } from "../wounds";
import { naturalAttack, naturalAttackSpeed } from "../npc";
import { DEFAULT_REACH, LONG_REACH } from "../equipment";
import { CAST_RULES, SPELL_DAMAGE_TYPE } from "../magic";
import type {
  AimingPoint,
  Condition,
  DamageType,
  DegreeOfSuccess,
  InjuryEffect,
  Location,
  Size,
  SpecificWound,
  Suit,
  WeaponCategory,
} from "../vocabulary";

/** NPC-1: one attack row of an NPC's stat block, as the npc model stores it in `system.attacks`. */
export interface StatBlockAttack {
  readonly name: string;
  readonly category: WeaponCategory;
  readonly damageType: DamageType;
  readonly reach: number;
  readonly riders?: readonly Rider[];
  /** EQ-3, SW-4: a row the GM marked as an unarmed strike (a brawler's fists, not claws or teeth). */
  readonly brawling?: boolean;
}

/** A natural attack's weapon facts: what the declaration, EQ-4's shortfall and the CD-7 speed read. */
export interface NaturalWeapon {
  readonly name: string;
  readonly category: WeaponCategory;
  readonly weaponValue: number;
  readonly damageType: DamageType;
  readonly reach: number;
  readonly riders: readonly Rider[];
  /** NPC-4: armed (false) unless the row is flagged as an unarmed strike (SW-4); then temporary too. */
  readonly brawling: boolean;
  readonly temporary: boolean;
  readonly speed: number;
}

/**
 * NPC-1, AT-1: the stat-block attack a declaration names by index, or null when the attacker has no
 * attack there; the GM's client refuses a declaration whose index does not name one.
 */
export function statBlockAttackAt<T>(attacks: readonly T[] | null | undefined, index: unknown): T | null {
  if (!attacks || typeof index !== "number" || !Number.isInteger(index)) return null;
  return index >= 0 && index < attacks.length ? attacks[index] : null;
}

/** NPC-4, EQ-2, CD-7: a stat-block attack as a weapon: armed, damage and speed from its category. */
export function naturalWeapon(row: StatBlockAttack): NaturalWeapon {
  const natural = naturalAttack(row.category);
  return {
    name: row.name,
    category: natural.category,
    weaponValue: natural.damage,
    damageType: row.damageType,
    reach: row.reach,
    riders: row.riders ?? [],
    // NPC-4 makes natural weapons armed; a row the GM flags as brawling is an unarmed strike instead,
    // with the brawling wound chart and temporary damage (EQ-3, SW-4, HP-3).
    brawling: row.brawling === true ? true : natural.brawling,
    temporary: row.brawling === true,
    speed: naturalAttackSpeed(natural.category),
  };
}

/** RNG-3: the cover a declaration may name, and its defence bonus; total cover forbids the attack (AT-1). */
export const COVER_CHOICES = { none: 0, light: 1, half: 2, heavy: 4, total: null } as const;
export type CoverChoice = keyof typeof COVER_CHOICES;

/** RNG-3, AT-1: a cover choice as the defence bonus and whether it makes the attack illegal. */
export function coverOf(choice: string): { cover: number; total: boolean } {
  if (!(choice in COVER_CHOICES)) return { cover: 0, total: false };
  const bonus = COVER_CHOICES[choice as CoverChoice];
  return bonus === null ? { cover: 0, total: true } : { cover: bonus, total: false };
}

/**
 * AT-4 detailed rule: the fixed value's row when nobody has said how the target moved: 0 for a
 * Paralysed, Helpless or Unconscious target, otherwise "able to move, has not moved" [design default].
 */
export function defenselessFixed(conditions: Iterable<Condition>, movement?: DefenselessMovement): number {
  const held = new Set(conditions);
  if (held.has("paralysed") || held.has("helpless") || held.has("unconscious"))
    return DEFENSELESS_FIXED.immobile;
  return DEFENSELESS_FIXED[movement ?? "still"];
}

/** AT-5 windows after the declaration, then the hit's consequences in SW-5 order. */
export const ATTACK_STEPS = [
  "attacker", // AT-5 step 4: Fighter chips and Boon
  "defender", // AT-5 step 5: Rogue chips and Boon
  "margin", // OPT-1: the attacker buys special results with the margin bonus
  "special", // SP-1: a Special Attack's contest instead of damage
  "damage", // DMG-1: 1dF (and the SW-3 missile location)
  "apply", // HP-2 and riders, by the GM
  "wound", // SW-5: the target's ♥ save (none for Enemies)
  "injuryLocation", // INJ-2 steps 1-2: 4d6
  "injuryShift", // INJ-5: the attacker's shift
  "injuryEffect", // INJ-2 step 3: 1d6 (+1 Killing Blow)
  "grapple", // SP-3: a won Grapple holds until the victim escapes or the controller lets go
  "done",
] as const;
export type AttackStep = (typeof ATTACK_STEPS)[number];

/** Who may take a step: the attacker's owner, the defender's owner, or the GM (who may take any). */
export type AttackRole = "attacker" | "defender" | "gm";

/** AT-2, AT-3: the named modifiers a card shows under its totals, besides cover and a reaction. */
export const MODIFIER_PART_KINDS = [
  "shortfall",
  "range",
  "injury",
  "expose",
  "effort",
  "pressure",
  "reduceDefence",
  "gm",
] as const;
export type ModifierPartKind = (typeof MODIFIER_PART_KINDS)[number];

/**
 * AT-2, AT-3: one named part of a side's modifier, stored so the card can say where its total came
 * from; the sum stays in `side.modifier`, which alone feeds the totals.
 */
export type ModifierPart =
  | { readonly kind: Exclude<ModifierPartKind, "injury">; readonly value: number }
  | {
      readonly kind: "injury";
      readonly effect: InjuryEffect | SpecificWound;
      readonly location: Location;
      readonly value: number;
    };

/** AT-2: what the attack's modifier is made of at declaration. */
export interface AttackModifierInputs {
  /** EQ-4: the Strength shortfall (0 or less). */
  readonly shortfall: number;
  /** RNG-2: the range band's modifier. */
  readonly range: number;
  /** INJ-7, INJ-8, SW-7: each applicable injury or wound modifier. */
  readonly injuries: readonly Pick<LastingModifier, "effect" | "location" | "value">[];
  /** OPT-1 Expose bought against this target earlier in the round. */
  readonly expose?: number;
  /** CD-15: the attacker's pending Effort (+2) and Pressure against it (−2), this round. */
  readonly effort?: number;
  readonly pressure?: number;
  /** The GM's or situational modifier typed into the declaration. */
  readonly gm: number;
}

/** AT-2: the attack's named modifiers, zeros left off so the card names only what counts. */
export function attackModifierParts(inputs: AttackModifierInputs): ModifierPart[] {
  const parts: ModifierPart[] = [
    { kind: "shortfall", value: inputs.shortfall },
    { kind: "range", value: inputs.range },
    ...inputs.injuries.map((m) => ({
      kind: "injury" as const,
      effect: m.effect,
      location: m.location,
      value: m.value,
    })),
    { kind: "expose", value: inputs.expose ?? 0 },
    { kind: "effort", value: inputs.effort ?? 0 },
    { kind: "pressure", value: inputs.pressure ?? 0 },
    { kind: "gm", value: inputs.gm },
  ];
  return parts.filter((p) => p.value !== 0);
}

/** AT-2, AT-3: a side's modifier is the sum of its named parts. */
export function modifierSum(parts: readonly ModifierPart[]): number {
  return parts.reduce((sum, p) => sum + p.value, 0);
}

/**
 * AT-1, INJ-7: how an attack uses the attacker's hands, for its injury modifiers. A one-handed weapon's
 * hand is not recorded, so it is taken to be in the hand that fares better.
 */
export function attackInjuryUse(hands: number | undefined, mode: AttackMode): RollUse {
  return { kind: "attack", hands: hands === 2 ? "both" : "either", spell: mode === "cast" };
}

/**
 * AT-1: the declaration offers "attack with the injured arm anyway" to a GM only, and only when the
 * attack would be refused for an unusable hand.
 */
export function offersInjuryOverride(isGM: boolean, lasting: Pick<LastingModifiers, "unusable">): boolean {
  return isGM && lasting.unusable.length > 0;
}

/** The facts of the attacker fixed at declaration (AT-1, AT-2). */
export interface AttackerFacts {
  readonly actorId: string;
  readonly name: string;
  /** AT-2 without chips and Boon: eff(♣) (eff(♦) for a Cast), offensive pips, Σ modifiers. */
  readonly side: Pick<AttackerSide, "card" | "offense" | "modifier">;
  /** AT-2: the named parts of `side.modifier` (absent on cards from before they were stored). */
  readonly modifiers?: readonly ModifierPart[];
  /** CH-3: ♣ chips it holds (0 for a Cast: ♦ chips pay for the spell, CH-5). */
  readonly chips: number;
  /** TL-6: holds a Boon token. */
  readonly boon: boolean;
  readonly size: Size;
}

/** The facts of the defender fixed at declaration (AT-3, AT-4, DMG-2, DMG-3, NPC-3). */
export interface DefenderFacts {
  readonly actorId: string;
  readonly name: string;
  readonly side: Omit<DefenderSide, "chips" | "boon">;
  /** AT-3: the named parts of `side.modifier` (absent on cards from before they were stored). */
  readonly modifiers?: readonly ModifierPart[];
  /** CH-4: ♠ chips it holds. */
  readonly chips: number;
  readonly boon: boolean;
  readonly size: Size;
  readonly dr: number;
  readonly er: number;
  /** eff(♥), the card of the SW-5 save. */
  readonly hearts: number;
  /** eff(♣), the other card of an SP-1 or SP-3 contest (absent on cards from before Special Attacks). */
  readonly clubs?: number;
  /** NPC-3: an Enemy (no wound save, injuries only with the setting). */
  readonly enemy: boolean;
  /** GW-4: the Grit it holds at declaration; absent or null when Grit and Wounds does not apply to it. */
  readonly grit?: number | null;
  /** SW-1: false for creatures without that anatomy. */
  readonly anatomy: boolean;
}

/** AT-1: what was declared, with the weapon facts DMG-1 and SW-4 read. */
export interface AttackDeclared {
  readonly weaponName: string;
  readonly mode: AttackMode;
  /** SW-2 melee aim (default Chest) or SW-3 called-shot point; null otherwise. */
  readonly aim: AimingPoint | null;
  readonly calledShot: boolean;
  readonly knockout: boolean;
  /** SW-4: an unarmed strike. */
  readonly brawling: boolean;
  /** EQ-2 weapon value, or a Cast's spell damage value (MAG-4). */
  readonly weaponValue: number;
  readonly damageType: DamageType;
  /** DMG-1 flat bonuses (Rage, Sneak Attack). */
  readonly flat: number;
  /** DMG-5, HP-3: the weapon deals temporary damage (unarmed). */
  readonly temporary: boolean;
  /** DMG-6: the weapon's riders, delivered on a hit with final ≥ 0. */
  readonly riders?: readonly Rider[];
  /** EQ-3: the weapon's melee reach in squares (GW-4: no Parry against reach 2; absent on older cards). */
  readonly reach?: number;
  /** SP-1: the kind a Special Attack announced (absent on other attacks and on older cards). */
  readonly special?: SpecialAttackKind | null;
}

/** The world settings the attack reads (SET-1). */
export interface AttackSettings {
  readonly detailedDefenseless: boolean;
  readonly specificWounds: boolean;
  readonly grievousInjuries: boolean;
  readonly neckGroin: boolean;
  readonly injuriesForEnemies: boolean;
  readonly halfStepSizes: boolean;
  /** INI-1: the world runs the countdown, where a target may Soak (CD-15). */
  readonly countdown: boolean;
  /** OPT-1 (absent on cards from before the option). */
  readonly marginSpecialResults?: boolean;
}

export interface AttackSetup {
  readonly attacker: AttackerFacts;
  readonly defender: DefenderFacts;
  readonly declaration: AttackDeclared;
  readonly settings: AttackSettings;
}

export interface ChipCommit {
  readonly chips: number;
  readonly boon: boolean;
}

/** What the GM's client reports back after applying the hit through the actor (HP-2). */
export interface DamageReport {
  readonly hpBefore: number;
  readonly hpMax: number;
  readonly lost: number;
  readonly drainAdded: number;
  readonly becameUnconscious: boolean;
  /** §23: the hit went through Grit and Wounds instead of HP (absent on cards from before it). */
  readonly grit?: GritReport | null;
}

/** GW-5, GW-6, GW-7, GW-10: what a hit did to a target that uses Grit and Wounds, for the card. */
export interface GritReport {
  readonly damage: number;
  readonly gritBefore: number;
  readonly grit: number;
  readonly wounds: number;
  readonly woundLimit: number;
  readonly woundsGained: number;
  /** GW-6: Wounds from the full multiples of eff(♥) in the hit. */
  readonly automaticWounds: number;
  /** GW-5: the remainder met Grit 0, an automatic Wound without a check. */
  readonly zeroGritWound: boolean;
  /** GW-5: the ♥ wound check, when one was rolled. */
  readonly check: { readonly target: number; readonly roll: number; readonly dos: DegreeOfSuccess } | null;
  /** GW-7: the wound limit was reached. */
  readonly dead: boolean;
  /** GW-10: temporary damage that would have wounded knocks out for this many minutes instead. */
  readonly unconsciousMinutes: number | null;
}

/**
 * GW-5, GW-6, GW-10: the card's account of a Grit hit, from the hit's result, the Grit before it and
 * eff(♥). A temporary hit's would-be Wounds are reported as unconsciousness only.
 */
export function gritReport(
  hit: GritHitResult & { damage: number; unconsciousMinutes: number | null },
  gritBefore: number,
  heartsEff: number,
): GritReport {
  const massive = heartsEff > 0 ? massiveDamage(hit.damage, heartsEff) : { automaticWounds: 0, remainder: 0 };
  const wounding = !hit.unconscious;
  return {
    damage: hit.damage,
    gritBefore,
    grit: hit.grit,
    wounds: hit.wounds,
    woundLimit: woundLimit(heartsEff),
    woundsGained: hit.woundsGained,
    automaticWounds: wounding ? massive.automaticWounds : 0,
    zeroGritWound: wounding && massive.remainder > 0 && hit.check === null && heartsEff > 0,
    check: hit.check,
    dead: hit.dead,
    unconsciousMinutes: hit.unconscious ? hit.unconsciousMinutes : null,
  };
}

export interface WoundState {
  readonly check: WoundCheck;
  readonly location: AimingPoint;
  /** SW-5: the save target, null for an Enemy. */
  readonly target: number | null;
  readonly roll: number | null;
  readonly applies: boolean | null;
}

export interface InjuryState {
  readonly trigger: InjuryTriggerResult;
  readonly dice: readonly number[] | null;
  readonly rolled: InjuryLocationResult | null;
  readonly location: Location | null;
  readonly d6: number | null;
  readonly cell: InjuryCell | null;
  readonly injury: GrievousInjury | null;
}

/** GW-4: the reactions a defender declares at AT-5 step 1, and the suit each tests. */
export const REACTIONS = ["dodge", "block"] as const;
export type ReactionKind = (typeof REACTIONS)[number];
export const REACTION_SUIT: Readonly<Record<ReactionKind, Suit>> = { dodge: "spades", block: "clubs" };
/** GW-4: Slip follows a Dodge, Parry a Block. */
export const FOLLOW_UP: Readonly<Record<ReactionKind, "slip" | "parry">> = { dodge: "slip", block: "parry" };

/** GW-4: a Dodge or Block made against this attack, its test and the defence it added. */
export interface ReactionState {
  readonly kind: ReactionKind;
  readonly suit: Suit;
  readonly target: number;
  readonly roll: number;
  readonly dos: DegreeOfSuccess;
  readonly bonus: number;
}

/** OPT-1: a save a bought result calls for, rolled by the GM's client. */
export interface MarginSave {
  readonly special: MarginSpecial;
  readonly suit: Suit;
  readonly target: number;
  readonly roll: number;
  readonly saved: boolean;
}

/** OPT-1: the results bought (each replaces one +1 of the margin bonus) and their saves. */
export interface MarginState {
  readonly choices: readonly MarginSpecial[];
  readonly saves: readonly MarginSave[];
}

/** Everything the card stores; every field is public once set (no hidden domino value is ever here). */
export interface AttackState extends AttackSetup {
  readonly step: AttackStep;
  readonly attackerCommit: ChipCommit | null;
  readonly defenderCommit: ChipCommit | null;
  readonly result: AttackResult | null;
  /** SW-3: the d100 of an ordinary missile hit, and the point it lands on (or the aim). */
  readonly d100: number | null;
  readonly location: AimingPoint | null;
  readonly damage: { readonly dF: number; readonly result: DamageResult; readonly temporary: boolean } | null;
  readonly applied: DamageReport | null;
  /** SW-6: minutes a Red knock-out leaves the target Unconscious (1d10). */
  readonly knockoutMinutes: number | null;
  readonly wound: WoundState | null;
  readonly injury: InjuryState | null;
  /** CD-15: the target's Soak of this damage instance, once made (absent on cards from before Soak). */
  readonly soak?: SoakState | null;
  /** AT-4 detailed rule: the movement the GM set for a Defenseless target (null: the default row). */
  readonly movement?: MovementChoice | null;
  /** OPT-1: the special results bought (absent on cards from before the option). */
  readonly margin?: MarginState | null;
  /** SP-1, SP-2: the Special Attack's contest and what it did. */
  readonly special?: SpecialState | null;
  /** SP-3: the grapple a won Grapple started, and what has happened to it. */
  readonly grapple?: GrappleState | null;
  /** GW-4: the defender's Dodge or Block (absent on cards from before reactions). */
  readonly reaction?: ReactionState | null;
}

/** T-8: one side's test in a contest (or the victim's lone escape test). */
export interface ContestRoll {
  readonly suit: Suit;
  readonly target: number;
  readonly roll: number;
  readonly dos: DegreeOfSuccess;
}

/** SP-1 step 4: the GM's ruling instead of the roll: no effect, or an automatic win (an ability). */
export type SpecialRuling = "none" | "win";
export const SPECIAL_RULINGS: readonly SpecialRuling[] = ["none", "win"];

/** SP-1, SP-2: the contest after a Special Attack hit (attacker ♣ as side a) and its effect. */
export interface SpecialState {
  readonly kind: SpecialAttackKind;
  readonly ruling: SpecialRuling | null;
  readonly attacker: ContestRoll | null;
  readonly defender: ContestRoll | null;
  readonly winner: "a" | "b" | "draw";
  readonly outcome: SpecialOutcome;
  /** SP-2 Disarm: the defender's held items, one of which the attacker picks to drop. */
  readonly held: readonly string[];
}

/** SP-3: one escape, pin or release, as the card's line. */
export interface GrappleEntry {
  readonly type: "escape" | "pin" | "release";
  /** The acting side's test: the victim's on an escape, the controller's ♣ on a pin. */
  readonly own: ContestRoll | null;
  /** The other side's test in a contest. */
  readonly other: ContestRoll | null;
  readonly succeeded: boolean;
}

/** SP-3: the grapple as it stands (null grapple: it has ended) and its history. */
export interface GrappleState {
  readonly grapple: Grapple | null;
  readonly log: readonly GrappleEntry[];
}

/** CD-15: how a Soak was paid for: a discarded 1, or one usable die burned to a 1. */
export type SoakPayment = "one" | "burn";
export const SOAK_PAYMENTS: readonly SoakPayment[] = ["one", "burn"];

/** CD-15: a Soak made: its ♥ test, what it took off, and the final damage before it. */
export interface SoakState {
  readonly payment: SoakPayment;
  readonly target: number;
  readonly roll: number;
  readonly dos: DegreeOfSuccess;
  readonly reduction: number;
  readonly finalBefore: number;
}

/** AT-4 detailed rule: the rows the GM may pick for a mobile target (the immobile row is automatic). */
export const MOVEMENT_CHOICES = [
  "still",
  "moved",
  "ran",
  "sprinted",
] as const satisfies readonly DefenselessMovement[];
export type MovementChoice = (typeof MOVEMENT_CHOICES)[number];

export type AttackAction =
  | { readonly kind: "commitAttacker"; readonly chips: number; readonly boon: boolean }
  | { readonly kind: "commitDefender"; readonly chips: number; readonly boon: boolean }
  | { readonly kind: "rollDamage"; readonly dF: number; readonly d100?: number; readonly d10?: number }
  | { readonly kind: "applyDamage"; readonly report: DamageReport | null }
  | { readonly kind: "woundSave"; readonly roll: number | null }
  | { readonly kind: "rollLocation"; readonly dice: readonly number[] }
  | { readonly kind: "chooseLocation"; readonly location: Location }
  /** INJ-10: `cell` is what the GM's Injury Effects RollTable says for this roll; absent, the built-in table decides. */
  | { readonly kind: "rollEffect"; readonly d6: number; readonly cell?: InjuryCell }
  | { readonly kind: "soak"; readonly payment: SoakPayment; readonly roll: number }
  | { readonly kind: "setMovement"; readonly movement: MovementChoice }
  /** OPT-1: `saveRolls` are the T-1 rolls of the saves `marginSaves(choices)` lists, in its order. */
  | {
      readonly kind: "chooseMargin";
      readonly choices: readonly MarginSpecial[];
      readonly saveRolls: readonly number[];
    }
  /** SP-1: the defender's suit, and the rolls of the attacker's ♣ and the defender's test; `held` for Disarm. */
  | {
      readonly kind: "specialContest";
      readonly suit: Suit;
      readonly attackerRoll: number;
      readonly defenderRoll: number;
      readonly held?: readonly string[];
    }
  | { readonly kind: "specialRuling"; readonly ruling: SpecialRuling; readonly held?: readonly string[] }
  /** SP-3: the victim's test (or, with `grappleEscapeContest`, its side of a contest against the controller's ♣). */
  | {
      readonly kind: "escape";
      readonly suit: Suit;
      readonly escapeContest: boolean;
      readonly roll: number;
      readonly controllerRoll?: number;
    }
  /** SP-3: the controller's ♣ against the victim's better of ♣ and ♠. */
  | { readonly kind: "pin"; readonly controllerRoll: number; readonly victimRoll: number }
  | { readonly kind: "release" }
  /** GW-4: the defender's reaction, its 1 Grit already paid, and the T-1 roll of its test. */
  | { readonly kind: "react"; readonly reaction: ReactionKind; readonly roll: number };
export type AttackActionKind = AttackAction["kind"];

/** Why an action was refused; each has the key `ZILCH.Attack.Error.<code>`. */
export type AttackRefusal =
  | "wrongStep"
  | "notAttacker"
  | "notDefender"
  | "gmOnly"
  | "badChips"
  | "noBoon"
  | "badDice"
  | "noGrit"
  | "reactionUsed"
  | "badReaction"
  | "needsSave"
  | "noSave"
  | "badLocation"
  | "soakCountdownOnly"
  | "soakEnemy"
  | "soakUsed"
  | "soakNothing"
  | "movementNotNeeded"
  | "unknownSpecial"
  | "tooManySpecials"
  | "badSuit"
  | "badRuling"
  | "alreadyPinned"
  | "grappleOver";

export type AttackStepResult =
  { readonly ok: true; readonly state: AttackState } | { readonly ok: false; readonly code: AttackRefusal };

/** The step each action belongs to, and the role that takes it. */
export const ACTION_STEP: Readonly<Record<AttackActionKind, { step: AttackStep; role: AttackRole }>> = {
  commitAttacker: { step: "attacker", role: "attacker" },
  // AT-4: after the attacker's entry, so the attacker's window stays the step's role.
  setMovement: { step: "attacker", role: "gm" },
  commitDefender: { step: "defender", role: "defender" },
  // GW-4: in the defender's window, before the hit is decided; the window stays open for its chips.
  react: { step: "defender", role: "defender" },
  chooseMargin: { step: "margin", role: "attacker" },
  rollDamage: { step: "damage", role: "attacker" },
  applyDamage: { step: "apply", role: "gm" },
  // CD-15: the target's owner, before the GM applies; after applyDamage, so the step stays the GM's.
  soak: { step: "apply", role: "defender" },
  woundSave: { step: "wound", role: "defender" },
  rollLocation: { step: "injuryLocation", role: "attacker" },
  chooseLocation: { step: "injuryShift", role: "attacker" },
  rollEffect: { step: "injuryEffect", role: "attacker" },
  // SP-1 step 2: the defender chooses its card; the GM may rule instead (step 4).
  specialContest: { step: "special", role: "defender" },
  specialRuling: { step: "special", role: "gm" },
  // SP-3: the victim escapes; the controller pins or lets go. No side waits on the other.
  escape: { step: "grapple", role: "defender" },
  pin: { step: "grapple", role: "attacker" },
  release: { step: "grapple", role: "attacker" },
};

/** Who is asking, as the GM's client established it from the query's sender. */
export interface AttackRequester {
  readonly isGM: boolean;
  readonly ownsAttacker: boolean;
  readonly ownsDefender: boolean;
}

/** AT-5, CH-7: the role the current step waits for, or null when the card is finished. */
export function currentRole(state: AttackState): AttackRole | null {
  // SP-3: a held grapple waits on nobody; either side may act when its turn allows.
  if (state.step === "grapple") return null;
  const entry = Object.values(ACTION_STEP).find((a) => a.step === state.step);
  return entry?.role ?? null;
}

/** CH-7, HP-2: may this user take this action? Only its owner opens a side's window; only the GM applies. */
export function mayAct(
  state: AttackState,
  kind: AttackActionKind,
  who: AttackRequester,
): { ok: true } | { ok: false; code: AttackRefusal } {
  const { step, role } = ACTION_STEP[kind];
  if (state.step !== step) return { ok: false, code: "wrongStep" };
  if (who.isGM) return { ok: true };
  if (role === "gm") return { ok: false, code: "gmOnly" };
  if (role === "attacker" && !who.ownsAttacker) return { ok: false, code: "notAttacker" };
  if (role === "defender" && !who.ownsDefender) return { ok: false, code: "notDefender" };
  return { ok: true };
}

/** AT-4: a Defenseless target (basic or detailed rule) counts no chips or Boon, so it has no window. */
export function defenderHasWindow(setup: AttackSetup): boolean {
  return !(setup.defender.side.defenseless || setup.defender.side.helpless);
}

/** AT-5 step 3: a new card after the declaration and reveal, waiting for the attacker's window. */
export function createAttackState(setup: AttackSetup): AttackState {
  const aim = setup.declaration.mode === "melee" ? (setup.declaration.aim ?? "chest") : setup.declaration.aim;
  return {
    ...setup,
    declaration: { ...setup.declaration, aim },
    step: "attacker",
    attackerCommit: null,
    defenderCommit: null,
    result: null,
    d100: null,
    location: null,
    damage: null,
    applied: null,
    knockoutMinutes: null,
    wound: null,
    injury: null,
    soak: null,
    movement: null,
    margin: null,
    special: null,
    grapple: null,
    reaction: null,
  };
}

/** AT-2, AT-3: both totals as they stand (with whatever chips and Boons are committed so far). */
export function currentTotals(state: AttackState): { attack: number; defence: number } {
  const r = resolve(state);
  return { attack: r.attack, defence: r.defense };
}

function resolve(state: AttackState): AttackResult {
  const a = state.attackerCommit;
  const d = state.defenderCommit;
  // GW-4: a Dodge or Block adds to the defence against this attack only.
  const modifier = (state.defender.side.modifier ?? 0) + (state.reaction?.bonus ?? 0);
  return resolveAttack(
    { ...state.attacker.side, chips: a?.chips ?? 0, boon: a?.boon ?? false },
    { ...state.defender.side, modifier, chips: d?.chips ?? 0, boon: d?.boon ?? false },
    { detailedDefenseless: state.settings.detailedDefenseless, calledShot: state.declaration.calledShot },
  );
}

function commitProblem(c: ChipCommit, available: number, boon: boolean): AttackRefusal | null {
  if (!Number.isInteger(c.chips) || c.chips < 0 || c.chips > available) return "badChips";
  if (c.boon && !boon) return "noBoon";
  return null;
}

const isMissile = (mode: AttackMode) => mode === "thrown" || mode === "launcher";

/** GW-4: why the defender may not react now, or null: one reaction per attack, 1 Grit, a card to test. */
export function reactionProblem(state: AttackState, kind?: ReactionKind): AttackRefusal | null {
  if (state.step !== "defender") return "wrongStep";
  if (state.reaction) return "reactionUsed";
  if ((state.defender.grit ?? 0) < REACTION_GRIT_COST) return "noGrit";
  if (kind === "block" && state.defender.clubs === undefined) return "badReaction";
  if (kind !== undefined && !REACTIONS.includes(kind)) return "badReaction";
  return null;
}

/** GW-4: the card a reaction tests: eff(♠) for a Dodge, eff(♣) for a Block. */
export function reactionTarget(state: AttackSetup, kind: ReactionKind): number {
  return kind === "block" ? (state.defender.clubs ?? 0) : state.defender.side.spades;
}

/**
 * GW-4: the Slip (after a Dodge) or Parry (after a Block) the decided attack offers the defender,
 * or null: defence − attack ≥ 5, never against missiles, and Parry not against reach weapons.
 */
export function reactionFollowUp(state: AttackState): "slip" | "parry" | null {
  const r = state.reaction;
  if (!r || !state.result) return null;
  const followUp = FOLLOW_UP[r.kind];
  const allowed = followUpAllowed(followUp, state.result.defense, state.result.attack, {
    missile: isMissile(state.declaration.mode),
    reach: (state.declaration.reach ?? DEFAULT_REACH) >= LONG_REACH,
  });
  return allowed ? followUp : null;
}

/** SW-1, SW-6: the kind of attack the wound rules read. */
function woundKind(d: AttackDeclared): "attack" | "special" | "cast" | "knockout" {
  if (d.mode === "special") return "special";
  if (d.mode === "cast") return "cast";
  return d.knockout ? "knockout" : "attack";
}

/** SW-3: an ordinary (not called) missile hit needs a d100 for where it lands, when a wound is checked. */
export function needsMissileRoll(state: AttackState): boolean {
  return isMissile(state.declaration.mode) && !state.declaration.calledShot && woundPossible(state);
}

/** SW-6: a Red knock-out needs a d10 for its minutes. */
export function needsKnockoutRoll(state: AttackState): boolean {
  return state.declaration.knockout && state.result?.colour === "red";
}

function woundPossible(state: AttackState): boolean {
  return (
    state.result !== null &&
    woundCheck({
      colour: state.result.colour,
      attackKind: woundKind(state.declaration),
      anatomy: state.defender.anatomy,
      specificWounds: state.settings.specificWounds,
      aim: "chest",
    }).eligible
  );
}

/** SW-1..SW-5: the check for the hit's location, or null when the hit is not eligible. */
function woundFor(state: AttackState, location: AimingPoint | null): WoundState | null {
  if (state.result === null || location === null) return null;
  const check = woundCheck({
    colour: state.result.colour,
    attackKind: woundKind(state.declaration),
    anatomy: state.defender.anatomy,
    specificWounds: state.settings.specificWounds,
    aim: location,
    brawling: state.declaration.brawling,
    enemy: state.defender.enemy,
  });
  if (!check.eligible) return null;
  const target = check.saveModifier === null ? null : state.defender.hearts + check.saveModifier;
  return { check, location, target, roll: null, applies: null };
}

/** INJ-1: after damage and wound, whether the hit calls for an injury roll. */
function injuryAfter(state: AttackState): AttackState {
  const report = state.applied;
  const damage = state.damage;
  if (report === null || damage === null || damage.result.final === null) return { ...state, step: "done" };
  // INJ-1: in Grit and Wounds mode GW-9's injuries after the fight replace these triggers.
  if (report.grit) return { ...state, step: "done" };
  const trigger = injuryTrigger({
    hpBefore: report.hpBefore,
    hpMax: report.hpMax,
    final: damage.result.final,
    drainOverflow: report.drainAdded > 0,
    temporary: damage.temporary,
    enemy: state.defender.enemy,
    injuriesForEnemies: state.settings.injuriesForEnemies,
    grievousInjuries: state.settings.grievousInjuries,
  });
  if (!trigger.roll) return { ...state, step: "done" };
  return {
    ...state,
    step: "injuryLocation",
    injury: { trigger, dice: null, rolled: null, location: null, d6: null, cell: null, injury: null },
  };
}

const isDie = (n: number | undefined, faces: number): n is number =>
  n !== undefined && Number.isInteger(n) && n >= 1 && n <= faces;

/** CH-3, MAG-1: ♣ chips go to a ♣-based attack; a Cast reads ♦ and takes no Fighter chips. */
export function attackerChipsAvailable(state: AttackState): number {
  return state.declaration.mode === "cast" && !CAST_RULES.fighterChips ? 0 : state.attacker.chips;
}

/** The action of one kind. */
type ActionOf<K extends AttackActionKind> = Extract<AttackAction, { kind: K }>;

/** CH-3, CH-7: the attacker commits chips and Boon; the defender's window opens, or the hit is decided. */
function commitAttackerStep(state: AttackState, action: ActionOf<"commitAttacker">): AttackStepResult {
  const problem = commitProblem(action, attackerChipsAvailable(state), state.attacker.boon);
  if (problem) return { ok: false, code: problem };
  const next: AttackState = { ...state, attackerCommit: { chips: action.chips, boon: action.boon } };
  return { ok: true, state: defenderHasWindow(state) ? { ...next, step: "defender" } : decide(next) };
}

/** GW-4: the defender's Dodge or Block, rolled against its suit. */
function reactStep(state: AttackState, action: ActionOf<"react">): AttackStepResult {
  const problem = reactionProblem(state, action.reaction);
  if (problem) return { ok: false, code: problem };
  if (!isRoll(action.roll)) return { ok: false, code: "badDice" };
  const target = reactionTarget(state, action.reaction);
  const dos = degreeOfSuccess(action.roll, target);
  const reaction: ReactionState = {
    kind: action.reaction,
    suit: REACTION_SUIT[action.reaction],
    target,
    roll: action.roll,
    dos,
    bonus: reactionDefenceBonus(dos),
  };
  return { ok: true, state: { ...state, reaction } };
}

/** CH-7, AT-6: the defender commits chips and Boon, and the hit is decided. */
function commitDefenderStep(state: AttackState, action: ActionOf<"commitDefender">): AttackStepResult {
  const problem = commitProblem(action, state.defender.chips, state.defender.boon);
  if (problem) return { ok: false, code: problem };
  return {
    ok: true,
    state: decide({ ...state, defenderCommit: { chips: action.chips, boon: action.boon } }),
  };
}

/** DMG-1..DMG-4, SW-2, SW-6: the damage rolled, with a missile's location and a knock-out's minutes. */
function rollDamageStep(state: AttackState, action: ActionOf<"rollDamage">): AttackStepResult {
  if (![-1, 0, 1].includes(action.dF)) return { ok: false, code: "badDice" };
  const result = state.result as AttackResult;
  let location = state.declaration.aim;
  let d100: number | null = null;
  if (needsMissileRoll(state)) {
    if (!isDie(action.d100, 100)) return { ok: false, code: "badDice" };
    d100 = action.d100;
    location = missileLocation(d100);
  }
  let knockoutMinutes: number | null = null;
  if (needsKnockoutRoll(state)) {
    if (!isDie(action.d10, 10)) return { ok: false, code: "badDice" };
    knockoutMinutes = action.d10;
  }
  const d = state.declaration;
  const damage = resolveDamage({
    weapon: d.weaponValue,
    dF: action.dF,
    marginBonus: marginDamage(result.marginBonus, state.margin?.choices ?? []),
    flat: d.flat,
    attackerSize: state.attacker.size,
    targetSize: state.defender.size,
    halfSteps: state.settings.halfStepSizes,
    type: d.mode === "cast" ? SPELL_DAMAGE_TYPE : d.damageType,
    cast: d.mode === "cast",
    dr: state.defender.dr,
    er: state.defender.er,
  });
  // SW-6, HP-3: a knock-out attempt deals only temporary damage.
  const temporary = d.temporary || (d.knockout && knockOut(result.colour).temporary);
  const next: AttackState = {
    ...state,
    d100,
    location,
    knockoutMinutes,
    damage: { dF: action.dF, result: damage, temporary },
  };
  // DMG-4: nothing happens below 0, except the SW-1 check and a Red knock-out.
  const anything = damage.outcome !== "none" || woundFor(next, location) !== null || knockoutMinutes !== null;
  return { ok: true, state: { ...next, step: anything ? "apply" : "done" } };
}

/** SW-5: the damage is applied, then the specific wound, then the INJ-1 trigger. */
function applyDamageStep(state: AttackState, action: ActionOf<"applyDamage">): AttackStepResult {
  const applied = state.damage?.result.outcome === "damage" ? action.report : null;
  if (state.damage?.result.outcome === "damage" && action.report === null)
    return { ok: false, code: "badDice" };
  const next: AttackState = { ...state, applied };
  // SW-5: damage, then the specific wound, then the INJ-1 trigger.
  const wound = woundFor(next, next.location);
  if (wound) return { ok: true, state: { ...next, step: "wound", wound } };
  return { ok: true, state: injuryAfter(next) };
}

/** SW-3: the save against a specific wound, when it has one. */
function woundSaveStep(state: AttackState, action: ActionOf<"woundSave">): AttackStepResult {
  const wound = state.wound as WoundState;
  if (wound.target === null && action.roll !== null) return { ok: false, code: "noSave" };
  if (wound.target !== null && action.roll === null) return { ok: false, code: "needsSave" };
  const succeeded =
    wound.target === null || action.roll === null ? null : saveSucceeds(action.roll, wound.target);
  const applies = woundApplies(wound.check, succeeded);
  return { ok: true, state: injuryAfter({ ...state, wound: { ...wound, roll: action.roll, applies } }) };
}

/** INJ-2: the 4d6 location roll; shifts let the attacker choose. */
function rollLocationStep(state: AttackState, action: ActionOf<"rollLocation">): AttackStepResult {
  if (action.dice.length !== 4 || !action.dice.every((d) => isDie(d, 6)))
    return { ok: false, code: "badDice" };
  const rolled = injuryLocation(action.dice, state.settings.neckGroin);
  const injury = { ...(state.injury as InjuryState), dice: [...action.dice], rolled };
  if (rolled.shifts > 0) return { ok: true, state: { ...state, step: "injuryShift", injury } };
  return {
    ok: true,
    state: { ...state, step: "injuryEffect", injury: { ...injury, location: rolled.location } },
  };
}

/** INJ-2: the attacker spends the rolled shifts on a location. */
function chooseLocationStep(state: AttackState, action: ActionOf<"chooseLocation">): AttackStepResult {
  const injury = state.injury as InjuryState;
  if (!injury.rolled || !isLegalShift(injury.rolled, action.location))
    return { ok: false, code: "badLocation" };
  return {
    ok: true,
    state: { ...state, step: "injuryEffect", injury: { ...injury, location: action.location } },
  };
}

/** CD-15: the target Soaks the damage with a ♥ test. */
function soakStep(state: AttackState, action: ActionOf<"soak">): AttackStepResult {
  const problem = soakProblem(state);
  if (problem) return { ok: false, code: problem };
  if (!SOAK_PAYMENTS.includes(action.payment) || !POSSIBLE_ROLLS.includes(action.roll))
    return { ok: false, code: "badDice" };
  const damage = state.damage!;
  const finalBefore = damage.result.final!;
  const target = state.defender.hearts;
  const dos = degreeOfSuccess(action.roll, target);
  const reduction = soakReduction(dos);
  // DMG-4: a soak down to 0 leaves the riders (minimum 0, riders still apply).
  const final = Math.max(0, finalBefore - reduction);
  const result = { ...damage.result, final, outcome: damageOutcome(final) };
  const soak: SoakState = {
    payment: action.payment,
    target,
    roll: action.roll,
    dos,
    reduction,
    finalBefore,
  };
  return { ok: true, state: { ...state, damage: { ...damage, result }, soak } };
}

/** OPT-1: the attacker buys margin results, with the saves they call for. */
function chooseMarginStep(state: AttackState, action: ActionOf<"chooseMargin">): AttackStepResult {
  const problem = marginChoiceProblem(action.choices, state.result?.marginBonus ?? 0);
  if (problem) return { ok: false, code: problem };
  const needed = marginSaves(state, action.choices);
  if (
    action.saveRolls.length !== needed.length ||
    !action.saveRolls.every((r) => POSSIBLE_ROLLS.includes(r))
  ) {
    return { ok: false, code: "badDice" };
  }
  const saves = needed.map((n, i) => ({
    ...n,
    roll: action.saveRolls[i],
    saved: saveSucceeds(action.saveRolls[i], n.target),
  }));
  return {
    ok: true,
    state: { ...state, step: "damage", margin: { choices: [...action.choices], saves } },
  };
}

/** AT-4 detailed rule: the GM sets a Defenseless target's movement. */
function setMovementStep(state: AttackState, action: ActionOf<"setMovement">): AttackStepResult {
  if (!movementChoosable(state)) return { ok: false, code: "movementNotNeeded" };
  if (!MOVEMENT_CHOICES.includes(action.movement)) return { ok: false, code: "badLocation" };
  const side = { ...state.defender.side, fixed: defenselessFixed([], action.movement) };
  return {
    ok: true,
    state: { ...state, defender: { ...state.defender, side }, movement: action.movement },
  };
}

/** SP-1, SP-2: the Special Attack's contest. */
function specialContestStep(state: AttackState, action: ActionOf<"specialContest">): AttackStepResult {
  const kind = state.declaration.special;
  if (!kind) return { ok: false, code: "wrongStep" };
  if (!specialDefenderSuits(state).includes(action.suit)) return { ok: false, code: "badSuit" };
  if (!isRoll(action.attackerRoll) || !isRoll(action.defenderRoll)) return { ok: false, code: "badDice" };
  // SP-1 step 5: no pips; the cards alone are the targets.
  const a: ContestSide = { target: state.attacker.side.card, roll: action.attackerRoll };
  const b: ContestSide = { target: defenderCard(state, action.suit), roll: action.defenderRoll };
  const c = contest(a, b);
  const winner = c.winner === "a" || c.winner === "b" ? c.winner : "draw";
  const outcome = specialAttackOutcome(kind, true, { winner, pointsWonBy: c.pointsWonBy });
  return {
    ok: true,
    state: afterSpecial(state, {
      kind,
      ruling: null,
      attacker: { suit: SPECIAL_CONTEST_SUITS.attacker[0], ...a, dos: c.dos.a },
      defender: { suit: action.suit, ...b, dos: c.dos.b },
      winner,
      outcome,
      held: outcome.effect === "disarm" ? [...(action.held ?? [])] : [],
    }),
  };
}

/** SP-1: the GM rules the Special Attack instead of a contest. */
function specialRulingStep(state: AttackState, action: ActionOf<"specialRuling">): AttackStepResult {
  const kind = state.declaration.special;
  if (!kind) return { ok: false, code: "wrongStep" };
  if (!SPECIAL_RULINGS.includes(action.ruling)) return { ok: false, code: "badRuling" };
  // [design] An automatic win rolls nothing, so a Bullrush wins by the least: 1 point, 2 squares.
  const winner = action.ruling === "win" ? "a" : "draw";
  const outcome = specialAttackOutcome(kind, true, { winner, pointsWonBy: 1 });
  const held = outcome.effect === "disarm" ? [...(action.held ?? [])] : [];
  return {
    ok: true,
    state: afterSpecial(state, {
      kind,
      ruling: action.ruling,
      attacker: null,
      defender: null,
      winner,
      outcome,
      held,
    }),
  };
}

/** SP-3: the grappled creature tries to escape. */
function escapeStep(state: AttackState, action: ActionOf<"escape">): AttackStepResult {
  const g = state.grapple?.grapple;
  if (!g) return { ok: false, code: "grappleOver" };
  const how = escapeRoll(g, action.escapeContest);
  if (!how.suits.includes(action.suit)) return { ok: false, code: "badSuit" };
  if (!isRoll(action.roll) || (how.kind === "contest" && !isRoll(action.controllerRoll)))
    return { ok: false, code: "badDice" };
  const victim = { target: defenderCard(state, action.suit) + how.modifier, roll: action.roll };
  let own: ContestRoll;
  let other: ContestRoll | null = null;
  let succeeded: boolean;
  if (how.kind === "contest") {
    const controller = { target: state.attacker.side.card, roll: action.controllerRoll! };
    const c = contest(controller, victim);
    succeeded = c.winner === "b";
    own = { suit: action.suit, ...victim, dos: c.dos.b };
    other = { suit: how.against ?? "clubs", ...controller, dos: c.dos.a };
  } else {
    const dos = degreeOfSuccess(victim.roll, victim.target);
    succeeded = isSuccess(dos);
    own = { suit: action.suit, ...victim, dos };
  }
  return {
    ok: true,
    state: afterGrappleEvent(
      state,
      g,
      { type: "escape", succeeded },
      { type: "escape", own, other, succeeded },
    ),
  };
}

/** SP-3: the controller tries to pin. */
function pinStep(state: AttackState, action: ActionOf<"pin">): AttackStepResult {
  const g = state.grapple?.grapple;
  if (!g) return { ok: false, code: "grappleOver" };
  if (g.pinned) return { ok: false, code: "alreadyPinned" };
  if (!isRoll(action.controllerRoll) || !isRoll(action.victimRoll)) return { ok: false, code: "badDice" };
  const suit = pinDefenceSuit(state);
  const controller = { target: state.attacker.side.card, roll: action.controllerRoll };
  const victim = { target: defenderCard(state, suit), roll: action.victimRoll };
  const c = contest(controller, victim);
  const winner = c.winner === "a" || c.winner === "b" ? c.winner : "draw";
  const entry: GrappleEntry = {
    type: "pin",
    own: { suit: "clubs", ...controller, dos: c.dos.a },
    other: { suit, ...victim, dos: c.dos.b },
    succeeded: winner === "a",
  };
  return {
    ok: true,
    state: afterGrappleEvent(
      state,
      g,
      { type: "pin", contest: { winner, pointsWonBy: c.pointsWonBy } },
      entry,
    ),
  };
}

/** SP-3: the controller lets go. */
function releaseStep(state: AttackState): AttackStepResult {
  const g = state.grapple?.grapple;
  if (!g) return { ok: false, code: "grappleOver" };
  return {
    ok: true,
    state: afterGrappleEvent(
      state,
      g,
      { type: "release" },
      { type: "release", own: null, other: null, succeeded: true },
    ),
  };
}

/** INJ-3: the d6 of the injury's effect at its location. */
function rollEffectStep(state: AttackState, action: ActionOf<"rollEffect">): AttackStepResult {
  if (!isDie(action.d6, 6)) return { ok: false, code: "badDice" };
  const injury = state.injury as InjuryState;
  const location = injury.location as Location;
  // INJ-10: the table's key, checked again here; an unknown one leaves the built-in cell.
  const fromTable = action.cell ? injuryCellFromResult({ zilch: action.cell }) : null;
  const cell = fromTable ?? injuryEffect(location, action.d6, injury.trigger.killingBlow);
  const created = createInjury(location, cell);
  return {
    ok: true,
    state: { ...state, step: "done", injury: { ...injury, d6: action.d6, cell, injury: created } },
  };
}

/**
 * AT-5..INJ-2: apply one action to the card. The caller has checked `mayAct` and done the action's
 * effect on actors (chips spent, damage applied); this only records it and moves to the next step.
 */
export function advanceAttack(state: AttackState, action: AttackAction): AttackStepResult {
  if (state.step !== ACTION_STEP[action.kind].step) return { ok: false, code: "wrongStep" };
  switch (action.kind) {
    case "commitAttacker":
      return commitAttackerStep(state, action);
    case "react":
      return reactStep(state, action);
    case "commitDefender":
      return commitDefenderStep(state, action);
    case "rollDamage":
      return rollDamageStep(state, action);
    case "applyDamage":
      return applyDamageStep(state, action);
    case "woundSave":
      return woundSaveStep(state, action);
    case "rollLocation":
      return rollLocationStep(state, action);
    case "chooseLocation":
      return chooseLocationStep(state, action);
    case "soak":
      return soakStep(state, action);
    case "chooseMargin":
      return chooseMarginStep(state, action);
    case "setMovement":
      return setMovementStep(state, action);
    case "specialContest":
      return specialContestStep(state, action);
    case "specialRuling":
      return specialRulingStep(state, action);
    case "escape":
      return escapeStep(state, action);
    case "pin":
      return pinStep(state, action);
    case "release":
      return releaseStep(state);
    case "rollEffect":
      return rollEffectStep(state, action);
  }
}

/** AT-6, AT-7: decide the hit once both windows are closed; a miss ends the card. */
function decide(state: AttackState): AttackState {
  const result = resolve(state);
  if (state.declaration.mode === "special") {
    // SP-1 step 2: a hit deals no damage but opens the contest (a card without its kind cannot have one).
    return { ...state, result, step: result.hit && state.declaration.special ? "special" : "done" };
  }
  // OPT-1: with the option on, a hit with a margin bonus first lets the attacker spend it.
  const step: AttackStep = !result.hit
    ? "done"
    : state.settings.marginSpecialResults && result.marginBonus >= 1
      ? "margin"
      : "damage";
  return { ...state, result, step };
}

const isRoll = (n: number | undefined): n is number => n !== undefined && POSSIBLE_ROLLS.includes(n);

/** SP-1 step 2: the suits the defender may test (♣ only when its eff(♣) is known). */
export function specialDefenderSuits(state: AttackSetup): Suit[] {
  return SPECIAL_CONTEST_SUITS.defender.filter((s) => s !== "clubs" || state.defender.clubs !== undefined);
}

/** SP-1, SP-3: the defender's card for a contest suit (no pips, SP-1 step 5). */
export function defenderCard(state: AttackSetup, suit: Suit): number {
  return suit === "clubs" ? (state.defender.clubs ?? 0) : state.defender.side.spades;
}

/** SP-1: the defender's default choice, its better card (♠ on a tie: the card it defends with). */
export function defaultSpecialSuit(state: AttackSetup): Suit {
  const suits = specialDefenderSuits(state);
  return suits.reduce(
    (best, s) => (defenderCard(state, s) > defenderCard(state, best) ? s : best),
    suits[suits.length - 1],
  );
}

/** SP-3 Pin: the victim resists with its better of ♣ and ♠ [design: the choice it would make anyway]. */
export function pinDefenceSuit(state: AttackSetup): Suit {
  return defaultSpecialSuit(state);
}

/** SP-2: a won Grapple starts the SP-3 grapple; every other outcome ends the card. */
function afterSpecial(state: AttackState, special: SpecialState): AttackState {
  if (special.outcome.effect !== "grapple") return { ...state, special, step: "done" };
  const grapple = startGrapple(state.attacker.actorId, state.defender.actorId);
  return { ...state, special, step: "grapple", grapple: { grapple, log: [] } };
}

/** SP-3: record an event; the card is finished when the grapple ends. */
function afterGrappleEvent(
  state: AttackState,
  g: Grapple,
  event: Parameters<typeof grappleAfter>[1],
  entry: GrappleEntry,
): AttackState {
  const next = grappleAfter(g, event);
  const log = [...(state.grapple?.log ?? []), entry];
  return { ...state, step: next ? "grapple" : "done", grapple: { grapple: next, log } };
}

/** SP-2, SP-3: the conditions an action's outcome sets (true) or clears (false) on each side. */
export function specialConditionChanges(
  before: AttackState,
  after: AttackState,
): { attacker: [Condition, boolean][]; defender: [Condition, boolean][] } {
  const out: { attacker: [Condition, boolean][]; defender: [Condition, boolean][] } = {
    attacker: [],
    defender: [],
  };
  if (before.step === "special" && after.special) {
    const o = after.special.outcome;
    if (o.effect === "grapple") {
      out.attacker.push([o.attacker, true]);
      out.defender.push([o.target, true]);
    }
    if (o.effect === "trip") out.defender.push([o.target, true]);
  }
  const was = before.grapple?.grapple;
  if (before.step === "grapple" && was) {
    const now = after.grapple?.grapple ?? null;
    if (now === null) {
      out.attacker.push(["grappling", false]);
      out.defender.push(["grappled", false]);
      if (was.pinned) out.defender.push(["pinned", false]);
    } else if (now.pinned && !was.pinned) out.defender.push(["pinned", true]);
  }
  return out;
}

/** OPT-1: the saves these bought results call for, each against the defender's eff of its suit. */
export function marginSaves(
  state: AttackSetup,
  choices: readonly MarginSpecial[],
): Omit<MarginSave, "roll" | "saved">[] {
  return choices.flatMap((special) => {
    const effect = MARGIN_EFFECTS[special];
    if (effect.kind !== "save") return [];
    const target = effect.suit === "hearts" ? state.defender.hearts : state.defender.side.spades;
    return [{ special, suit: effect.suit, target }];
  });
}

/** OPT-1: the conditions the bought results leave on the target (failed saves, and Hamstring). */
export function marginConditions(
  state: AttackState,
): { special: MarginSpecial; condition: Condition; duration: MarginDuration }[] {
  const m = state.margin;
  if (!m) return [];
  const out: { special: MarginSpecial; condition: Condition; duration: MarginDuration }[] = [];
  const saves = [...m.saves];
  for (const special of m.choices) {
    const effect = MARGIN_EFFECTS[special];
    if (effect.kind === "condition")
      out.push({ special, condition: effect.condition, duration: effect.duration });
    if (effect.kind === "save") {
      const save = saves.shift();
      if (save && !save.saved) out.push({ special, condition: effect.condition, duration: effect.duration });
    }
  }
  return out;
}

/** SW-5, SW-7: the wound a finished check leaves on the target, if any. */
export function woundToApply(state: AttackState): { wound: SpecificWound; location: AimingPoint } | null {
  const w = state.wound;
  return w && w.applies && w.check.wound ? { wound: w.check.wound, location: w.location } : null;
}

/** CD-15: a Soak takes 2 off on CS, 1 on S, nothing on F or CF. */
export function soakReduction(dos: DegreeOfSuccess): number {
  return dos === "CS" ? 2 : dos === "S" ? 1 : 0;
}

/**
 * CD-15, NPC-3: why the target may not Soak this damage now, or null when it may: only in countdown
 * mode, never an Enemy, once per damage instance, and only while HP damage waits to be applied
 * [design: a final of 0 has nothing to soak].
 */
export function soakProblem(state: AttackState): AttackRefusal | null {
  if (state.step !== "apply") return "wrongStep";
  if (!state.settings.countdown) return "soakCountdownOnly";
  if (state.defender.enemy) return "soakEnemy";
  if (state.soak) return "soakUsed";
  const final = state.damage?.result.final ?? null;
  if (state.damage?.result.outcome !== "damage" || final === null || final <= 0) return "soakNothing";
  return null;
}

/**
 * AT-4 detailed rule: the GM may set a Defenseless target's movement before the hit is decided; a
 * Paralysed, Helpless or Unconscious target is fixed at 0 and has nothing to set.
 */
export function movementChoosable(state: AttackState): boolean {
  return (
    state.step === "attacker" &&
    state.settings.detailedDefenseless &&
    !defenderHasWindow(state) &&
    state.defender.side.fixed !== undefined &&
    state.defender.side.fixed !== DEFENSELESS_FIXED.immobile
  );
}
