/**
 * Every refusal or problem code the system can show a player, family by family,
 * with the lang prefix that words it. As in src/requests/request-refusal-words.ts (the combat families), each
 * table is a Record over the code's own union type: a new code fails tsc until it is listed here, and
 * test/templates/refusal-words.test.ts fails until lang/en.json words it.
 */
import type { AttackCardRefusal, AttackIllegalReason } from "../documents/attack/refusal";
import type { SpellRefusal } from "../documents/attack/cast-check";
import type { ApplyRefusal } from "../documents/apply/selected";
import type { RecoveryRefusal } from "../documents/creature-outcomes";
import type { BandageRefusal } from "../documents/grit-and-wounds";
import type { boonRefusal, contestBoonRefusal } from "../dice/chat-cards";
import type { ChipSpendProblem } from "../rules/chips";
import type { RequestProblem } from "../rules/roll-request";
import {
  CHANNEL_REFUSALS,
  COMBAT_REFUSALS,
  COUNTDOWN_REFUSALS,
  refusalKey,
  type RefusalFamily,
} from "../requests/request-refusal-words";
import type { rallySplitRefusal } from "./sheets/play/recovery";

type Codes<T extends string> = Readonly<Record<T, true>>;
const family = <T extends string>(prefix: string, codes: Codes<T>): RefusalFamily => ({
  prefix,
  codes: Object.keys(codes),
});

const ATTACK: Codes<AttackCardRefusal | AttackIllegalReason> = {
  wrongStep: true,
  notAttacker: true,
  notDefender: true,
  gmOnly: true,
  badChips: true,
  noBoon: true,
  badDice: true,
  noGrit: true,
  reactionUsed: true,
  ownTurn: true,
  badReaction: true,
  needsSave: true,
  noSave: true,
  badLocation: true,
  soakCountdownOnly: true,
  soakEnemy: true,
  soakUsed: true,
  soakNothing: true,
  movementNotNeeded: true,
  unknownSpecial: true,
  tooManySpecials: true,
  badSuit: true,
  badRuling: true,
  alreadyPinned: true,
  grappleOver: true,
  noSneakAttack: true,
  noStunningFist: true,
  unsealed: true,
  staleStep: true,
  cannotSeal: true,
  noTarget: true,
  declaration: true,
  illegal: true,
  aimNotAllowed: true,
  noMessage: true,
  soakNoCombatant: true,
  turnAction: true,
  soakUnpaid: true,
  reactiveUnpaid: true,
  opportunityGone: true,
  stancesHidden: true,
  notYourTurn: true,
  stepInterrupted: true,
  outOfRange: true,
  totalCover: true,
  incapacitated: true,
  limbUnusable: true,
  noSquare: true,
  chargeNeedsReckless: true,
  chargeWhileSlowed: true,
  chargeWhileInjured: true,
  anchored: true,
  twoWeaponClass: true,
  twoWeaponPair: true,
  twoWeaponRanged: true,
  twoWeaponNotHeld: true,
  twoWeaponHandUnusable: true,
  twoWeaponFirstOpen: true,
  shieldCannotBash: true,
  shieldNotInUse: true,
};

type RallyRefusal = NonNullable<ReturnType<typeof rallySplitRefusal>>;
const RECOVERY: Codes<RecoveryRefusal | RallyRefusal> = {
  alreadyRallied: true,
  notClassSuit: true,
  badAmount: true,
  overRoom: true,
  overRegained: true,
  restLimit: true,
  outOfCombatOnly: true,
  notAtZero: true,
  alreadyTried: true,
  notHealingItem: true,
  noneLeft: true,
  chipsLeft: true,
};

/** The roll dialog warns with the request's problems, a refused chip spend, or a refused Boon. */
const ROLL: Codes<RequestProblem | ChipSpendProblem> = {
  chipsNotOnSave: true,
  chipsWrongSuit: true,
  notEnoughChips: true,
  noBoon: true,
  badModifier: true,
  notWholeNumber: true,
  heartsNeverSpent: true,
  notClassSuit: true,
  wrongUse: true,
};

const SPELL: Codes<SpellRefusal> = {
  notSpellcaster: true,
  notEnoughChips: true,
  noHand: true,
  cannotMoveOrSpeak: true,
  helpless: true,
  gagged: true,
  outOfRange: true,
  invalidCost: true,
  tooManyTargets: true,
  noTarget: true,
  notEnoughHealing: true,
  noSuchWound: true,
};

type BoonRefusal = NonNullable<ReturnType<typeof boonRefusal> | ReturnType<typeof contestBoonRefusal>>;
const BOON: Codes<BoonRefusal> = { alreadyBoon: true, resolved: true, noBoon: true };

const BANDAGE: Codes<BandageRefusal> = { noGrit: true, noneUnbandaged: true };

const APPLY: Codes<ApplyRefusal> = {
  noMessage: true,
  nothingToApply: true,
  noTokens: true,
  notOwner: true,
  alreadyApplied: true,
  spellTarget: true,
  unsealed: true,
  unmatchedSpell: true,
};

export const APPLY_REFUSALS = family("ZILCH.Apply.Error.", APPLY);

export const ATTACK_REFUSALS = family("ZILCH.Attack.Error.", ATTACK);

/** Every family, for the test that each code has words. */
export const REFUSAL_FAMILIES: Readonly<Record<string, RefusalFamily>> = {
  combat: COMBAT_REFUSALS,
  countdown: COUNTDOWN_REFUSALS,
  channel: CHANNEL_REFUSALS,
  attack: ATTACK_REFUSALS,
  recovery: family("ZILCH.Recovery.Refused.", RECOVERY),
  roll: family("ZILCH.Roll.Problem.", ROLL),
  spell: family("ZILCH.Spell.Refused.", SPELL),
  boon: family("ZILCH.Chat.BoonRefused.", BOON),
  bandage: family("ZILCH.Grit.BandageRefused.", BANDAGE),
  apply: APPLY_REFUSALS,
};

/** The key that words an attack refusal, or the generic sentence for a code this client does not know. */
export function attackRefusalKey(code: string): string {
  const key = refusalKey(ATTACK_REFUSALS, code);
  if (key === null)
    console.warn(`Zilch | an attack step was refused with a code this client does not know: ${code}`);
  return key ?? "ZILCH.Attack.Error.Unknown";
}
