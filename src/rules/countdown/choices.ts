/**
 * CD-6 to CD-10 and CD-13: what a called participant does, and the held-die interrupts and challenges.
 * A player's mistake comes back as a typed error and changes nothing.
 */
import { copyParticipant, copyState } from "./copy";
import { highestDie, holdsDice, isUsable, ONE, removeDice } from "./hand";
import { compareCallKeys } from "./order";
import { purchase } from "./speeds";
import { activeParticipant, fail, isError, participantIndex, replaceAt, settle } from "./state";
import type {
  CountdownError,
  CountdownEvent,
  CountdownParticipant,
  CountdownState,
  DiscardPool,
  NamedAction,
  Step,
} from "./types";

/** CD-8: what a discard pool's dice add up to, the value it pays with. */
export function poolTotal(dice: readonly number[]): number {
  return dice.reduce((sum, d) => sum + d, 0);
}

/**
 * CD-8: the dice of `pool` after an Accumulate adds `die` toward `action`: a pool named for another
 * action is lost, so only the new die counts.
 */
export function accumulatedDice(pool: DiscardPool | null, action: string, die: number): number[] {
  return [...(pool !== null && pool.action === action ? pool.dice : []), die];
}

/** How an Act is paid beyond its die: the action bought, the CD-9 +1 from a 1, and AC-2 Hampered. */
export interface ActDetails {
  /** The Standard action wanted; without it the die buys one Minor (CD-7). */
  readonly action?: NamedAction;
  /** CD-9: discard a 1 from hand for +1 to the paying value. */
  readonly plusOne?: boolean;
  /** CD-20: a Hampered Act buys one Standard action or one Minor. */
  readonly hampered?: boolean;
}

/** CD-6 and CD-13: the called participant's choice. Holders choose `actHeld` or `keepHolding`. */
export type Choice =
  | ({ readonly kind: "act" } & ActDetails)
  | { readonly kind: "pass"; readonly die: number }
  | ({ readonly kind: "accumulate"; readonly action: NamedAction; readonly die: number } & Omit<
      ActDetails,
      "action"
    >)
  | { readonly kind: "hold" }
  | ({ readonly kind: "actHeld" } & ActDetails)
  | { readonly kind: "keepHolding"; readonly die: number };

type Paid = { p: CountdownParticipant; events: CountdownEvent[] } | { ok: false; error: CountdownError };

/** A participant's hand and held die once the die paying for an Act is out of them. */
interface Spent {
  readonly hand: readonly number[];
  readonly held: number | null;
}

/**
 * CD-7, CD-8, CD-9: pay an Act with `value` from a participant `p` whose paying die is already out of
 * `spent`: the optional 1 is discarded, and any discard pool is emptied whichever action this pays for.
 * The changed participant is built in one step (a round makes about a thousand of these).
 */
function pay(
  p: CountdownParticipant,
  spent: Spent,
  value: number,
  details: ActDetails,
  via: "hand" | "held" | "pool",
  speed: number | null = details.action?.speed ?? null,
): Paid {
  let hand = spent.hand;
  let paid = value;
  if (details.plusOne) {
    const rest = removeDice(hand, [ONE]);
    if (rest === null) return fail("noOneInHand", p.id);
    hand = rest;
    paid += 1;
  }
  const events: CountdownEvent[] = [];
  if (p.pool !== null && via !== "pool") events.push({ type: "poolLost", id: p.id });
  const bought = purchase(paid, speed, { stunned: p.stunned, hampered: details.hampered });
  events.push({ type: "acted", id: p.id, value: paid, purchase: bought, first: p.acts === 0, via });
  const paying = copyParticipant(p);
  paying.hand = hand;
  paying.held = spent.held;
  paying.pool = null;
  paying.acts = p.acts + 1;
  return { p: paying, events };
}

function resolve(p: CountdownParticipant, choice: Choice, bidDie: number | null): Paid {
  switch (choice.kind) {
    case "act": {
      const die = bidDie ?? highestDie(p.hand);
      // CD-10: a 1 never pays for an action (a hand of only 1s has nothing to Act with).
      if (!isUsable(die)) return fail("noUsableDie", p.id);
      return pay(p, { hand: removeDice(p.hand, [die]) as number[], held: p.held }, die, choice, "hand");
    }
    // CD-6, CD-10: a pass (or keeping a held die) may discard any die, a 1 included.
    case "pass":
    case "keepHolding": {
      const hand = removeDice(p.hand, [choice.die]);
      if (hand === null) return fail("dieNotInHand", p.id);
      return { p: { ...p, hand }, events: [{ type: "passed", id: p.id, die: choice.die }] };
    }
    case "accumulate": {
      if (p.stunned) return fail("stunnedMoveOnly", p.id);
      // CD-8, CD-10: a 1 adds nothing to a pool; only a usable die is accumulated.
      if (!isUsable(choice.die)) return fail("notUsable", p.id);
      const hand = removeDice(p.hand, [choice.die]);
      if (hand === null) return fail("dieNotInHand", p.id);
      const events: CountdownEvent[] = [];
      const same = p.pool !== null && p.pool.action === choice.action.action;
      if (p.pool !== null && !same) events.push({ type: "poolLost", id: p.id });
      const dice = accumulatedDice(p.pool, choice.action.action, choice.die);
      const total = poolTotal(dice);
      const { speed } = choice.action;
      if (total + (choice.plusOne ? 1 : 0) >= speed) {
        const paid = pay(p, { hand, held: p.held }, total, choice, "pool", speed);
        return isError(paid) ? paid : { p: paid.p, events: [...events, ...paid.events] };
      }
      if (choice.plusOne) return fail("plusOneWithoutAction", p.id);
      events.push({ type: "accumulated", id: p.id, die: choice.die, total });
      return { p: { ...p, hand, pool: { action: choice.action.action, speed, dice } }, events };
    }
    case "hold": {
      const die = highestDie(p.hand);
      if (!isUsable(die)) return fail("noUsableDie", p.id);
      const hand = removeDice(p.hand, [die]) as number[];
      return { p: { ...p, hand, held: die }, events: [{ type: "held", id: p.id, die }] };
    }
    case "actHeld":
      return pay(p, { hand: p.hand, held: null }, p.held as number, choice, "held");
  }
}

const HOLDER_CHOICES: ReadonlySet<Choice["kind"]> = new Set<Choice["kind"]>(["actHeld", "keepHolding"]);

/**
 * CD-6, CD-13: resolve the called participant's choice. With a bid won (CD-18 a) it must Act with the
 * bid die; after a challenge (CD-13) it must Act. The CD-11 Closing check follows the finished choice.
 */
export function choose(state: CountdownState, choice: Choice): Step {
  if (state.phase === "closed") return fail("roundClosed");
  if (state.current === null) return fail("notCalled");
  const at = participantIndex(state, state.current);
  const p = state.participants[at];
  const bidDie = state.bid !== null && holdsDice(p.hand, [state.bid]) ? state.bid : null;
  if (bidDie !== null && choice.kind !== "act") return fail("mustActWithBid", p.id);
  if (bidDie === null && (p.held !== null) !== HOLDER_CHOICES.has(choice.kind))
    return fail("wrongChoice", p.id);
  const paid = resolve(p, choice, bidDie);
  if (isError(paid)) return paid;
  const acted = paid.p.acts > p.acts;
  if (state.mustAct && !acted) return fail("mustAct", p.id);
  const next = copyState(state);
  next.participants = replaceAt(state.participants, at, paid.p);
  next.current = null;
  next.bid = null;
  next.mustAct = false;
  next.lastActor = acted ? p.id : null;
  return settle(next, paid.events);
}

function holder(
  state: CountdownState,
  id: string,
): CountdownParticipant | { ok: false; error: CountdownError } {
  const p = activeParticipant(state, id);
  if (isError(p)) return p;
  if (p.held === null) return fail("notHolding", id);
  return p;
}

/** CD-13: after another participant completes an Act, a holder acts at once with its held die. */
export function interrupt(state: CountdownState, holderId: string, details: ActDetails = {}): Step {
  if (state.phase === "closed") return fail("roundClosed");
  if (state.current !== null) return fail("awaitingChoice");
  if (state.lastActor === null) return fail("notInterruptible");
  if (state.lastActor === holderId) return fail("ownAct", holderId);
  const h = holder(state, holderId);
  if (isError(h)) return h;
  const paid = pay(h, { hand: h.hand, held: null }, h.held as number, details, "held");
  if (isError(paid)) return paid;
  const next: CountdownState = {
    ...state,
    participants: state.participants.map((q) => (q.id === h.id ? paid.p : q)),
    lastActor: h.id,
  };
  return settle(next, paid.events);
}

/**
 * CD-13: a holder challenges the called participant, who has declared an Act. `holderWins` is the
 * result of the ♠ contest with an immediate winner (T-9), the holder initiating. Either way the holder
 * acts now with its held die; the event says whether it goes before or after the interrupted Act, which
 * must then be taken.
 */
export function challenge(
  state: CountdownState,
  holderId: string,
  holderWins: boolean,
  details: ActDetails = {},
): Step {
  if (state.phase === "closed") return fail("roundClosed");
  if (state.current === null) return fail("notCalled");
  if (state.current === holderId) return fail("ownAct", holderId);
  const h = holder(state, holderId);
  if (isError(h)) return h;
  const paid = pay(h, { hand: h.hand, held: null }, h.held as number, details, "held");
  if (isError(paid)) return paid;
  const events: CountdownEvent[] = [
    { type: "challenged", holder: h.id, actor: state.current, holderFirst: holderWins },
    ...paid.events,
  ];
  const next: CountdownState = {
    ...state,
    participants: state.participants.map((q) => (q.id === h.id ? paid.p : q)),
    mustAct: true,
  };
  return settle(next, events);
}

/** CD-13: several holders who want to interrupt go in CD-5 order, each held die counting as its highest. */
export function interruptOrder(state: CountdownState, ids: readonly string[]): string[] {
  return state.participants
    .filter((p) => ids.includes(p.id) && p.active && p.held !== null)
    .sort((a, b) => compareCallKeys(a, b, a.held as number, b.held as number))
    .map((p) => p.id);
}
