/**
 * The countdown's stored shape (RULES.md §18). Everything here is plain, JSON-safe data so the combat
 * document can store it as is and hand it to these functions; no field ever holds a Closing die value
 * that has not been reached, unless the world shows the Closing die anyway (CD-19).
 */

/** CD-8: dice committed toward one named action. `action` names kind plus weapon or spell, never the target. */
export interface DiscardPool {
  readonly action: string;
  readonly speed: number;
  readonly dice: readonly number[];
}

/** One participant of the countdown (a combatant). */
export interface CountdownParticipant {
  readonly id: string;
  readonly pc: boolean;
  /** CD-5 step 4: the value the GM's default choice compares (eff(♠)). */
  readonly spades: number;
  /** INI-4: the hidden tiebreaker as a place (never the draw that chose it); the higher goes first. */
  readonly tiebreak: number;
  /** CD-4: unspent dice, highest first. A CD-18 (d) combined die is a value above 6. */
  readonly hand: readonly number[];
  /** CD-3: dice rolled beyond the 8 kept; the owner may swap them in before the first call. */
  readonly unkept: readonly number[];
  /** CD-13: the held die, public with its value (CD-19). */
  readonly held: number | null;
  readonly pool: DiscardPool | null;
  /** CB-1 / CD-2: false once Unconscious, dead or gone; such a participant is never called. */
  readonly active: boolean;
  /** CD-17. */
  readonly stunned: boolean;
  /** CD-20: calls and Acts this round (the first call reveals the domino, the first Act ticks). */
  readonly calls: number;
  readonly acts: number;
  /** CD-15: a pending Effort of this participant, and a pending Pressure against it. */
  readonly effort: boolean;
  readonly pressured: boolean;
  /**
   * CD-14: the former values of the dice a default Burn turned into 1s, highest first (at most a hand's
   * 8), while the owner may still burn another die instead; emptied by the next call and at round start.
   */
  readonly burnedFrom?: readonly number[];
}

/** CD-1, CD-11, CD-12: a round runs the countdown, may turn Closing, and ends Closed. */
export type CountdownPhase = "countdown" | "closing" | "closed";

/** CD-18 and CD-19 world settings, all off by default. */
export interface CountdownOptions {
  readonly bidding: boolean;
  readonly noRepeat: boolean;
  readonly roundTable: boolean;
  readonly lowerClosing: boolean;
  readonly combine: boolean;
  readonly showClosing: boolean;
}

/**
 * CD-11: the Closing die as far as play has revealed it. `weights[v - 1]` is the relative chance that the
 * die shows v given every comparison made so far; each comparison samples from these weights with the
 * injected random source, so no value exists before the die is reached. `value` is set only once the
 * die is reached, when the world shows it (CD-19), or when a physical roll is entered by hand.
 */
export interface ClosingDie {
  readonly weights: readonly number[];
  readonly value: number | null;
}

/** CD-18 (b): the order fixed at round start, and where the next cyclic call starts. */
export interface RoundTable {
  readonly order: readonly string[];
  readonly next: number;
}

export interface CountdownState {
  readonly round: number;
  readonly phase: CountdownPhase;
  readonly participants: readonly CountdownParticipant[];
  /** This round's calls, in order. */
  readonly calls: readonly string[];
  /** The participant called and not yet resolved. */
  readonly current: string | null;
  /** CD-18 (a): the die the called player won the bid with (it must Act with it). */
  readonly bid: number | null;
  /** CD-13: the called participant declared an Act and a holder challenged, so it must Act. */
  readonly mustAct: boolean;
  /** CD-13: who completed the last Act since the last call; holders may interrupt after it. */
  readonly lastActor: string | null;
  readonly closing: ClosingDie | null;
  /** How many calls had been made when Closing began, or null. */
  readonly closingAfter: number | null;
  /** CD-18 (c): the Closing die would be reached; waiting for the participants' lowering spends. */
  readonly lowering: boolean;
  readonly table: RoundTable | null;
  /** CD-18 (a) `cdNoRepeat`: the player who won the last bid. */
  readonly lastBidWinner: string | null;
  readonly options: CountdownOptions;
}

/** CD-7: what a paid Act buys. Standard + Minor may be taken as two Minors (AC-1). */
export interface Purchase {
  readonly standard: boolean;
  readonly minor: boolean;
}

/** A named action and its CD-7 speed (see `actionSpeed`). */
export interface NamedAction {
  readonly action: string;
  readonly speed: number;
}

/** Why a requested transition was refused: a stable identifier the caller localizes (i18n lives outside rules). */
export type CountdownErrorCode =
  | "unknownParticipant"
  | "inactive"
  | "roundClosed"
  | "roundInProgress"
  | "awaitingChoice"
  | "awaitingLowering"
  | "notLowering"
  | "notCalled"
  | "wrongChoice"
  | "mustAct"
  | "mustActWithBid"
  | "dieNotInHand"
  | "notUsable"
  | "noOneInHand"
  | "noUsableDie"
  | "notHolding"
  | "notInterruptible"
  | "ownAct"
  | "stunnedMoveOnly"
  | "plusOneWithoutAction"
  | "notStunned"
  | "pendingAlready"
  | "notPending"
  | "defenseless"
  | "optionOff"
  | "notClosing"
  | "afterFirstCall"
  | "badKeep"
  | "badBids"
  | "duplicate"
  | "badValue"
  | "notBurned";

/** A countdown refusal as the round passes it on (src/rules/round/refusal.ts): its code, prefixed. */
export type CountdownRefusal = `countdown.${CountdownErrorCode}`;

export interface CountdownError {
  readonly code: CountdownErrorCode;
  readonly id?: string;
}

/** What a transition did, in order, for chat cards and for the CD-20 turn hooks. */
export type CountdownEvent =
  | { readonly type: "roundStarted"; readonly round: number }
  | { readonly type: "called"; readonly id: string; readonly first: boolean }
  | {
      readonly type: "acted";
      readonly id: string;
      readonly value: number;
      readonly purchase: Purchase;
      readonly first: boolean;
      readonly via: "hand" | "held" | "pool";
    }
  | { readonly type: "passed"; readonly id: string; readonly die: number }
  | { readonly type: "accumulated"; readonly id: string; readonly die: number; readonly total: number }
  | { readonly type: "held"; readonly id: string; readonly die: number }
  | {
      readonly type: "challenged";
      readonly holder: string;
      readonly actor: string;
      readonly holderFirst: boolean;
    }
  | { readonly type: "heldLost"; readonly id: string }
  | { readonly type: "poolLost"; readonly id: string }
  | { readonly type: "diceSpent"; readonly id: string; readonly dice: readonly number[] }
  | { readonly type: "burned"; readonly id: string; readonly hand: readonly number[] }
  | { readonly type: "burnMoved"; readonly id: string; readonly burned: number; readonly restored: number }
  | { readonly type: "closingBegan"; readonly after: number }
  | { readonly type: "closingLowered"; readonly by: number }
  | { readonly type: "loweringOffered" }
  | { readonly type: "closed"; readonly closingValue: number | null; readonly neverActed: readonly string[] };

/** A transition's outcome: the new state and what happened, or why nothing did. */
export type Step =
  | { readonly ok: true; readonly state: CountdownState; readonly events: readonly CountdownEvent[] }
  | { readonly ok: false; readonly error: CountdownError };
