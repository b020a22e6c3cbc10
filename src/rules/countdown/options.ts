/**
 * CD-18 options (a) bidding, (c) lowering the Closing die and (d) combining dice. The round table (b)
 * is a call order, so it lives with the other call logic in round.ts.
 */
import type { RollDie } from "../vocabulary";
import { lowerClosingDie } from "./closing";
import { hasUsable, highestDie, holdsDice, isUsable, removeDice, sortHand } from "./hand";
import { bestCallable, compareCallKeys, isCallable } from "./order";
import { activeParticipant, closeRound, done, fail, isError, updateParticipant } from "./state";
import type { CountdownEvent, CountdownParticipant, CountdownState, Step } from "./types";

/**
 * CD-18 (a): the players who bid at this call: every callable PC, except under `cdNoRepeat` the last
 * winner, unless nobody else could be called (then the round would otherwise end early) [design].
 */
export function eligibleBidders(state: CountdownState): string[] {
  const pcs = state.participants.filter((p) => p.pc && isCallable(p));
  const blocked = state.options.noRepeat ? state.lastBidWinner : null;
  const othersCallable = state.participants.some((p) => p.id !== blocked && isCallable(p));
  return pcs.filter((p) => !(p.id === blocked && othersCallable)).map((p) => p.id);
}

/** A bid refused, or the winner and the die value it plays with (an NPC plays its highest die). */
export type BidOutcome =
  { ok: true; id: string; die: number; pc: boolean } | { ok: false; code: "badBids"; id?: string };

/**
 * CD-18 (a): the highest bid wins; ties go to players, then more dice, then the GM's choice (CD-5 step 4).
 * The NPC side offers its best CD-5 key. `bids` must name exactly the eligible bidders, each a usable
 * die in its hand.
 */
export function bidWinner(state: CountdownState, bids: Readonly<Record<string, number>>): BidOutcome {
  const eligible = eligibleBidders(state);
  const named = Object.keys(bids);
  if (named.length !== eligible.length) return { ok: false, code: "badBids" };
  let best: { p: CountdownParticipant; die: number } | null = null;
  for (const id of eligible) {
    const die = bids[id];
    const p = state.participants.find((q) => q.id === id) as CountdownParticipant;
    if (die === undefined || !isUsable(die) || !holdsDice(p.hand, [die]))
      return { ok: false, code: "badBids", id };
    if (best === null || compareCallKeys(p, best.p, die, best.die) < 0) best = { p, die };
  }
  const npc = bestCallable(state.participants.filter((p) => !p.pc));
  if (best !== null && (npc === null || best.die >= highestDie(npc.hand))) {
    return { ok: true, id: best.p.id, die: best.die, pc: true };
  }
  if (npc === null) return { ok: false, code: "badBids" };
  return { ok: true, id: npc.id, die: highestDie(npc.hand), pc: false };
}

/**
 * CD-18 (c): each participant may spend one die from hand to lower the Closing die by 1 (minimum 1);
 * `spends` maps participant to the die it spends. Nobody spending lets the Closing die be reached, and
 * the round Closes; otherwise the countdown goes on and the next call recomputes the order.
 */
export function lowerClosing(
  state: CountdownState,
  spends: Readonly<Record<string, number>>,
  rollDie: RollDie,
): Step {
  if (!state.lowering || state.closing === null) return fail("notLowering");
  let next = state;
  const events: CountdownEvent[] = [];
  for (const [id, die] of Object.entries(spends)) {
    const p = activeParticipant(next, id);
    if (isError(p)) return p;
    const hand = removeDice(p.hand, [die]);
    if (hand === null) return fail("dieNotInHand", id);
    next = updateParticipant(next, id, (q) => ({ ...q, hand }));
    events.push({ type: "diceSpent", id, dice: [die] });
  }
  const by = Object.keys(spends).length;
  if (by === 0) return done(closeRound({ ...next, lowering: false }, events, rollDie), events);
  events.push({ type: "closingLowered", by });
  return done({ ...next, lowering: false, closing: lowerClosingDie(state.closing, by) }, events);
}

/**
 * CD-18 (d): once the round is Closing, two dice in hand (1s allowed) become one die of their sum. The
 * combined die is ordered and pays by its value; it is itself a die, so it may be combined again [design].
 */
export function combineDice(state: CountdownState, id: string, first: number, second: number): Step {
  if (!state.options.combine) return fail("optionOff");
  if (state.phase !== "closing") return fail("notClosing");
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  const rest = removeDice(p.hand, [first, second]);
  if (rest === null) return fail("dieNotInHand", id);
  const hand = sortHand([...rest, first + second]);
  const next = updateParticipant(state, id, (q) => ({ ...q, hand }));
  return done(next, [{ type: "diceSpent", id, dice: [first, second] }]);
}

/** CD-18 (c): lowering is offered only when someone could still be called; otherwise it changes nothing. */
export function loweringUseful(state: CountdownState): boolean {
  return state.options.lowerClosing && state.participants.some((p) => p.active && hasUsable(p.hand));
}
