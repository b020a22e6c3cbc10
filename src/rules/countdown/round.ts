/**
 * CD-1, CD-5, CD-11, CD-12: the round. `startRound` deals the rolled hands, `advance` makes the next
 * call (or reaches the Closing die and Closes the round), and the choice of the called participant is
 * `choose` in choices.ts. Only `advance` needs randomness: the lazily sampled Closing die.
 */
import type { RollDie } from "../vocabulary";
import { copyParticipant, copyState } from "./copy";
import { burnWindowCount, burnWindowOpen } from "./known";
import { knownClosing, meetsClosing, revealClosing } from "./closing";
import { highestDie, sortHand } from "./hand";
import { bestCallable, isCallable, tableOrder } from "./order";
import { bidWinner, eligibleBidders, loweringUseful } from "./options";
import type { PoolRoll } from "./pool";
import {
  appended,
  checkClosing,
  closeRound,
  done,
  fail,
  findParticipant,
  participantIndex,
  replaceAt,
} from "./state";
import type {
  ClosingDie,
  CountdownEvent,
  CountdownOptions,
  CountdownParticipant,
  CountdownState,
  DiscardPool,
  Step,
} from "./types";

export const DEFAULT_OPTIONS: CountdownOptions = {
  bidding: false,
  noRepeat: false,
  roundTable: false,
  lowerClosing: false,
  combine: false,
  showClosing: false,
};

export interface ParticipantInit {
  readonly id: string;
  readonly pc: boolean;
  readonly spades?: number;
  readonly tiebreak?: number;
  readonly active?: boolean;
  readonly stunned?: boolean;
  readonly held?: number | null;
  readonly pool?: DiscardPool | null;
}

/** CD-1: a participant as it enters the countdown, with no dice until a round starts (step 2). */
export function newParticipant(init: ParticipantInit): CountdownParticipant {
  return {
    id: init.id,
    pc: init.pc,
    spades: init.spades ?? 0,
    tiebreak: init.tiebreak ?? 0,
    hand: [],
    unkept: [],
    held: init.held ?? null,
    pool: init.pool ?? null,
    active: init.active ?? true,
    stunned: init.stunned ?? false,
    calls: 0,
    acts: 0,
    effort: false,
    pressured: false,
  };
}

/** CD-1: what every round starts without: no calls, no one called, no bid, Closing not begun. */
const ROUND_FRESH = {
  calls: [],
  current: null,
  bid: null,
  mustAct: false,
  lastActor: null,
  closing: null,
  closingAfter: null,
  lowering: false,
} as const satisfies Partial<CountdownState>;

/** CD-1: a countdown between rounds, before the first one starts. */
export function createCountdown(
  participants: readonly ParticipantInit[],
  options: Partial<CountdownOptions> = {},
): CountdownState {
  return {
    round: 0,
    phase: "closed",
    participants: participants.map(newParticipant),
    ...ROUND_FRESH,
    table: null,
    lastBidWinner: null,
    options: { ...DEFAULT_OPTIONS, ...options },
  };
}

function validDice(dice: readonly number[]): boolean {
  return dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6);
}

/**
 * CD-1 steps 1-4: start a round with each participant's rolled dice (a `PoolRoll`, or the kept dice).
 * A participant with no entry gets no dice: surprised (CD-16), and then the round is Closing at once.
 * Held dice and discard pools carried over stay; round-start Burns follow with `burn`.
 */
export function startRound(
  state: CountdownState,
  hands: Readonly<Record<string, readonly number[] | PoolRoll>>,
): Step {
  if (state.phase !== "closed") return fail("roundInProgress");
  for (const [id, entry] of Object.entries(hands)) {
    if (!findParticipant(state, id)) return fail("unknownParticipant", id);
    const roll = Array.isArray(entry) ? { kept: entry, unkept: [] } : (entry as PoolRoll);
    if (!validDice(roll.kept) || !validDice(roll.unkept)) return fail("badValue", id);
  }
  const participants = state.participants.map((p): CountdownParticipant => {
    const entry = p.active ? hands[p.id] : undefined;
    const roll =
      entry === undefined ? null : Array.isArray(entry) ? { kept: entry, unkept: [] } : (entry as PoolRoll);
    return {
      ...p,
      hand: roll ? sortHand(roll.kept) : [],
      unkept: roll ? sortHand(roll.unkept) : [],
      calls: 0,
      acts: 0,
      effort: false,
      pressured: false,
      burnedFrom: [],
    };
  });
  const round = state.round + 1;
  const events: CountdownEvent[] = [{ type: "roundStarted", round }];
  const started: CountdownState = {
    ...state,
    round,
    phase: "countdown",
    participants,
    ...ROUND_FRESH,
    table: state.options.roundTable ? { order: tableOrder(participants), next: 0 } : null,
  };
  return done(checkClosing(started, events), events);
}

/**
 * CD-14: a call closes every owner's window to burn another die instead of a default-burned one. Each
 * change goes through replaceAt, so the list keeps its cached facts and a call with no window open (the
 * usual case) copies nothing and, with the count of open windows kept among those facts, reads nothing: a fresh array here made every later call recompute them, and a 200 x 8
 * round took about 100 times its 5 ms budget.
 */
function closeBurnWindows(participants: readonly CountdownParticipant[]): readonly CountdownParticipant[] {
  if (burnWindowCount(participants) === 0) return participants;
  let out = participants;
  for (let i = 0; i < participants.length; i++) {
    const q = participants[i];
    if (!burnWindowOpen(q)) continue;
    const closed = copyParticipant(q);
    closed.burnedFrom = [];
    out = replaceAt(out, i, closed);
  }
  return out;
}

function call(
  state: CountdownState,
  id: string,
  bid: number | null,
  events: CountdownEvent[],
): CountdownState {
  const at = participantIndex(state, id);
  const p = state.participants[at];
  events.push({ type: "called", id, first: p.calls === 0 });
  const counted = copyParticipant(p);
  counted.calls = p.calls + 1;
  const next = copyState(state);
  next.current = id;
  next.bid = bid;
  next.lastActor = null;
  next.participants = closeBurnWindows(replaceAt(state.participants, at, counted));
  next.calls = appended(state.calls, id);
  return next;
}

/** CD-12, CD-18 (c): the Closing die is reached: offer the lowering, or Close the round. */
function reach(state: CountdownState, events: CountdownEvent[], rollDie: RollDie): CountdownState {
  if (state.phase === "closing" && loweringUseful(state)) {
    events.push({ type: "loweringOffered" });
    return { ...state, lowering: true, lastActor: null };
  }
  return closeRound(state, events, rollDie);
}

/** CD-12: during Closing, whether `die` is still called before the Closing die (narrowing it). */
function beats(
  state: CountdownState,
  die: number,
  rollDie: RollDie,
): { state: CountdownState; meets: boolean } {
  if (state.phase !== "closing" || state.closing === null) return { state, meets: true };
  const tested = meetsClosing(state.closing, die, rollDie);
  const next = copyState(state);
  next.closing = tested.closing;
  return { state: next, meets: tested.meets };
}

/**
 * CD-5, CD-12, CD-18: make the next call. Returns the state with `current` set to the called
 * participant, or the round Closed (or, with option (c), waiting for `lowerClosing`). `rollDie` answers
 * the Closing-die comparisons; with bidding on, `bids` maps each eligible player to its bid die.
 */
export function advance(
  state: CountdownState,
  rollDie: RollDie,
  bids: Readonly<Record<string, number>> = {},
): Step {
  if (state.phase === "closed") return fail("roundClosed");
  if (state.current !== null) return fail("awaitingChoice");
  if (state.lowering) return fail("awaitingLowering");
  const events: CountdownEvent[] = [];
  // CD-13: a new call ends the window for interrupts: `call` and `reach`, where every path below ends,
  // clear `lastActor` in the copy they make anyway.
  let next: CountdownState = state;
  if (next.phase === "closing" && next.options.showClosing && next.closing !== null) {
    next = { ...next, closing: revealClosing(next.closing, rollDie) };
  }

  if (next.options.bidding && eligibleBidders(next).length > 0) {
    const won = bidWinner(next, bids);
    if (!won.ok) return fail(won.code, won.id);
    const tested = beats(next, won.die, rollDie);
    if (!tested.meets) return done(reach(tested.state, events, rollDie), events);
    const called = call({ ...tested.state, lastBidWinner: won.id }, won.id, won.pc ? won.die : null, events);
    return done(called, events);
  }

  if (next.table !== null) {
    const { order, next: start } = next.table;
    for (let i = 0; i < order.length; i++) {
      const at = (start + i) % order.length;
      const p = findParticipant(next, order[at]);
      if (!p || !isCallable(p)) continue;
      const tested = beats(next, highestDie(p.hand), rollDie);
      next = tested.state;
      if (tested.meets) {
        const table = { order, next: (at + 1) % order.length };
        return done(call({ ...next, table }, p.id, null, events), events);
      }
    }
    return done(reach(next, events, rollDie), events);
  }

  const best = bestCallable(next.participants);
  if (best === null) return done(reach(next, events, rollDie), events);
  const tested = beats(next, highestDie(best.hand), rollDie);
  if (!tested.meets) return done(reach(tested.state, events, rollDie), events);
  return done(call(tested.state, best.id, null, events), events);
}

/** CD-1: the GM ends the round early (e.g. the tracker's next-round button): it Closes as CD-12 would. */
export function endRound(state: CountdownState, rollDie: RollDie | null = null): Step {
  if (state.phase === "closed") return fail("roundClosed");
  const events: CountdownEvent[] = [];
  return done(closeRound(state, events, rollDie), events);
}

/**
 * CD-11, CD-19: enter the Closing die's value by hand (a physical roll, or the vectors' fixed die).
 * This puts the value into the state, so use it only when the world shows the Closing die or in tests.
 */
export function setClosingValue(state: CountdownState, value: number): Step {
  if (state.phase !== "closing") return fail("notClosing");
  if (!Number.isInteger(value) || value < 1 || value > 6) return fail("badValue");
  const closing: ClosingDie = knownClosing(value);
  return done({ ...state, closing }, []);
}
