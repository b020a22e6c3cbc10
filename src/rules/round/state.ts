/**
 * The combat round as plain data (CB, INI, DOM, ST, CD-1): what ZilchCombat stores and how a round moves
 * from stance declaration through turns or countdown calls to the next round. Foundry-free so tests run
 * it directly; the Combat document only loads this state from its flags, calls these functions and saves
 * the result. Every rule is computed by src/rules; this module only sequences them.
 *
 * Secrets: the combat stores the domino deck (the multiset of unrevealed tiles, which says nothing about
 * who holds what), each combatant's domino as face-down or revealed, and the countdown state, whose
 * Closing die is lazily sampled (src/rules/countdown/closing.ts). Declared stances wait in a `StanceBallot`
 * that only the GM's client keeps in memory, so no document holds a stance before the reveal.
 */
import {
  faceDownDomino,
  fullDeck,
  receivesDomino,
  revealHeld,
  type Domino,
  type DominoDeck,
  type HeldDomino,
} from "../dominoes";
import {
  actsThisRound,
  mayActNow,
  drawTiebreak,
  initiativeOrder,
  initiativeSide,
  initiativeSlowed,
  initiativeValue,
  joinerActsThisRound,
  makeRoomAt,
  randomPart,
  type InitiativeEntry,
  type InitiativeMode,
  type SpadesRandomizer,
} from "../initiative";
import {
  forcedRevealStance,
  stanceOptions,
  stancePips,
  type StanceContext,
  type StancePips,
} from "../stances";
import type { Condition, DominoSource, RollDie, Stance } from "../vocabulary";
import type { ActionKey } from "../actions";
import type {
  CountdownEvent,
  CountdownOptions,
  CountdownRefusal,
  CountdownState,
  Step,
} from "../countdown/types";
import {
  advance,
  createCountdown,
  newParticipant,
  startRound as startCountdownRound,
} from "../countdown/round";
import { rollPool, type PoolRoll } from "../countdown/pool";
import { challenge, choose, interrupt, type ActDetails, type Choice } from "../countdown/choices";
import { addParticipant, burn, dropOut as dropOutOfCountdown, loseTurn } from "../countdown/effects";

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

const ok = <T>(value: T): RoundResult<T> => ({ ok: true, value });
const refuse = <T>(code: RoundErrorCode): RoundResult<T> => ({ ok: false, code });

/** CB-1, CB-3, DOM-6 facts in the shape src/rules/initiative reads. */
function activity(f: CombatantFacts, c: CombatantRound, surprise: boolean) {
  return { conditions: f.conditions, absent: f.absent, surpriseRound: surprise, aware: c.aware };
}

/** INI-2, INI-3: a combatant's Spades initiative value now. */
export function spadesInitiative(
  f: CombatantFacts,
  c: CombatantRound,
  state: Pick<RoundState, "randomizer" | "sides">,
): number {
  const side = initiativeSide(f);
  const rolls = { own: c.ownDie ?? undefined, sides: state.sides ?? undefined };
  return initiativeValue({
    spades: f.spades,
    slowed: initiativeSlowed(f.conditions),
    alert: f.alert,
    burn: f.burn,
    random: randomPart(state.randomizer, side, rolls),
  });
}

function entry(
  f: CombatantFacts,
  c: CombatantRound,
  state: Pick<RoundState, "randomizer" | "sides">,
): InitiativeEntry {
  return {
    id: f.id,
    init: spadesInitiative(f, c, state),
    pc: f.pc,
    cunning: f.cunning,
    tiebreak: c.tiebreak,
  };
}

/** INI-2, INI-4, INI-5: the Spades order for this round, every combatant included. */
export function spadesOrder(
  facts: readonly CombatantFacts[],
  stored: readonly CombatantRound[],
  state: Pick<RoundState, "randomizer" | "sides">,
): string[] {
  const byId = new Map(stored.map((c) => [c.id, c]));
  const entries = facts.flatMap((f) => {
    const c = byId.get(f.id);
    return c ? [entry(f, c, state)] : [];
  });
  return initiativeOrder(entries).map((e) => e.id);
}

/**
 * INI-3, INI-4: a combatant entering the combat: its hidden tiebreaker (a place among the `taken`
 * ones: `enterRound` makes room for it) and, per combatant, its own d6.
 */
export function newCombatantRound(
  id: string,
  taken: readonly CombatantRound[],
  randomizer: SpadesRandomizer,
  rollDie: RollDie,
  aware = true,
): CombatantRound {
  return {
    id,
    stance: null,
    lastStance: null,
    domino: null,
    aware,
    tiebreak: drawTiebreak(
      taken.map((c) => c.tiebreak),
      rollDie,
    ),
    ownDie: randomizer === "perCombatant" ? rollDie(6) : null,
    turnTaken: false,
  };
}

/** INI-4: the combatants already in with a newcomer's round added at its tiebreak place. */
export function enterRound(taken: readonly CombatantRound[], fresh: CombatantRound): CombatantRound[] {
  return [...makeRoomAt(taken, fresh.tiebreak), fresh];
}

/**
 * INI-1, INI-3, CB-3: a combat before its first round in the world's initiative mode (a countdown only
 * in countdown mode; stances and dominoes in both); the side dice are rolled now for `perSide`.
 */
export function createRound(settings: RoundSettings, surprise: boolean, rollDie: RollDie): RoundState {
  const sides = settings.randomizer === "perSide" ? { pc: rollDie(6), other: rollDie(6) } : null;
  return { ...unstartedRound(settings, surprise), sides };
}

/**
 * CB-1, INI-3: the round state a combat shows before its first round, rolling nothing: reading a
 * combat never draws dice (the side dice are rolled once, by `createRound` at combat start).
 */
export function unstartedRound(settings: RoundSettings, surprise = false): RoundState {
  return {
    mode: settings.mode,
    dominoSource: settings.dominoSource,
    randomizer: settings.randomizer,
    round: 0,
    surprise,
    stancesShown: false,
    declared: [],
    deck: fullDeck(),
    sides: null,
    order: [],
    current: null,
    countdown: settings.mode === "countdown" ? createCountdown([], settings.countdown) : null,
  };
}

/**
 * CB-3, CD-16: the GM marks which combatants are aware when the combat starts, so only before its
 * first round; a surprised one gets no domino and (countdown) no dice in the surprise round.
 */
export function setAware(
  state: RoundState,
  stored: readonly CombatantRound[],
  id: string,
  aware: boolean,
): RoundResult<CombatantRound[]> {
  if (state.round > 0) return refuse("combatStarted");
  if (!stored.some((c) => c.id === id)) return refuse("unknownCombatant");
  return ok(stored.map((c) => (c.id === id ? { ...c, aware } : c)));
}

/** CD-2, CD-3: the GM's pool modifier stays within what a pool of 1 to 8 kept dice can need. */
export const MAX_POOL_MODIFIER = 8;

/**
 * CD-2: the GM raises or lowers a combatant's action dice by one, from its next roll on (the next
 * round start); CD-3's bounds apply to whatever pool results.
 */
export function adjustPool(
  stored: readonly CombatantRound[],
  id: string,
  by: 1 | -1,
): RoundResult<CombatantRound[]> {
  if (!stored.some((c) => c.id === id)) return refuse("unknownCombatant");
  const bounded = (n: number) => Math.max(-MAX_POOL_MODIFIER, Math.min(MAX_POOL_MODIFIER, n));
  return ok(
    stored.map((c) => (c.id === id ? { ...c, poolModifier: bounded((c.poolModifier ?? 0) + by) } : c)),
  );
}

/** A round's result: the combat's and every combatant's new state, and the countdown rolls made. */
export interface RoundUpdate {
  readonly state: RoundState;
  readonly combatants: CombatantRound[];
  /** CD-2: the dice each participant rolled this round (public, CD-19), for the chat log and Dice So Nice. */
  readonly rolls: Readonly<Record<string, PoolRoll>>;
}

/** CD-2, CD-5: a countdown participant with its facts, keeping what it carries over (held die, pool). */
function participantFor(
  f: CombatantFacts,
  c: CombatantRound,
  previous: CountdownState | null,
  entitled: boolean,
) {
  const before = previous?.participants.find((p) => p.id === f.id);
  return {
    ...(before ?? newParticipant({ id: f.id, pc: f.pc })),
    pc: f.pc,
    spades: f.spades,
    tiebreak: c.tiebreak,
    active: entitled,
    stunned: f.conditions.includes("stunned"),
  };
}

/**
 * CB-2 step 1, CD-1 step 1, DOM-3, DOM-6, INI-5: start the next round. The deck is restored, every
 * entitled combatant gets a face-down domino and declares afresh, and the Spades order is recomputed;
 * the countdown's hands wait for the stances (rollHands). The surprise round (CB-3) is only the first.
 */
export function startNextRound(
  state: RoundState,
  facts: readonly CombatantFacts[],
  stored: readonly CombatantRound[],
): RoundUpdate {
  const round = state.round + 1;
  const surprise = state.surprise && round === 1;
  const byId = new Map(facts.map((f) => [f.id, f]));
  const combatants = stored.map((c): CombatantRound => {
    const f = byId.get(c.id);
    const entitled = f !== undefined && receivesDomino(activity(f, c, surprise));
    return {
      ...c,
      lastStance: c.stance ?? c.lastStance,
      stance: null,
      domino: entitled ? faceDownDomino() : null,
      turnTaken: !entitled,
    };
  });
  const base: RoundState = {
    ...state,
    round,
    surprise,
    stancesShown: false,
    declared: [],
    deck: fullDeck(),
    order: spadesOrder(facts, combatants, state),
    current: null,
    bidders: [],
    lowered: [],
  };
  // CD-1: the action dice are rolled once the stances are shown (rollHands), never before.
  return { state: base, combatants, rolls: {} };
}

/**
 * CD-1 steps 2-4, CD-2: once the stances are shown, every entitled participant of a countdown round
 * rolls its hand (so no stance is chosen knowing the hands), then round-start Burns apply.
 */
export function rollHands(
  base: RoundState,
  facts: readonly CombatantFacts[],
  combatants: readonly CombatantRound[],
  rollDie: RollDie,
): { state: RoundState; rolls: Readonly<Record<string, PoolRoll>> } {
  if (base.mode !== "countdown") return { state: base, rolls: {} };
  const previous = base.countdown;
  const rolls: Record<string, PoolRoll> = {};
  const participants = facts.flatMap((f) => {
    const c = combatants.find((x) => x.id === f.id);
    if (!c) return [];
    const entitled = c.domino !== null;
    if (entitled) {
      rolls[f.id] = rollPool(
        {
          spades: f.spades,
          slowed: initiativeSlowed(f.conditions),
          modifier: (f.poolModifier ?? 0) + (c.poolModifier ?? 0),
          alert: f.alert,
        },
        rollDie,
      );
    }
    // CD-2: an Unconscious participant is not in the countdown; CD-16: a surprised one rolls nothing.
    const active = actsThisRound({ conditions: f.conditions, absent: f.absent });
    return [participantFor(f, c, previous, active)];
  });
  const countdown: CountdownState = {
    ...(previous ?? createCountdown([])),
    phase: "closed",
    participants,
  };
  const step = startCountdownRound(countdown, rolls);
  if (!step.ok) throw new Error(`CD-1: the countdown refused the new round (${step.error.code})`);
  // CD-1 step 3, CD-14: round-start Burns from active injuries, lowest usable dice by default.
  let started = step.state;
  for (const f of facts) {
    const p = started.participants.find((x) => x.id === f.id);
    if (f.burn > 0 && p?.active) {
      const burned = burn(started, f.id, f.burn);
      if (burned.ok) started = burned.state;
    }
  }
  return { state: { ...base, countdown: started }, rolls };
}

/** ST-1, ST-3: the stances a combatant may declare now (the picker offers exactly these). */
export function allowedStances(f: CombatantFacts): Stance[] {
  return stanceOptions(f.conditions, f.stanceContext);
}

/**
 * ST-1: record a secret declaration in the GM's ballot; the combat learns only that this combatant has
 * declared. Refused when it holds no domino this round, after the reveal, or for a stance ST-3 forbids.
 */
export function declareStance(
  state: RoundState,
  ballot: StanceBallot,
  c: CombatantRound,
  f: CombatantFacts,
  stance: Stance,
): RoundResult<{ state: RoundState; ballot: StanceBallot }> {
  if (c.domino === null) return refuse("noDomino");
  if (state.stancesShown) return refuse("stancesShown");
  if (!allowedStances(f).includes(stance)) return refuse("stanceNotAllowed");
  const declared = state.declared.includes(c.id) ? state.declared : [...state.declared, c.id];
  return ok({ state: { ...state, declared }, ballot: { ...ballot, [c.id]: stance } });
}

/**
 * INI-6, DOM-6 [design]: a combatant that joined or woke after the stances were shown holds a
 * face-down domino and no stance; it declares one at once, shown at once (the others are already).
 */
export function declareLateStance(
  state: RoundState,
  c: CombatantRound,
  f: CombatantFacts,
  stance: Stance,
): RoundResult<CombatantRound> {
  if (c.domino === null) return refuse("noDomino");
  if (!state.stancesShown || c.stance !== null) return refuse("stancesShown");
  if (!allowedStances(f).includes(stance)) return refuse("stanceNotAllowed");
  return ok({ ...c, stance });
}

/** ST-1: every combatant that holds a domino has declared, so the stances are shown together. */
export function allDeclared(state: RoundState, stored: readonly CombatantRound[]): boolean {
  return stored.every((c) => c.domino === null || state.declared.includes(c.id));
}

/**
 * ST-1: show the stances, because all are in or the GM forces it. Whoever has not chosen keeps the
 * previous round's stance if still legal, otherwise Cautious (`forcedRevealStance`).
 */
export function revealStances(
  state: RoundState,
  ballot: StanceBallot,
  stored: readonly CombatantRound[],
  facts: readonly CombatantFacts[],
): RoundResult<{ state: RoundState; combatants: CombatantRound[] }> {
  if (state.stancesShown) return refuse("stancesShown");
  const byId = new Map(facts.map((f) => [f.id, f]));
  const combatants = stored.map((c): CombatantRound => {
    if (c.domino === null) return { ...c, stance: null };
    const f = byId.get(c.id);
    const allowed = f ? allowedStances(f) : [];
    const chosen = ballot[c.id];
    const stance =
      chosen !== undefined && allowed.includes(chosen) ? chosen : forcedRevealStance(c.lastStance, allowed);
    return { ...c, stance };
  });
  return ok({ state: { ...state, stancesShown: true }, combatants });
}

/**
 * DOM-4, DOM-5: reveal a combatant's face-down domino now (its turn start, its first countdown call, or a
 * defence, save or early attack that needs its pips). The value is drawn from the deck state at this
 * moment; nothing existed before.
 */
export function revealDominoOf(
  state: RoundState,
  stored: readonly CombatantRound[],
  id: string,
  rollDie: RollDie,
): RoundResult<{ state: RoundState; combatants: CombatantRound[]; domino: Domino }> {
  const c = stored.find((x) => x.id === id);
  if (!c) return refuse("unknownCombatant");
  if (c.domino === null) return refuse("noDomino");
  if (c.domino.state === "revealed") return refuse("alreadyRevealed");
  const { held, deck } = revealHeld(c.domino, state.dominoSource, state.deck, rollDie);
  if (held.state !== "revealed") throw new Error("DOM-4: a reveal always yields a value");
  const combatants = stored.map((x) => (x.id === id ? { ...x, domino: held } : x));
  return ok({ state: { ...state, deck }, combatants, domino: held.domino });
}

/** ST-2, ST-6: a combatant's pips now, or null while its domino is face-down or its stance secret. */
export function pipsOf(c: CombatantRound, f: CombatantFacts, mode: InitiativeMode): StancePips | null {
  if (c.domino?.state !== "revealed" || c.stance === null) return null;
  return stancePips(c.stance, c.domino.domino, {
    stunned: f.conditions.includes("stunned"),
    // ST-6: Burn lowers offensive pips in Spades mode; the countdown burns dice instead (CD-14).
    burn: mode === "spades" ? f.burn : 0,
  });
}

/**
 * CB-2 step 2, CB-4: begin the next Spades turn: the first combatant in the order that has not had its
 * turn and can act, whose domino is revealed now (DOM-5). Returns the round over (current null) when
 * none is left.
 */
export function nextSpadesTurn(
  state: RoundState,
  stored: readonly CombatantRound[],
  facts: readonly CombatantFacts[],
  rollDie: RollDie,
): RoundResult<{ state: RoundState; combatants: CombatantRound[]; domino: Domino | null }> {
  if (state.mode !== "spades") return refuse("notSpadesMode");
  const done = new Set(stored.filter((c) => c.turnTaken).map((c) => c.id));
  if (state.current !== null) done.add(state.current);
  let combatants = stored.map((c) => (c.id === state.current ? { ...c, turnTaken: true } : c));
  const byFacts = new Map(facts.map((f) => [f.id, f]));
  const next =
    state.order.find(
      (id) =>
        !done.has(id) &&
        mayActNow(
          byFacts.get(id),
          combatants.find((x) => x.id === id),
          state.surprise,
        ),
    ) ?? null;
  let deckState: RoundState = { ...state, current: next };
  let domino: Domino | null = null;
  const holder = combatants.find((c) => c.id === next);
  if (holder?.domino?.state === "faceDown") {
    const revealed = revealDominoOf(deckState, combatants, holder.id, rollDie);
    if (revealed.ok) {
      deckState = revealed.value.state;
      combatants = revealed.value.combatants;
      domino = revealed.value.domino;
    }
  }
  return ok({ state: deckState, combatants, domino });
}

/** INI-4: the GM reorders the Spades order by hand (the tracker's drag or up/down). */
export function reorder(state: RoundState, order: readonly string[]): RoundResult<RoundState> {
  if (state.mode !== "spades") return refuse("notSpadesMode");
  const same = order.length === state.order.length && order.every((id) => state.order.includes(id));
  if (!same) return refuse("unknownCombatant");
  return ok({ ...state, order: [...order] });
}

/**
 * INI-6, DOM-6: a combatant joining mid-round gets its initiative, a face-down domino and a stance
 * declaration at once; in Spades mode it takes a turn this round only if its place has not passed.
 * In countdown mode it rolls its hand at once and joins the calls.
 */
export function joinMidRound(
  state: RoundState,
  stored: readonly CombatantRound[],
  facts: readonly CombatantFacts[],
  joiner: CombatantFacts,
  rollDie: RollDie,
  aware = true,
): RoundUpdate {
  const drawn = newCombatantRound(joiner.id, stored, state.randomizer, rollDie, aware);
  // INI-4: the countdown's copies of the tiebreakers move up with the combatants' own.
  const cd = state.countdown;
  const roomy = cd
    ? { ...state, countdown: { ...cd, participants: makeRoomAt(cd.participants, drawn.tiebreak) } }
    : state;
  if (state.round === 0) return { state: roomy, combatants: enterRound(stored, drawn), rolls: {} };
  const entitled = receivesDomino(activity(joiner, drawn, state.surprise));
  const fresh = { ...drawn, domino: entitled ? faceDownDomino() : null };
  const all = enterRound(stored, fresh);
  const allFacts = [...facts.filter((f) => f.id !== joiner.id), joiner];
  const order = spadesOrder(allFacts, all, state);
  let turnTaken = !entitled;
  if (state.mode === "spades" && entitled && state.current !== null) {
    const current = all.find((c) => c.id === state.current);
    const currentFacts = facts.find((f) => f.id === state.current);
    const joinerEntry = entry(joiner, fresh, state);
    const currentEntry = current && currentFacts ? entry(currentFacts, current, state) : null;
    turnTaken = !joinerActsThisRound(joinerEntry, currentEntry);
  }
  const combatants = all.map((c) => (c.id === joiner.id ? { ...c, turnTaken } : c));
  const next: RoundState = { ...roomy, order };
  // CD-1: before the stances are shown the joiner rolls with the others at the reveal.
  if (state.mode !== "countdown" || next.countdown === null || !entitled || !state.stancesShown) {
    return { state: next, combatants, rolls: {} };
  }
  const roll = rollPool(
    {
      spades: joiner.spades,
      slowed: initiativeSlowed(joiner.conditions),
      modifier: joiner.poolModifier,
      alert: joiner.alert,
    },
    rollDie,
  );
  const added = addParticipant(
    next.countdown,
    { id: joiner.id, pc: joiner.pc, spades: joiner.spades, tiebreak: fresh.tiebreak },
    roll.kept,
  );
  if (!added.ok) throw new Error(`INI-6: the countdown refused the joiner (${added.error.code})`);
  return { state: { ...next, countdown: added.state }, combatants, rolls: { [joiner.id]: roll } };
}

/** CB-1, CD-11: a combatant that falls Unconscious mid-round drops out of the countdown without Closing it. */
export function dropOut(state: RoundState, id: string): RoundState {
  if (state.countdown === null) return state;
  const step = dropOutOfCountdown(state.countdown, id);
  return step.ok ? { ...state, countdown: step.state } : state;
}

/**
 * INJ-7 (a killing injury's "lose the rest of this round's actions"): in Spades mode its turn this round
 * counts as taken; in countdown mode its hand is discarded (CD-20), which may turn the round Closing
 * (CD-11). A held die is kept: it was set aside before the harm [design].
 */
export function loseRoundActions(
  state: RoundState,
  stored: readonly CombatantRound[],
  id: string,
): RoundResult<{ state: RoundState; combatants: CombatantRound[]; events: readonly CountdownEvent[] }> {
  if (!stored.some((c) => c.id === id)) return refuse("unknownCombatant");
  const combatants = stored.map((c) => (c.id === id ? { ...c, turnTaken: true } : c));
  if (state.mode !== "countdown" || state.countdown === null) return ok({ state, combatants, events: [] });
  const step = loseTurn(state.countdown, id);
  // A participant already out of the countdown has no actions left to lose.
  if (!step.ok) return ok({ state, combatants, events: [] });
  return ok({ state: { ...state, countdown: step.state }, combatants, events: step.events });
}

/** A countdown transition applied to the round, with the dominoes its events reveal. */
export interface CountdownUpdate {
  readonly state: RoundState;
  readonly combatants: CombatantRound[];
  readonly events: readonly CountdownEvent[];
}

export type CountdownResult =
  | { readonly ok: true; readonly value: CountdownUpdate }
  | { readonly ok: false; readonly code: RoundErrorCode | CountdownRefusal };

/** DOM-5, CD-20: a participant's first call in the round reveals its domino; so does acting off-call. */
function applyCountdown(
  state: RoundState,
  stored: readonly CombatantRound[],
  step: Step,
  rollDie: RollDie,
): CountdownResult {
  if (!step.ok) return { ok: false, code: `countdown.${step.error.code}` };
  let next: RoundState = { ...state, countdown: step.state };
  let combatants = [...stored];
  for (const e of step.events) {
    const id = e.type === "called" || e.type === "acted" ? e.id : null;
    const c = id === null ? undefined : combatants.find((x) => x.id === id);
    if (c?.domino?.state === "faceDown") {
      const revealed = revealDominoOf(next, combatants, c.id, rollDie);
      if (revealed.ok) {
        next = revealed.value.state;
        combatants = revealed.value.combatants;
      }
    }
  }
  return { ok: true, value: { state: next, combatants, events: step.events } };
}

function countdownOf(state: RoundState): CountdownState | null {
  return state.mode === "countdown" ? state.countdown : null;
}

/**
 * CD-5, CD-12: make the next countdown call (or reach the Closing die and Close the round); the called
 * participant's domino is revealed at its first call (DOM-5, CD-20). `rollDie` samples the Closing die.
 */
export function countdownNext(
  state: RoundState,
  stored: readonly CombatantRound[],
  rollDie: RollDie,
  bids: Readonly<Record<string, number>> = {},
): CountdownResult {
  const cd = countdownOf(state);
  if (cd === null) return { ok: false, code: "notCountdownMode" };
  return applyCountdown(state, stored, advance(cd, rollDie, bids), rollDie);
}

/** CD-6, CD-13: the called participant's choice (Act, Pass, Accumulate, Hold, act with or keep the held die). */
export function countdownChoose(
  state: RoundState,
  stored: readonly CombatantRound[],
  choice: Choice,
  rollDie: RollDie,
): CountdownResult {
  const cd = countdownOf(state);
  if (cd === null) return { ok: false, code: "notCountdownMode" };
  return applyCountdown(state, stored, choose(cd, choice), rollDie);
}

/** CD-13: a holder interrupts after another participant's Act. */
export function countdownInterrupt(
  state: RoundState,
  stored: readonly CombatantRound[],
  holderId: string,
  details: ActDetails,
  rollDie: RollDie,
): CountdownResult {
  const cd = countdownOf(state);
  if (cd === null) return { ok: false, code: "notCountdownMode" };
  return applyCountdown(state, stored, interrupt(cd, holderId, details), rollDie);
}

/** CD-13: a holder challenges the called participant; `holderWins` is the ♠ contest's result (T-9). */
export function countdownChallenge(
  state: RoundState,
  stored: readonly CombatantRound[],
  holderId: string,
  holderWins: boolean,
  details: ActDetails,
  rollDie: RollDie,
): CountdownResult {
  const cd = countdownOf(state);
  if (cd === null) return { ok: false, code: "notCountdownMode" };
  return applyCountdown(state, stored, challenge(cd, holderId, holderWins, details), rollDie);
}
