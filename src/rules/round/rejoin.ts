/**
 * INI-6: a creature removed from the combat and added again in the same round is not a new joiner. It
 * keeps the domino it held and the turn it has had (taken or not, with what that turn did), so taking a
 * combatant out and back cannot buy a second turn or a fresh domino. Who it is goes by its token, or by
 * its actor when it has none, never by the combatant's id, which is new each time it is added.
 */
import { spadesOrder } from "./spades-turns";
import type { CombatantFacts, CombatantRound, RoundState, RoundUpdate } from "./state";

/** INI-6: the joiner's fields in `joined` as `earlier` (this round's, before it left) had them. */
export function rejoined(
  joined: RoundUpdate,
  joinerId: string,
  earlier: CombatantRound | null,
  facts: readonly CombatantFacts[],
): RoundUpdate {
  if (earlier === null || joined.state.round === 0) return joined;
  const combatants = joined.combatants.map((c) =>
    c.id === joinerId
      ? {
          ...c,
          stance: earlier.stance,
          lastStance: earlier.lastStance,
          domino: earlier.domino,
          turnTaken: earlier.turnTaken,
          ...(earlier.turn === undefined ? {} : { turn: earlier.turn }),
        }
      : c,
  );
  // INI-2, INI-4: its place in the order is the one its old domino gives.
  const state: RoundState =
    joined.state.mode === "spades"
      ? { ...joined.state, order: spadesOrder(facts, combatants, joined.state) }
      : joined.state;
  return { ...joined, state, combatants };
}
