/**
 * Changes that reach the countdown from outside a call: Burn (CD-14), the uses of 1s and reactions
 * (CD-15), Stunned (CD-17), dropping out, losing a turn (CD-20), the CD-3 choice of kept dice and
 * joining. Each one that can empty a hand runs the CD-11 Closing check.
 */
import { isUsable, ONE, removeDice, sortHand } from "./hand";
import { newParticipant, type ParticipantInit } from "./round";
import { activeParticipant, done, fail, findParticipant, isError, settle, updateParticipant } from "./state";
import type { CountdownEvent, CountdownParticipant, CountdownState, Step } from "./types";

/** CD-14: the hand after Burn `n`, one point at a time, `chosen` naming the usable dice (default the lowest). */
export function burnHand(hand: readonly number[], n: number, chosen?: readonly number[]): number[] | null {
  const usable = hand.filter(isUsable);
  const take = Math.min(n, usable.length);
  const targets = chosen ?? usable.slice(usable.length - take);
  if (targets.length !== take || !targets.every(isUsable)) return null;
  let next = removeDice(hand, targets);
  if (next === null) return null;
  next = [...next, ...targets.map(() => ONE)];
  // A point that finds only 1s discards one of them; an empty hand absorbs the rest.
  const leftover = Math.min(n - take, next.length);
  return sortHand(next).slice(0, next.length - leftover);
}

/**
 * CD-14: Burn `n` turns usable dice in hand into 1s (the owner may name them in `chosen`; by default
 * the lowest). Each point falling on a hand of only 1s discards a 1 instead; on an empty hand it does
 * nothing [design: points apply one at a time].
 */
export function burn(state: CountdownState, id: string, n: number, chosen?: readonly number[]): Step {
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  if (!Number.isInteger(n) || n < 0) return fail("badValue", id);
  const hand = burnHand(p.hand, n, chosen);
  if (hand === null) return fail("dieNotInHand", id);
  // The default choice is remembered so the owner may move it (burnInstead); a named choice is final.
  const usable = p.hand.filter(isUsable);
  const formers = chosen ? [] : usable.slice(usable.length - Math.min(n, usable.length));
  const burnedFrom = sortHand([...(p.burnedFrom ?? []), ...formers]).slice(0, MAX_REMEMBERED);
  return settle(
    updateParticipant(state, id, (q) => ({ ...q, hand, burnedFrom })),
    [{ type: "burned", id, hand }],
  );
}

/** CD-14: at most a full hand of burned dice is remembered. */
const MAX_REMEMBERED = 8;

/**
 * CD-14: the owner chooses which dice a Burn turns into 1s. Until the next call after a default Burn,
 * the owner may burn usable die `die` instead: it becomes a 1 and the highest default-burned die gets
 * its former value back, so the number of dice burned is unchanged.
 */
export function burnInstead(state: CountdownState, id: string, die: number): Step {
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  const [restored, ...rest] = p.burnedFrom ?? [];
  if (restored === undefined) return fail("notBurned", id);
  if (!isUsable(die) || die === restored) return fail("notUsable", id);
  const kept = removeDice(p.hand, [die, ONE]);
  if (kept === null) return fail("dieNotInHand", id);
  const hand = sortHand([...kept, restored, ONE]);
  const burnedFrom = sortHand([...rest, die]);
  return settle(
    updateParticipant(state, id, (q) => ({ ...q, hand, burnedFrom })),
    [{ type: "burnMoved", id, burned: die, restored }],
  );
}

/** CD-17: becoming Stunned loses the discard pool and the held die; recovering only clears the flag. */
export function setStunned(state: CountdownState, id: string, stunned: boolean): Step {
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  if (!stunned || p.stunned)
    return done(
      updateParticipant(state, id, (q) => ({ ...q, stunned })),
      [],
    );
  const events: CountdownEvent[] = [];
  if (p.pool !== null) events.push({ type: "poolLost", id });
  if (p.held !== null) events.push({ type: "heldLost", id });
  return settle(
    updateParticipant(state, id, (q) => ({ ...q, stunned: true, pool: null, held: null })),
    events,
  );
}

function spendOneFrom(
  state: CountdownState,
  id: string,
): { state: CountdownState; p: CountdownParticipant } | Step {
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  const hand = removeDice(p.hand, [ONE]);
  if (hand === null) return fail("noOneInHand", id);
  return { state: updateParticipant(state, id, (q) => ({ ...q, hand })), p };
}

/**
 * CD-15: spend a 1 as a free action for Pressure (−2 to an enemy's next test or attack total this round,
 * at most one pending per target) or Effort (+2 to one's own, at most one pending).
 */
export function spendOne(
  state: CountdownState,
  id: string,
  use: "pressure" | "effort",
  target?: string,
): Step {
  const spender = activeParticipant(state, id);
  if (isError(spender)) return spender;
  let marked: CountdownParticipant;
  if (use === "effort") {
    if (spender.effort) return fail("pendingAlready", id);
    marked = spender;
  } else {
    if (target === undefined || target === id) return fail("unknownParticipant", target);
    const t = activeParticipant(state, target);
    if (isError(t)) return t;
    if (t.pressured) return fail("pendingAlready", target);
    marked = t;
  }
  const spent = spendOneFrom(state, id);
  if ("ok" in spent) return spent;
  const flag = use === "effort" ? { effort: true } : { pressured: true };
  const next = updateParticipant(spent.state, marked.id, (q) => ({ ...q, ...flag }));
  return settle(next, [{ type: "diceSpent", id, dice: [ONE] }]);
}

/** CD-15: Effort's +2 and Pressure's −2 to the next test target or attack total. */
export const EFFORT_BONUS = 2;
export const PRESSURE_PENALTY = -2;

/** CD-15: the modifiers pending on a participant's next test or attack this round (0 when none). */
export function pendingOnes(p: Pick<CountdownParticipant, "effort" | "pressured"> | undefined): {
  effort: number;
  pressure: number;
} {
  return { effort: p?.effort ? EFFORT_BONUS : 0, pressure: p?.pressured ? PRESSURE_PENALTY : 0 };
}

/** CD-15: the test or attack that took them uses up every pending Effort and Pressure of a participant. */
export function consumeAllPending(state: CountdownState, id: string): CountdownState {
  let next = state;
  for (const kind of ["effort", "pressure"] as const) {
    const step = consumePending(next, id, kind);
    if (step.ok) next = step.state;
  }
  return next;
}

/** CD-15: a pending Effort or Pressure is used up by the test or attack it modifies. */
export function consumePending(state: CountdownState, id: string, kind: "effort" | "pressure"): Step {
  const p = findParticipant(state, id);
  if (!p) return fail("unknownParticipant", id);
  const key = kind === "effort" ? "effort" : "pressured";
  if (!p[key]) return fail("notPending", id);
  return done(
    updateParticipant(state, id, (q) => ({ ...q, [key]: false })),
    [],
  );
}

/** CD-15: which pending modifiers a test or attack took (what its roller's client counted). */
export interface TakenOnes {
  readonly effort: boolean;
  readonly pressure: boolean;
}

/**
 * CD-15: a test uses up exactly the Effort and Pressure its roller counted. All or nothing: one that is
 * no longer pending (another roll took it first) refuses the whole use, so nothing is taken twice.
 */
export function usePending(state: CountdownState, id: string, taken: TakenOnes): Step {
  if (!taken.effort && !taken.pressure) return fail("notPending", id);
  let next = state;
  for (const kind of ["effort", "pressure"] as const) {
    if (!taken[kind]) continue;
    const step = consumePending(next, id, kind);
    if (!step.ok) return step;
    next = step.state;
  }
  return done(next, []);
}

/** CD-15, CD-17: discard a 1 for a ♥ save against Stunned; `saved` is the save's result. */
export function recoverStun(state: CountdownState, id: string, saved: boolean): Step {
  const p = findParticipant(state, id);
  if (p && !p.stunned) return fail("notStunned", id);
  const spent = spendOneFrom(state, id);
  if ("ok" in spent) return spent;
  const next = saved ? updateParticipant(spent.state, id, (q) => ({ ...q, stunned: false })) : spent.state;
  return settle(next, [{ type: "diceSpent", id, dice: [ONE] }]);
}

/**
 * CD-15: pay for a Soak by discarding a 1, or by burning one usable die (the lowest unless `die` names
 * one). The ♥ test, the once-per-instance limit and who may Soak are the caller's business.
 */
export function soak(state: CountdownState, id: string, payment: "one" | "burn", die?: number): Step {
  if (payment === "one") {
    const spent = spendOneFrom(state, id);
    if ("ok" in spent) return spent;
    return settle(spent.state, [{ type: "diceSpent", id, dice: [ONE] }]);
  }
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  if (!p.hand.some(isUsable)) return fail("noUsableDie", id);
  return burn(state, id, 1, die === undefined ? undefined : [die]);
}

/** CD-15: what a reactive defence adds to the defensive pips against the one attack it answers. */
export const REACTIVE_DEFENCE_PIPS = 2;

/** CD-15: a reactive defence discards the highest usable die; not while Defenseless. */
export function reactiveDefence(state: CountdownState, id: string, defenseless: boolean): Step {
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  if (defenseless) return fail("defenseless", id);
  const die = p.hand[0];
  if (die === undefined || !isUsable(die)) return fail("noUsableDie", id);
  const next = updateParticipant(state, id, (q) => ({ ...q, hand: q.hand.slice(1) }));
  return settle(next, [{ type: "diceSpent", id, dice: [die] }]);
}

/** CD-8: a participant declares it will not take its pool's action; the pool is lost. */
export function abandonPool(state: CountdownState, id: string): Step {
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  if (p.pool === null) return done(state, []);
  return done(
    updateParticipant(state, id, (q) => ({ ...q, pool: null })),
    [{ type: "poolLost", id }],
  );
}

/**
 * CD-20: "lose your next turn" discards every die in hand now, which turns the round Closing (CD-11) if
 * the participant holds no die either.
 */
export function loseTurn(state: CountdownState, id: string): Step {
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  const next = updateParticipant(state, id, (q) => ({ ...q, hand: [] }));
  return settle(next, [{ type: "diceSpent", id, dice: p.hand }]);
}

/**
 * CB-1, CD-2, CD-11: an Unconscious, dead or departed participant leaves the countdown without turning
 * it Closing. Its dice, held die and pool go with it [design: a creature that takes no actions keeps no
 * readied action].
 */
export function dropOut(state: CountdownState, id: string): Step {
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  const next = updateParticipant(state, id, (q) => ({
    ...q,
    active: false,
    hand: [],
    unkept: [],
    held: null,
    pool: null,
  }));
  const wasCalled = state.current === id;
  return done(wasCalled ? { ...next, current: null, bid: null, mustAct: false } : next, []);
}

/** CD-2: a participant that recovers joins again at the next round start, never within a round. */
export function rejoin(state: CountdownState, id: string): Step {
  const p = findParticipant(state, id);
  if (!p) return fail("unknownParticipant", id);
  if (state.phase !== "closed") return fail("roundInProgress", id);
  return done(
    updateParticipant(state, id, (q) => ({ ...q, active: true })),
    [],
  );
}

/**
 * CD-16, CD-11: a combatant added to the combat. Within a round it brings its rolled dice; joining with
 * none is like being surprised and turns the round Closing. On a round table (CD-18 b) it joins the end.
 */
export function addParticipant(
  state: CountdownState,
  init: ParticipantInit,
  dice: readonly number[] = [],
): Step {
  if (findParticipant(state, init.id)) return fail("duplicate", init.id);
  if (!dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) return fail("badValue", init.id);
  const inRound = state.phase !== "closed";
  const p: CountdownParticipant = { ...newParticipant(init), hand: inRound ? sortHand(dice) : [] };
  const next: CountdownState = {
    ...state,
    participants: [...state.participants, p],
    table: state.table && p.active ? { ...state.table, order: [...state.table.order, p.id] } : state.table,
  };
  return settle(next, []);
}

/**
 * CD-3: the tracker's "keep instead" button: an unkept die `die` comes into the hand in place of the
 * lowest kept die (or, when that one shows the same value, the lowest kept die above it), so repeated
 * swaps reach any choice of kept dice, 1s kept for CD-15 included.
 */
export function swapIn(state: CountdownState, id: string, die: number): Step {
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  if (!p.unkept.includes(die)) return fail("dieNotInHand", id);
  const lowest = p.hand[p.hand.length - 1];
  const out = die === lowest ? p.hand.filter((d) => d > die).at(-1) : lowest;
  const rest = out === undefined ? null : removeDice(p.hand, [out]);
  if (rest === null) return fail("badKeep", id);
  return swapKept(state, id, [...rest, die]);
}

/** CD-3: before the first call, the owner of a pool over 8 may keep other rolled dice than the highest. */
export function swapKept(state: CountdownState, id: string, keep: readonly number[]): Step {
  if (state.phase === "closed") return fail("roundClosed");
  if (state.calls.length > 0) return fail("afterFirstCall", id);
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  const rest = removeDice([...p.hand, ...p.unkept], keep);
  if (rest === null || keep.length !== p.hand.length) return fail("badKeep", id);
  return done(
    updateParticipant(state, id, (q) => ({ ...q, hand: sortHand(keep), unkept: sortHand(rest) })),
    [],
  );
}
