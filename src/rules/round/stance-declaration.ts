/**
 * ST-1, ST-3: the stances a combatant may declare, the secret declarations in the GM's ballot (and a
 * late joiner's, shown at once), and the reveal once all are in or the GM forces it.
 */
import { forcedRevealStance, stanceOptions } from "../stances";
import type { Stance } from "../vocabulary";
import {
  ok,
  refuse,
  type CombatantFacts,
  type CombatantRound,
  type RoundResult,
  type RoundState,
  type StanceBallot,
} from "./state";

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
