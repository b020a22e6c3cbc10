/**
 * The combat round as plain data (CB, INI, DOM, ST, CD-1): what ZilchCombat stores and how a round moves
 * from stance declaration through turns or countdown calls to the next round. Foundry-free so tests run
 * it directly; the Combat document only loads this state from its flags, calls these functions and saves
 * the result. Every rule is computed by src/rules; the modules beside this one only sequence them:
 * ./round-start.ts (a combat and each round begin), ./joining.ts, ./stance-declaration.ts,
 * ./domino-reveal.ts, ./spades-turns.ts, ./countdown-calls.ts and ./dropping-out.ts. This module holds
 * the shapes they share.
 *
 * Secrets: the combat stores the domino deck (the multiset of unrevealed tiles, which says nothing about
 * who holds what), each combatant's domino as face-down or revealed, and the countdown state, whose
 * Closing die is lazily sampled (src/rules/countdown/closing.ts). Declared stances wait in a `StanceBallot`
 * that only the GM's client keeps in memory, so no document holds a stance before the reveal.
 */
import type { DominoDeck, HeldDomino } from "../dominoes";
import type { InitiativeMode, SpadesRandomizer } from "../initiative";
import type { StanceContext } from "../stances";
import type { Condition, DominoSource, Stance } from "../vocabulary";
import type { ActionKey } from "../actions";
import type { CountdownOptions, CountdownState } from "../countdown/types";
import type { PoolRoll } from "../countdown/pool";

/** What the round logic reads about a combatant's creature (from its actor, each time it is needed). */
export interface CombatantFacts {
  readonly id: string;
  /** INI-4 step 2, CD-5 step 3: a player character. */
  readonly pc: boolean;
  /** INI-3 side: friendly token disposition. */
  readonly friendly: boolean;
  readonly playerOwned: boolean;
  /** eff(♠). */
  readonly spades: number;
  /** INI-4 step 3: a PC's Cunning, an NPC's Spades. */
  readonly cunning: number;
  readonly conditions: readonly Condition[];
  /** KN-2 Alert: +2 initiative (INI-2) and the countdown re-roll of a 1 (CD-2). */
  readonly alert: boolean;
  /** INJ-7 Burn points from active injuries. */
  readonly burn: number;
  /** ST-3 context (Raging, Slip Away, Standard denied). */
  readonly stanceContext?: StanceContext;
  /** KN-2 Slip Away: holds the knack and a ♠ chip to pay it with. */
  readonly slipAwayReady?: boolean;
  /** CD-2 GM modifier to the pool. */
  readonly poolModifier?: number;
  /** Gone from the fight (CB-1) without being removed from the tracker. */
  readonly absent?: boolean;
  /** AC-3 Retrieve: one of its hands is empty (EQ-1); absent when not known. */
  readonly handFree?: boolean;
}

/** AC-1, CD-20: what one turn (a Spades turn, or one countdown Act) has done so far (turn-record.ts). */
export interface TurnRecord {
  /** The actions taken, in order (free actions included: AC-6's step is once per turn). */
  readonly actions: readonly ActionKey[];
  /** CD-7: the value (die, held die or pool, with any +1) that paid for this Act; null in Spades mode. */
  readonly paid: number | null;
  /** AC-3: the second attack of a two-weapon action still to make: its weapon item and its pips. */
  readonly twoWeapon?: SecondWeaponAttack;
  /** KN-2 Spring Attack: used this turn, so one Move of it is the extra one (rules/actions.ts withoutExtraMove). */
  readonly springAttack?: true;
  /** AC-5: Moves recorded by a drag of the token that no movement button has claimed yet (drag-move.ts). */
  readonly dragged?: number;
  /** AC-5: movements taken from a button (Move, step, Charge) that a later drag was counted as. */
  readonly matched?: number;
}

/** AC-3: the second 2WF attack waiting in the turn: the other weapon and the rest of the pips. */
export interface SecondWeaponAttack {
  readonly itemId: string;
  readonly pips: number;
}

/** A combatant's stored round state (the combatant's system data). */
export interface CombatantRound {
  readonly id: string;
  /** ST-1: the stance shown; null while declarations are secret or when none is due. */
  readonly stance: Stance | null;
  /** ST-1 forced reveal: the stance of the previous round, kept as the default. */
  readonly lastStance: Stance | null;
  /** DOM-4, DOM-6: null when it holds no domino this round. */
  readonly domino: HeldDomino | null;
  /** CB-3: aware when the combat starts. */
  readonly aware: boolean;
  /** INI-4 step 4: the hidden tiebreaker drawn when it joined. */
  readonly tiebreak: number;
  /** INI-3 `perCombatant`: its own d6, rolled once when it joined. */
  readonly ownDie: number | null;
  /** Spades mode: its turn this round is over (or it joined after its place had passed, INI-6). */
  readonly turnTaken: boolean;
  /** AC-1, CD-20: what its current turn (or countdown Act) has done; absent when nothing yet. */
  readonly turn?: TurnRecord;
  /** CD-2: the GM's modifier to its action dice, from the next roll on (0 when absent). */
  readonly poolModifier?: number;
}

/** CD-20: an Act made since the last call, waiting for the next call or the Close to end. */
export interface PendingAct {
  readonly id: string;
  readonly first: boolean;
}

/** The combat's stored round state (the combat's system flags). */
export interface RoundState {
  readonly mode: InitiativeMode;
  readonly dominoSource: DominoSource;
  readonly randomizer: SpadesRandomizer;
  /** 0 before the first round. */
  readonly round: number;
  /** CB-3: this round is the surprise round (only the first round can be). */
  readonly surprise: boolean;
  /** ST-1: false while declarations are secret; true once all are in or the GM forced the reveal. */
  readonly stancesShown: boolean;
  /** ST-1: who has declared this round (the stances themselves stay in the GM's ballot). */
  readonly declared: readonly string[];
  /** DOM-3. */
  readonly deck: DominoDeck;
  /** INI-3 `perSide`: the two side dice, rolled at combat start. */
  readonly sides: { readonly pc: number; readonly other: number } | null;
  /** Spades mode: this round's order (INI-2, INI-4), first to act first; the GM may reorder it. */
  readonly order: readonly string[];
  /** Spades mode: whose turn it is, or null before the first turn and after the last. */
  readonly current: string | null;
  /** Countdown mode (§18). */
  readonly countdown: CountdownState | null;
  /** CD-20: Acts made since the last call, which end (CB-4 hooks) at the next call or the Close. */
  readonly pendingActs?: readonly PendingAct[];
  /** CD-18 (a): who has bid for the coming call (the dice stay in the GM's `BidBallot`, options.ts). */
  readonly bidders?: readonly string[];
  /** CD-18 (c): who has spent a die to lower the Closing die (the dice stay in the GM's memory). */
  readonly lowered?: readonly string[];
  /** The stamp of the GM's last save; secrets kept with another stamp are stale (secrets.ts). */
  readonly secretsStamp?: string;
}

/** ST-1: declared stances, held only by the GM's client until the reveal. */
export type StanceBallot = Readonly<Record<string, Stance>>;

/** The world settings the round reads. */
export interface RoundSettings {
  readonly mode: InitiativeMode;
  readonly dominoSource: DominoSource;
  readonly randomizer: SpadesRandomizer;
  readonly countdown: Partial<CountdownOptions>;
}

/** Why a round request was refused; each has the key `ZILCH.Combat.Error.<code>`. */
export type RoundErrorCode =
  | "unknownCombatant"
  | "noDomino"
  | "stanceNotAllowed"
  | "stancesShown"
  | "stancesSecret"
  | "notSpadesMode"
  | "notCountdownMode"
  | "roundOver"
  | "alreadyRevealed"
  | "combatStarted";

export type RoundResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: RoundErrorCode };

export const ok = <T>(value: T): RoundResult<T> => ({ ok: true, value });
export const refuse = <T>(code: RoundErrorCode): RoundResult<T> => ({ ok: false, code });

/** A round's result: the combat's and every combatant's new state, and the countdown rolls made. */
export interface RoundUpdate {
  readonly state: RoundState;
  readonly combatants: CombatantRound[];
  /** CD-2: the dice each participant rolled this round (public, CD-19), for the chat log and Dice So Nice. */
  readonly rolls: Readonly<Record<string, PoolRoll>>;
}
