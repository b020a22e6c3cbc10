/**
 * What one attack's card stores (AT-5, CH-7, DMG, HP-2, SW, INJ, SP, GW-4, CD-15, OPT-1): the facts
 * fixed at declaration, the steps in SW-5 order, and what each step records. The `attack` chat
 * message's model (src/data/chat/attack-card.ts) declares the stored form of this state.
 *
 * Secrets (DOM-4): the state holds the defender's pips only once its domino is revealed; a defender
 * whose domino stays face-down (a Defenseless target, AT-4) contributes no pips and no domino.
 */
import type { DefenselessMovement, AttackMode, AttackResult, AttackerSide, DefenderSide } from "./resolution";
import type { DamageResult, Rider } from "../damage";
import type { InjuryCell } from "../injury/effect-table";
import type { GrievousInjury } from "../injury/grievous-injury";
import type { InjuryLocationResult } from "../injury/location";
import type { InjuryTriggerResult } from "../injury/trigger";
import type { MarginSpecial } from "../options";
import type { Grapple, SpecialAttackKind, SpecialOutcome } from "../special";
import type { WoundCheck } from "../wounds";
import type {
  AimingPoint,
  DamageType,
  DegreeOfSuccess,
  InjuryEffect,
  Location,
  Size,
  SpecificWound,
  Suit,
} from "../vocabulary";

/** AT-5 windows after the declaration, then the hit's consequences in SW-5 order. */
export const ATTACK_STEPS = [
  "react", // AT-5 step 1: the target reacts (CD-15, GW-4) before its domino is revealed
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
  "visibility",
  "injury",
  "deafened",
  "expose",
  "effort",
  "pressure",
  "reduceDefence",
  "gm",
  "declared",
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
  /**
   * T-2: its ♣ test target (eff(♣) with its lasting modifiers) for an SP-1 or SP-3 contest, read at
   * declaration; absent or null on older cards, which read `side.card`.
   */
  readonly contest?: number | null;
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
  /**
   * T-2: the target of its ♥ save or test before the effect's own modifier: eff(♥) with the lasting
   * modifiers of its injuries and wounds, read at declaration (SW-5's save, CD-15's Soak, OPT-1).
   */
  readonly hearts: number;
  /**
   * T-2: its ♣ test target (eff(♣) with its lasting modifiers), the other card of an SP-1 or SP-3
   * contest and of GW-4's Block (absent on cards from before Special Attacks).
   */
  readonly clubs?: number;
  /**
   * T-2: its ♠ test target (eff(♠) with its lasting modifiers) for contests, GW-4's Dodge and
   * OPT-1's ♠ save; absent or null on older cards, which read the defence card (`side.spades`).
   */
  readonly spades?: number | null;
  /** NPC-3: an Enemy (no wound save, injuries only with the setting). */
  readonly enemy: boolean;
  /** GW-4: the Grit it holds at declaration; absent or null when Grit and Wounds does not apply to it. */
  readonly grit?: number | null;
  /** GW-4: attacked in its own turn, so it may not react (absent on older cards: not). */
  readonly ownTurn?: boolean;
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
  /** DMG-5, DRN-5: the weapon, natural attack or spell deals tainted damage (absent on older cards: not). */
  readonly tainted?: boolean;
  /** DMG-6: the weapon's riders, delivered on a hit with final ≥ 0. */
  readonly riders: readonly Rider[];
  /** EQ-3: the weapon's melee reach in squares (GW-4: no Parry against reach 2). */
  readonly reach: number;
  /** SP-1: the kind a Special Attack announced (null on other attacks). */
  readonly special: SpecialAttackKind | null;
  /** RNG-4, AT-6: an invisible target's named square was wrong, so the attack misses with no roll. */
  readonly wrongSquare?: boolean;
  /**
   * KN-2 Sneak Attack: "offered" when the attacker may spend 1 ♠ chip on it at the damage roll (a
   * Rogue with the knack and a chip, against a Defenseless or flanked target), "taken" once spent
   * (its +2 is then in `flat`); absent on cards from before it existed.
   */
  readonly sneakAttack?: SneakAttackState;
  /**
   * KN-2 Stunning Fist: "offered" when the attacker may spend 1 ♣ chip on it at the damage roll (a
   * Fighter with the knack and a chip, after an unarmed hit), "taken" once spent (the target's ♥ save
   * is rolled when the hit is applied); absent on cards from before it existed.
   */
  readonly stunningFist?: SneakAttackState;
}

/** KN-2 Sneak Attack or Stunning Fist on a card: not available, offered at the damage roll, or taken. */
export const SNEAK_ATTACK_STATES = ["none", "offered", "taken"] as const;
export type SneakAttackState = (typeof SNEAK_ATTACK_STATES)[number];

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
  /** OPT-1. */
  readonly marginSpecialResults: boolean;
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
  /** §23: the hit went through Grit and Wounds instead of HP. */
  readonly grit: GritReport | null;
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

/** CD-15: the reactive defence offered at AT-5 step 1 ("offered" until answered), and the answer. */
export const REACTIVE_DEFENCE_ANSWERS = ["offered", "taken", "declined"] as const;

export type ReactiveDefenceAnswer = (typeof REACTIVE_DEFENCE_ANSWERS)[number];

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
  /** CD-15: the target's Soak of this damage instance, once made. */
  readonly soak: SoakState | null;
  /** AT-4 detailed rule: the movement the GM set for a Defenseless target (null: the default row). */
  readonly movement: MovementChoice | null;
  /** OPT-1: the special results bought. */
  readonly margin: MarginState | null;
  /** SP-1, SP-2: the Special Attack's contest and what it did. */
  readonly special: SpecialState | null;
  /** SP-3: the grapple a won Grapple started, and what has happened to it. */
  readonly grapple: GrappleState | null;
  /** GW-4: the defender's Dodge or Block. */
  readonly reaction: ReactionState | null;
  /**
   * CD-15: the reactive defence offered at AT-5 step 1 ("offered" while unanswered) and its answer;
   * null when none was offered (absent on cards from before it existed).
   */
  readonly reactiveDefence?: ReactiveDefenceAnswer | null;
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

/** T-2: the defender's ♠ test target (older cards: its defence card). */
export const defenderSpadesTest = (state: AttackSetup): number =>
  state.defender.spades ?? state.defender.side.spades;

/** T-2: the attacker's ♣ test target in a contest (older cards: its attack card). */
export const attackerContestTarget = (state: AttackSetup): number =>
  state.attacker.contest ?? state.attacker.side.card;
