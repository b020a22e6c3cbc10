/**
 * Every refusal code of a combat request, with the lang key that words it for a
 * player. Each table is a Record over the code's own union type, so tsc fails when a code is added
 * without being listed here, and test/templates/refusal-words.test.ts fails when a listed code has no
 * words in lang/en.json. A code this client does not know (a GM on another version) gets a generic
 * sentence, never the code itself.
 */
import type { CountdownErrorCode } from "../rules/countdown/types";
import type { CombatRefusal, CountdownRefusal } from "../rules/round/refusal";
import { CHANNEL_CODES, type ChannelCode } from "./channel";

/** One family of codes and the prefix of its words. */
export interface RefusalFamily {
  readonly prefix: string;
  readonly codes: readonly string[];
}

/** Refusals the GM's client adds when it finds the combat or prices the action (src/setup/queries.ts). */
export type CombatClientRefusal = "NoCombat" | "wrongAction" | "notActiveGM";

const COMBAT: Readonly<Record<Exclude<CombatRefusal, CountdownRefusal> | CombatClientRefusal, true>> = {
  unknownCombatant: true,
  noDomino: true,
  stanceNotAllowed: true,
  stancesShown: true,
  stancesSecret: true,
  notSpadesMode: true,
  notCountdownMode: true,
  roundOver: true,
  alreadyRevealed: true,
  combatStarted: true,
  optionOff: true,
  biddingClosed: true,
  notBidder: true,
  badBid: true,
  notLowering: true,
  alreadyLowered: true,
  badSpend: true,
  notOwner: true,
  notYourCall: true,
  notYourTurn: true,
  gmOnly: true,
  unknownRequest: true,
  shiftRefused: true,
  challengeUnrolled: true,
  stunUnrolled: true,
  notStunned: true,
  noNpcToDeclare: true,
  NoCombat: true,
  wrongAction: true,
  notActiveGM: true,
  condition: true,
  budget: true,
  guardedMustDefend: true,
  chargeNeedsReckless: true,
  chargeWhileSlowed: true,
  chargeWhileInjured: true,
  anchored: true,
  chargeAndMove: true,
  stepAndMove: true,
  secondStep: true,
  readyNeedsCautious: true,
  readyInCountdown: true,
  retrieveNeedsHand: true,
  twoWeaponNotAllowed: true,
  twoWeaponPips: true,
  twoWeaponSplit: true,
  noSecondWeaponAttack: true,
  notProne: true,
  notTerrified: true,
  raging: true,
  notInTurn: true,
  actionTooSlow: true,
  springAttackUsed: true,
};

const COUNTDOWN: Readonly<Record<CountdownErrorCode, true>> = {
  unknownParticipant: true,
  inactive: true,
  roundClosed: true,
  roundInProgress: true,
  awaitingChoice: true,
  awaitingLowering: true,
  notLowering: true,
  notCalled: true,
  wrongChoice: true,
  mustAct: true,
  mustActWithBid: true,
  dieNotInHand: true,
  notUsable: true,
  noOneInHand: true,
  noUsableDie: true,
  notHolding: true,
  notInterruptible: true,
  ownAct: true,
  stunnedMoveOnly: true,
  plusOneWithoutAction: true,
  notStunned: true,
  pendingAlready: true,
  notPending: true,
  defenseless: true,
  optionOff: true,
  notClosing: true,
  afterFirstCall: true,
  badKeep: true,
  notBurned: true,
  badBids: true,
  duplicate: true,
  badValue: true,
};

/** The prefix countdown refusals travel under (src/rules/round/refusal.ts CountdownRefusal). */
const COUNTDOWN_PREFIX = "countdown.";

export const COMBAT_REFUSALS: RefusalFamily = { prefix: "ZILCH.Combat.Error.", codes: Object.keys(COMBAT) };
export const COUNTDOWN_REFUSALS: RefusalFamily = {
  prefix: "ZILCH.Combat.Error.Countdown.",
  codes: Object.keys(COUNTDOWN),
};
export const CHANNEL_REFUSALS: RefusalFamily = {
  prefix: "ZILCH.Request.Error.",
  codes: CHANNEL_CODES satisfies readonly ChannelCode[],
};

/** The key of a code in a family, or null when the family has no such code. */
export function refusalKey(family: RefusalFamily, code: string): string | null {
  return family.codes.includes(code) ? `${family.prefix}${code}` : null;
}

/** The key that words a combat refusal (its countdown codes included), or null for an unknown code. */
export function combatRefusalKey(code: string): string | null {
  return code.startsWith(COUNTDOWN_PREFIX)
    ? refusalKey(COUNTDOWN_REFUSALS, code.slice(COUNTDOWN_PREFIX.length))
    : refusalKey(COMBAT_REFUSALS, code);
}
