/**
 * Spades mode's round (INI-2, INI-4, INI-5, CB-4): each combatant's initiative, the order it gives, the
 * GM's reordering, and the next turn, whose holder's domino is revealed as it begins (DOM-5).
 */
import type { Domino } from "../dominoes";
import {
  mayActNow,
  initiativeOrder,
  initiativeSide,
  initiativeSlowed,
  initiativeValue,
  randomPart,
  type InitiativeEntry,
} from "../initiative";
import type { RollDie } from "../vocabulary";
import {
  ok,
  refuse,
  type CombatantFacts,
  type CombatantRound,
  type RoundResult,
  type RoundState,
} from "./state";
import { revealDominoOf } from "./domino-reveal";

/** CB-1, CB-3, DOM-6 facts in the shape src/rules/initiative reads. */
export function activity(f: CombatantFacts, c: CombatantRound, surprise: boolean) {
  return { conditions: f.conditions, absent: f.absent, surpriseRound: surprise, aware: c.aware };
}

/** INI-2, INI-3: a combatant's Spades initiative value now. */
export function spadesInitiative(
  f: CombatantFacts,
  c: CombatantRound,
  state: Pick<RoundState, "randomizer" | "sides">,
): number {
  const side = initiativeSide(f);
  const rolls = { own: c.ownDie ?? undefined, sides: state.sides ?? undefined };
  return initiativeValue({
    spades: f.spades,
    slowed: initiativeSlowed(f.conditions),
    alert: f.alert,
    burn: f.burn,
    random: randomPart(state.randomizer, side, rolls),
  });
}

export function entry(
  f: CombatantFacts,
  c: CombatantRound,
  state: Pick<RoundState, "randomizer" | "sides">,
): InitiativeEntry {
  return {
    id: f.id,
    init: spadesInitiative(f, c, state),
    pc: f.pc,
    cunning: f.cunning,
    tiebreak: c.tiebreak,
  };
}

/** INI-2, INI-4, INI-5: the Spades order for this round, every combatant included. */
export function spadesOrder(
  facts: readonly CombatantFacts[],
  stored: readonly CombatantRound[],
  state: Pick<RoundState, "randomizer" | "sides">,
): string[] {
  const byId = new Map(stored.map((c) => [c.id, c]));
  const entries = facts.flatMap((f) => {
    const c = byId.get(f.id);
    return c ? [entry(f, c, state)] : [];
  });
  return initiativeOrder(entries).map((e) => e.id);
}

/**
 * CB-2 step 2, CB-4: begin the next Spades turn: the first combatant in the order that has not had its
 * turn and can act, whose domino is revealed now (DOM-5). Returns the round over (current null) when
 * none is left.
 */
export function nextSpadesTurn(
  state: RoundState,
  stored: readonly CombatantRound[],
  facts: readonly CombatantFacts[],
  rollDie: RollDie,
): RoundResult<{ state: RoundState; combatants: CombatantRound[]; domino: Domino | null }> {
  if (state.mode !== "spades") return refuse("notSpadesMode");
  const done = new Set(stored.filter((c) => c.turnTaken).map((c) => c.id));
  if (state.current !== null) done.add(state.current);
  let combatants = stored.map((c) => (c.id === state.current ? { ...c, turnTaken: true } : c));
  const byFacts = new Map(facts.map((f) => [f.id, f]));
  const next =
    state.order.find(
      (id) =>
        !done.has(id) &&
        mayActNow(
          byFacts.get(id),
          combatants.find((x) => x.id === id),
          state.surprise,
        ),
    ) ?? null;
  let deckState: RoundState = { ...state, current: next };
  let domino: Domino | null = null;
  const holder = combatants.find((c) => c.id === next);
  if (holder?.domino?.state === "faceDown") {
    const revealed = revealDominoOf(deckState, combatants, holder.id, rollDie);
    if (revealed.ok) {
      deckState = revealed.value.state;
      combatants = revealed.value.combatants;
      domino = revealed.value.domino;
    }
  }
  return ok({ state: deckState, combatants, domino });
}

/** INI-4: the GM reorders the Spades order by hand (the tracker's drag or up/down). */
export function reorder(state: RoundState, order: readonly string[]): RoundResult<RoundState> {
  if (state.mode !== "spades") return refuse("notSpadesMode");
  const same = order.length === state.order.length && order.every((id) => state.order.includes(id));
  if (!same) return refuse("unknownCombatant");
  return ok({ ...state, order: [...order] });
}
