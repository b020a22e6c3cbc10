/**
 * CD-18 options (a) bidding, (c) lowering the Closing die and (d) combining dice, sequenced for the
 * combat round the way ./round-start.ts, ./countdown-calls.ts and their siblings sequence the rest: the
 * engine (src/rules/countdown/options.ts) decides every rule; this module collects the players' secret
 * inputs and hands them to it.
 *
 * Secrets: a bid's die and a lowering spend's die wait in the GM client's memory (`BidBallot`,
 * `LoweringSpends`, like the stance ballot); the stored round state records only who has bid and who
 * has spent, so no player's client receives a bid before it is resolved.
 */
import { highestDie, holdsDice, isUsable } from "../countdown/hand";
import { combineDice, eligibleBidders, lowerClosing } from "../countdown/options";
import type { CountdownState } from "../countdown/types";
import type { RollDie } from "../vocabulary";
import { countdownNext, type CountdownResult } from "./countdown-calls";
import type { CombatantRound, RoundState } from "./state";

/** CD-18 (a): each bidder's secret die, held only by the GM's client until the call resolves. */
export type BidBallot = Readonly<Record<string, number>>;

/** CD-18 (c): each participant's secret lowering spend, held only by the GM's client until resolved. */
export type LoweringSpends = Readonly<Record<string, number>>;

/** Why an option request was refused; each has the key `ZILCH.Combat.Error.<code>`. */
export type OptionErrorCode =
  | "notCountdownMode"
  | "optionOff"
  | "roundOver"
  | "biddingClosed"
  | "notBidder"
  | "badBid"
  | "notLowering"
  | "alreadyLowered"
  | "badSpend";

export type OptionResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: OptionErrorCode };

const ok = <T>(value: T): OptionResult<T> => ({ ok: true, value });
const refuse = <T>(code: OptionErrorCode): OptionResult<T> => ({ ok: false, code });

function countdownOf(state: RoundState): CountdownState | null {
  return state.mode === "countdown" ? state.countdown : null;
}

/**
 * CD-18 (a): the players who bid for the coming call, or none when bidding does not apply now (option
 * off, round over, a participant still choosing, or the Closing die waiting for lowering spends).
 */
export function openBidders(state: RoundState): string[] {
  const cd = countdownOf(state);
  if (cd === null || !cd.options.bidding || cd.phase === "closed" || cd.current !== null || cd.lowering)
    return [];
  return eligibleBidders(cd);
}

/**
 * CD-18 (a): a player's secret bid of one usable die in its hand for the coming call. It may change
 * its bid until the call resolves; the stored state learns only that it has bid.
 */
export function placeBid(
  state: RoundState,
  bids: BidBallot,
  id: string,
  die: number,
): OptionResult<{ state: RoundState; bids: BidBallot }> {
  const cd = countdownOf(state);
  if (cd === null) return refuse("notCountdownMode");
  if (!cd.options.bidding) return refuse("optionOff");
  if (cd.phase === "closed") return refuse("roundOver");
  if (!openBidders(state).includes(id))
    return refuse(cd.current !== null || cd.lowering ? "biddingClosed" : "notBidder");
  const p = cd.participants.find((x) => x.id === id);
  if (!p || !isUsable(die) || !holdsDice(p.hand, [die])) return refuse("badBid");
  const bidders = state.bidders ?? [];
  return ok({
    state: { ...state, bidders: bidders.includes(id) ? bidders : [...bidders, id] },
    bids: { ...bids, [id]: die },
  });
}

/**
 * CD-18 (a) [design]: the bids the call resolves with once the GM closes bidding. A player who has not
 * bid, or whose bid die has left its hand since, bids its highest usable die, as CD-5 would call it.
 */
export function closedBids(state: RoundState, bids: BidBallot): Record<string, number> {
  const cd = countdownOf(state);
  const out: Record<string, number> = {};
  if (cd === null) return out;
  for (const id of openBidders(state)) {
    const p = cd.participants.find((x) => x.id === id);
    if (!p) continue;
    const bid = bids[id];
    out[id] = bid !== undefined && isUsable(bid) && holdsDice(p.hand, [bid]) ? bid : highestDie(p.hand);
  }
  return out;
}

/**
 * CD-5, CD-18 (a): the GM's next call. With bidding open it resolves the bids through the engine; the
 * losing bids simply stay in hand, and the ballot and the stored "who has bid" start afresh.
 */
export function countdownNextCall(
  state: RoundState,
  stored: readonly CombatantRound[],
  bids: BidBallot,
  rollDie: RollDie,
): CountdownResult {
  const r = countdownNext(state, stored, rollDie, closedBids(state, bids));
  if (!r.ok) return r;
  return { ok: true, value: { ...r.value, state: { ...r.value.state, bidders: [] } } };
}

/** CD-18 (c): the participants who may spend a die to lower the Closing die now (any die in hand). */
export function loweringDue(state: RoundState): string[] {
  const cd = countdownOf(state);
  if (cd === null || !cd.lowering) return [];
  return cd.participants.filter((p) => p.active && p.hand.length > 0).map((p) => p.id);
}

/**
 * CD-18 (c): a participant's one spend toward lowering the Closing die, kept secret until resolved.
 * Refused when no lowering is offered, when it has already spent, or for a die not in its hand.
 */
export function offerLowering(
  state: RoundState,
  spends: LoweringSpends,
  id: string,
  die: number,
): OptionResult<{ state: RoundState; spends: LoweringSpends }> {
  const cd = countdownOf(state);
  if (cd === null) return refuse("notCountdownMode");
  if (!cd.options.lowerClosing) return refuse("optionOff");
  if (!cd.lowering) return refuse("notLowering");
  const lowered = state.lowered ?? [];
  if (lowered.includes(id) || spends[id] !== undefined) return refuse("alreadyLowered");
  const p = cd.participants.find((x) => x.id === id);
  if (!p || !loweringDue(state).includes(id) || !Number.isInteger(die) || !holdsDice(p.hand, [die]))
    return refuse("badSpend");
  return ok({ state: { ...state, lowered: [...lowered, id] }, spends: { ...spends, [id]: die } });
}

/** CD-18 (c): every participant that may spend has spent, so nothing is left to wait for. */
export function allLowered(state: RoundState): boolean {
  const lowered = state.lowered ?? [];
  const due = loweringDue(state);
  return due.length > 0 && due.every((id) => lowered.includes(id));
}

/**
 * CD-18 (c): resolve the lowering through the engine with the spends still valid (a die spent since is
 * dropped): each lowers the Closing die by 1, or, with none, the die is reached and the round Closes.
 */
export function resolveLowering(
  state: RoundState,
  stored: readonly CombatantRound[],
  spends: LoweringSpends,
  rollDie: RollDie,
): CountdownResult {
  const cd = countdownOf(state);
  if (cd === null) return { ok: false, code: "notCountdownMode" };
  const valid = Object.fromEntries(
    Object.entries(spends).filter(([id, die]) => {
      const p = cd.participants.find((x) => x.id === id);
      return p !== undefined && p.active && holdsDice(p.hand, [die]);
    }),
  );
  const step = lowerClosing(cd, valid, rollDie);
  if (!step.ok) return { ok: false, code: `countdown.${step.error.code}` };
  return {
    ok: true,
    value: {
      state: { ...state, countdown: step.state, lowered: [] },
      combatants: [...stored],
      events: step.events,
    },
  };
}

/** CD-18 (d): combine two dice of a participant's hand into one of their sum, once the round is Closing. */
export function countdownCombine(
  state: RoundState,
  stored: readonly CombatantRound[],
  id: string,
  first: number,
  second: number,
): CountdownResult {
  const cd = countdownOf(state);
  if (cd === null) return { ok: false, code: "notCountdownMode" };
  const step = combineDice(cd, id, first, second);
  if (!step.ok) return { ok: false, code: `countdown.${step.error.code}` };
  return {
    ok: true,
    value: { state: { ...state, countdown: step.state }, combatants: [...stored], events: step.events },
  };
}

/** CD-18 (d): whether combining is open to this participant now (option on, Closing, two dice in hand). */
export function canCombine(state: RoundState, id: string): boolean {
  const cd = countdownOf(state);
  const p = cd?.participants.find((x) => x.id === id);
  return (
    !!cd &&
    cd.options.combine &&
    cd.phase === "closing" &&
    !cd.lowering &&
    !!p &&
    p.active &&
    p.hand.length >= 2
  );
}
