/**
 * A combatant entering the combat (INI-3, INI-4, INI-6, DOM-6): its hidden tiebreaker and own die, its
 * place among the others, and, mid-round, its domino, its turn if its place has not passed, and its
 * countdown hand.
 */
import { faceDownDomino, receivesDomino } from "../dominoes";
import {
  drawTiebreak,
  initiativeSlowed,
  joinerActsThisRound,
  makeRoomAt,
  type SpadesRandomizer,
} from "../initiative";
import type { RollDie } from "../vocabulary";
import { rollPool } from "../countdown/pool";
import { addParticipant } from "../countdown/effects";
import type { CombatantFacts, CombatantRound, RoundState, RoundUpdate } from "./state";
import { activity, entry, spadesOrder } from "./spades-turns";

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
