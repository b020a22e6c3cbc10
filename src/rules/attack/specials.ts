/** SP-1..SP-3: a Special Attack's contest or the GM's ruling, and a Grapple's escapes, pins and release. */
import {
  escapeRoll,
  grappleAfter,
  specialAttackOutcome,
  SPECIAL_CONTEST_SUITS,
  startGrapple,
  type Grapple,
} from "../special";
import { contest, degreeOfSuccess, isSuccess, type ContestSide } from "../tests";
import type { Condition, Suit } from "../vocabulary";
import { grappleMove } from "../special";
import type { AttackStepResult, ActionOf } from "./actions";
import { isRoll } from "./checks";
import {
  attackerContestTarget,
  defenderSpadesTest,
  type AttackSetup,
  type AttackState,
  type ContestRoll,
  SPECIAL_RULINGS,
  type SpecialState,
  type GrappleEntry,
} from "./types";

/** SP-1, SP-2: the Special Attack's contest. */
export function specialContestStep(state: AttackState, action: ActionOf<"specialContest">): AttackStepResult {
  const kind = state.declaration.special;
  if (!kind) return { ok: false, code: "wrongStep" };
  if (!specialDefenderSuits(state).includes(action.suit)) return { ok: false, code: "badSuit" };
  if (!isRoll(action.attackerRoll) || !isRoll(action.defenderRoll)) return { ok: false, code: "badDice" };
  // SP-1 step 5: no pips; the cards alone are the targets.
  const a: ContestSide = { target: attackerContestTarget(state), roll: action.attackerRoll };
  const b: ContestSide = { target: defenderCard(state, action.suit), roll: action.defenderRoll };
  const c = contest(a, b);
  const winner = c.winner === "a" || c.winner === "b" ? c.winner : "draw";
  const outcome = specialAttackOutcome(kind, true, { winner, pointsWonBy: c.pointsWonBy });
  return {
    ok: true,
    state: afterSpecial(state, {
      kind,
      ruling: null,
      attacker: { suit: SPECIAL_CONTEST_SUITS.attacker[0], ...a, dos: c.dos.a },
      defender: { suit: action.suit, ...b, dos: c.dos.b },
      winner,
      outcome,
      held: outcome.effect === "disarm" ? [...(action.held ?? [])] : [],
    }),
  };
}

/** SP-1: the GM rules the Special Attack instead of a contest. */
export function specialRulingStep(state: AttackState, action: ActionOf<"specialRuling">): AttackStepResult {
  const kind = state.declaration.special;
  if (!kind) return { ok: false, code: "wrongStep" };
  if (!SPECIAL_RULINGS.includes(action.ruling)) return { ok: false, code: "badRuling" };
  // [design] An automatic win rolls nothing, so a Bullrush wins by the least: 1 point, 2 squares.
  const winner = action.ruling === "win" ? "a" : "draw";
  const outcome = specialAttackOutcome(kind, true, { winner, pointsWonBy: 1 });
  const held = outcome.effect === "disarm" ? [...(action.held ?? [])] : [];
  return {
    ok: true,
    state: afterSpecial(state, {
      kind,
      ruling: action.ruling,
      attacker: null,
      defender: null,
      winner,
      outcome,
      held,
    }),
  };
}

/** SP-3: the grappled creature tries to escape. */
export function escapeStep(state: AttackState, action: ActionOf<"escape">): AttackStepResult {
  const g = state.grapple?.grapple;
  if (!g) return { ok: false, code: "grappleOver" };
  const how = escapeRoll(g, action.escapeContest);
  if (!how.suits.includes(action.suit)) return { ok: false, code: "badSuit" };
  if (!isRoll(action.roll) || (how.kind === "contest" && !isRoll(action.controllerRoll)))
    return { ok: false, code: "badDice" };
  const victim = { target: defenderCard(state, action.suit) + how.modifier, roll: action.roll };
  let own: ContestRoll;
  let other: ContestRoll | null = null;
  let succeeded: boolean;
  if (how.kind === "contest") {
    const controller = { target: attackerContestTarget(state), roll: action.controllerRoll! };
    const c = contest(controller, victim);
    succeeded = c.winner === "b";
    own = { suit: action.suit, ...victim, dos: c.dos.b };
    other = { suit: how.against ?? "clubs", ...controller, dos: c.dos.a };
  } else {
    const dos = degreeOfSuccess(victim.roll, victim.target);
    succeeded = isSuccess(dos);
    own = { suit: action.suit, ...victim, dos };
  }
  return {
    ok: true,
    state: afterGrappleEvent(
      state,
      g,
      { type: "escape", succeeded },
      { type: "escape", own, other, succeeded },
    ),
  };
}

/** SP-3: the controller tries to pin. */
export function pinStep(state: AttackState, action: ActionOf<"pin">): AttackStepResult {
  const g = state.grapple?.grapple;
  if (!g) return { ok: false, code: "grappleOver" };
  if (g.pinned) return { ok: false, code: "alreadyPinned" };
  if (!isRoll(action.controllerRoll) || !isRoll(action.victimRoll)) return { ok: false, code: "badDice" };
  const suit = pinDefenceSuit(state);
  const controller = { target: attackerContestTarget(state), roll: action.controllerRoll };
  const victim = { target: defenderCard(state, suit), roll: action.victimRoll };
  const c = contest(controller, victim);
  const winner = c.winner === "a" || c.winner === "b" ? c.winner : "draw";
  const entry: GrappleEntry = {
    type: "pin",
    own: { suit: "clubs", ...controller, dos: c.dos.a },
    other: { suit, ...victim, dos: c.dos.b },
    succeeded: winner === "a",
  };
  return {
    ok: true,
    state: afterGrappleEvent(
      state,
      g,
      { type: "pin", contest: { winner, pointsWonBy: c.pointsWonBy } },
      entry,
    ),
  };
}

/** SP-3: the controller lets go. */
export function releaseStep(state: AttackState): AttackStepResult {
  const g = state.grapple?.grapple;
  if (!g) return { ok: false, code: "grappleOver" };
  return {
    ok: true,
    state: afterGrappleEvent(
      state,
      g,
      { type: "release" },
      { type: "release", own: null, other: null, succeeded: true },
    ),
  };
}

/** SP-1 step 2: the suits the defender may test (♣ only when its eff(♣) is known). */
export function specialDefenderSuits(state: AttackSetup): Suit[] {
  return SPECIAL_CONTEST_SUITS.defender.filter((s) => s !== "clubs" || state.defender.clubs !== undefined);
}

/** SP-1, SP-3, T-2: the defender's test target on a contest suit (no pips, SP-1 step 5). */
export function defenderCard(state: AttackSetup, suit: Suit): number {
  return suit === "clubs" ? (state.defender.clubs ?? 0) : defenderSpadesTest(state);
}

/** SP-1: the defender's default choice, its better card (♠ on a tie: the card it defends with). */
export function defaultSpecialSuit(state: AttackSetup): Suit {
  const suits = specialDefenderSuits(state);
  return suits.reduce(
    (best, s) => (defenderCard(state, s) > defenderCard(state, best) ? s : best),
    suits[suits.length - 1],
  );
}

/** SP-3 Pin: the victim resists with its better of ♣ and ♠ [design: the choice it would make anyway]. */
export function pinDefenceSuit(state: AttackSetup): Suit {
  return defaultSpecialSuit(state);
}

/** SP-2: a won Grapple starts the SP-3 grapple; every other outcome ends the card. */
function afterSpecial(state: AttackState, special: SpecialState): AttackState {
  if (special.outcome.effect !== "grapple") return { ...state, special, step: "done" };
  const grapple = startGrapple(state.attacker.actorId, state.defender.actorId);
  return { ...state, special, step: "grapple", grapple: { grapple, log: [] } };
}

/** SP-3: record an event; the card is finished when the grapple ends. */
function afterGrappleEvent(
  state: AttackState,
  g: Grapple,
  event: Parameters<typeof grappleAfter>[1],
  entry: GrappleEntry,
): AttackState {
  const next = grappleAfter(g, event);
  const log = [...(state.grapple?.log ?? []), entry];
  return { ...state, step: next ? "grapple" : "done", grapple: { grapple: next, log } };
}

/** SP-4, SZ-4: which grapplers are Anchored: those whose partner is a larger full size. */
export function anchoredGrapplers(state: Pick<AttackState, "attacker" | "defender">): {
  attacker: boolean;
  defender: boolean;
} {
  return {
    attacker: grappleMove(state.attacker.size, state.defender.size) === "anchored",
    defender: grappleMove(state.defender.size, state.attacker.size) === "anchored",
  };
}

/**
 * SP-2, SP-3, SP-4: the conditions an action's outcome sets (true) or clears (false) on each side; a
 * grappler held by a larger creature is Anchored while the grapple lasts.
 */
export function specialConditionChanges(
  before: AttackState,
  after: AttackState,
): { attacker: [Condition, boolean][]; defender: [Condition, boolean][] } {
  const out: { attacker: [Condition, boolean][]; defender: [Condition, boolean][] } = {
    attacker: [],
    defender: [],
  };
  if (before.step === "special" && after.special) {
    const o = after.special.outcome;
    if (o.effect === "grapple") {
      out.attacker.push([o.attacker, true]);
      out.defender.push([o.target, true]);
      const anchored = anchoredGrapplers(after);
      if (anchored.attacker) out.attacker.push(["anchored", true]);
      if (anchored.defender) out.defender.push(["anchored", true]);
    }
    if (o.effect === "trip") out.defender.push([o.target, true]);
  }
  const was = before.grapple?.grapple;
  if (before.step === "grapple" && was) {
    const now = after.grapple?.grapple ?? null;
    if (now === null) {
      out.attacker.push(["grappling", false]);
      out.defender.push(["grappled", false]);
      if (was.pinned) out.defender.push(["pinned", false]);
      const anchored = anchoredGrapplers(before);
      if (anchored.attacker) out.attacker.push(["anchored", false]);
      if (anchored.defender) out.defender.push(["anchored", false]);
    } else if (now.pinned && !was.pinned) out.defender.push(["pinned", true]);
  }
  return out;
}
