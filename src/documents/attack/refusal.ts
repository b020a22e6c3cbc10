/**
 * Why the GM's client refused an attack declaration or step: one closed set of
 * codes, each worded at `ZILCH.Attack.Error.<code>` (src/requests/request-refusal-words.ts lists them all,
 * and a test checks each has words), so no free string reaches a player.
 */
import type { ChannelCode, RequestResult } from "../../requests/channel";
import type { SealProblem } from "../../requests/seal";
import type { AttackIllegal } from "../../rules/attack/resolution";
import type { AttackRefusal } from "../../rules/attack/index";
import type { MarginChoiceProblem } from "../../rules/options";
import type { TwoWeaponIllegal } from "./two-weapon";

/** Refusals the Foundry side of the attack makes beside the rules' own (AttackRefusal, MarginChoiceProblem). */
export type AttackDocumentRefusal =
  | "noTarget" // AT-1: the request names no target token, or a missing one
  | "notAttacker" // AT-1: the sender does not own the attacker
  | "declaration" // AT-1: the declaration's shape is not a legal attack
  | "illegal" // AT-1: the attack may not be made; `data.reasons` says why, in words
  | "noMessage" // the attack card was deleted
  | "cannotSeal" // the active GM may not write world settings, where the cards' seals are kept
  | "soakNoCombatant" // CD-15: a Soak needs a combatant in the running combat
  | "soakUnpaid" // CD-15: no die to pay for the Soak
  | "reactiveUnpaid" // CD-15: no usable die to discard for a reactive defence (or Defenseless)
  | "opportunityGone" // GW-4: the opportunity attack is no longer open to this attacker, or its Grit is gone
  | "stancesHidden" // ST-1: the round's stances are not shown yet
  | "notYourTurn" // AC-1, AC-3, GW-4: outside the attacker's turn, and no Ready or Slip or Parry left to use
  | "stepInterrupted" // the card's step began and never finished (the GM's connection dropped): ./step-journal.ts
  | "turnAction"; // AC-1, AC-4, CD-7: the attacker's turn has no room for it; `data.reasons` says why

export type AttackCardRefusal = AttackRefusal | MarginChoiceProblem | SealProblem | AttackDocumentRefusal;

/**
 * AT-1, INJ-7, AC-3, AC-4, EQ-9, RNG-4 (noSquare: an invisible target's named square cannot be
 * checked): the reasons an attack is illegal, each worded at `ZILCH.Attack.Error.<reason>`.
 */
export type AttackIllegalReason =
  | AttackIllegal
  | "limbUnusable"
  | ChargeRefusal
  | TwoWeaponIllegal
  | "noSquare"
  | "shieldCannotBash" // EQ-9
  | "shieldNotInUse"; // EQ-9, EQ-1

/** AC-4: why a Charge may not be made (actionRefusal's Charge reasons that do not need a turn log). */
export type ChargeRefusal = "chargeNeedsReckless" | "chargeWhileSlowed" | "chargeWhileInjured" | "anchored";

export type Refusal = Extract<RequestResult, { ok: false }>;

/** A refusal the channel did not make: an attack card code, with the reasons when the attack is illegal. */
export function refused(
  code: AttackCardRefusal | Extract<ChannelCode, "malformed">,
  reasons?: string,
): Refusal {
  return reasons === undefined ? { ok: false, code } : { ok: false, code, data: { reasons } };
}

/** The reasons an attack is illegal, in the GM client's words, for the `illegal` refusal's `{reasons}`. */
export function illegalWords(reasons: readonly AttackIllegalReason[]): string {
  return reasons.map((r) => game.i18n.localize(`ZILCH.Attack.Error.${r}`)).join(", ");
}
