/**
 * DOM-4, DOM-5, ST-2: a face-down domino revealed when it is needed, and the pips a revealed domino and
 * a shown stance give.
 */
import { revealHeld, type Domino } from "../dominoes";
import type { InitiativeMode } from "../initiative";
import { stancePips, type StancePips } from "../stances";
import type { RollDie } from "../vocabulary";
import {
  ok,
  refuse,
  type CombatantFacts,
  type CombatantRound,
  type RoundResult,
  type RoundState,
} from "./state";

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
