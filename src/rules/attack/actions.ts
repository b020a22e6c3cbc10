/**
 * The actions that move an attack card on (AT-5..INJ-2, SP-1..SP-3, GW-4, CD-15, OPT-1), why one can
 * be refused, and which step and role each belongs to (CH-7, HP-2).
 */
import type { InjuryCell } from "../injury/effect-table";
import type { MarginSpecial } from "../options";
import type { AimingPoint, Location, Suit } from "../vocabulary";
import type { WoundRow } from "../wound-tables";
import type {
  AttackStep,
  AttackRole,
  DamageReport,
  ReactionKind,
  AttackState,
  SpecialRuling,
  SoakPayment,
  MovementChoice,
} from "./types";

export type AttackAction =
  | { readonly kind: "commitAttacker"; readonly chips: number; readonly boon: boolean }
  | { readonly kind: "commitDefender"; readonly chips: number; readonly boon: boolean }
  /** SW-9: `missileLocation` is what the GM's Missile Hit Location table says for the d100. */
  | {
      readonly kind: "rollDamage";
      readonly dF: number;
      readonly d100?: number;
      readonly d10?: number;
      readonly missileLocation?: AimingPoint;
      /** KN-2: the attacker spent 1 ♠ chip on Sneak Attack (+2 damage, DMG-1). */
      readonly sneakAttack?: boolean;
      /** KN-2: the attacker spent 1 ♣ chip on Stunning Fist (the target's ♥ save or Stunned). */
      readonly stunningFist?: boolean;
    }
  /** SW-9: `woundRow` is what the GM's Specific Wounds table says for the hit's aiming point. */
  | { readonly kind: "applyDamage"; readonly report: DamageReport | null; readonly woundRow?: WoundRow }
  | { readonly kind: "woundSave"; readonly roll: number | null }
  /** INJ-10: `location` is what the GM's Injury Location table says for the dice's face. */
  | { readonly kind: "rollLocation"; readonly dice: readonly number[]; readonly location?: Location }
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
  /**
   * GW-4, AT-5 step 1: the defender's Dodge or Block, its 1 Grit already paid, and the T-1 roll of
   * its test; `reveal` when it ends the step.
   */
  | {
      readonly kind: "react";
      readonly reaction: ReactionKind;
      readonly roll: number;
      readonly reveal?: DefenceReveal;
    }
  /**
   * CD-15, AT-5 steps 1-2: the target takes its reactive defence (its die already discarded), or
   * ends the step with no (further) reaction; `reveal` when the step ends.
   */
  | { readonly kind: "reactiveDefence"; readonly take: boolean; readonly reveal?: DefenceReveal };

/** AT-5 step 2: the defensive pips the target's domino gave, revealed once it has reacted. */
export interface DefenceReveal {
  readonly defense: number;
  readonly defenseless: boolean;
}

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
  | "ownTurn"
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
  | "grappleOver"
  | "noSneakAttack"
  | "noStunningFist";

export type AttackStepResult =
  { readonly ok: true; readonly state: AttackState } | { readonly ok: false; readonly code: AttackRefusal };

/** The step each action belongs to, and the role that takes it. */
export const ACTION_STEP: Readonly<Record<AttackActionKind, { step: AttackStep; role: AttackRole }>> = {
  // CD-15, GW-4, AT-5 step 1: the target's owner reacts before its domino is revealed.
  reactiveDefence: { step: "react", role: "defender" },
  commitAttacker: { step: "attacker", role: "attacker" },
  // AT-4: after the attacker's entry, so the attacker's window stays the step's role.
  setMovement: { step: "attacker", role: "gm" },
  commitDefender: { step: "defender", role: "defender" },
  // GW-4: declared at AT-5 step 1, with the reactive defence, before any total is shown.
  react: { step: "react", role: "defender" },
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

/** The action of one kind. */
export type ActionOf<K extends AttackActionKind> = Extract<AttackAction, { kind: K }>;
