/**
 * Why the round refused a combat request, as one closed set of codes: every
 * transition of src/rules/round returns one of these, never a free string, so each code a player can
 * be shown is known here and src/requests/request-refusal-words.ts can give every one its words.
 */
import type { CountdownRefusal } from "../countdown/types";
import type { AuthorityError } from "./authority";
import type { OptionErrorCode } from "./countdown-options";
import type { RoundErrorCode } from "./state";
import type { TurnActionRefusal } from "./turn-record";

/** CD-5 to CD-18: a refusal of the countdown engine itself, passed on under its own code. */
export type { CountdownRefusal };

/** Refusals the dispatcher and the GM's client make beside the state modules' own. */
export type DispatchRefusal =
  | "shiftRefused" // ST-3: a stance shift the rules do not allow now
  | "challengeUnrolled" // CD-16: a challenge with no participant to challenge
  | "stunUnrolled" // CD-15: a Stun recovery whose save was not rolled
  | "notStunned" // CD-15: a Stun recovery for a participant that is not Stunned
  | "noNpcToDeclare"; // ST-1: the GM's declaration for the NPCs found none still to declare

export type CombatRefusal =
  RoundErrorCode | OptionErrorCode | AuthorityError | DispatchRefusal | CountdownRefusal | TurnActionRefusal;

/** A refused round request; nothing was changed. */
export interface Refused {
  readonly ok: false;
  readonly code: CombatRefusal;
}
