/**
 * ST-1, AC-1, AC-3, GW-4 on the active GM's client: an attack declared in a running combat waits for
 * the stances to be shown, and outside the attacker's own turn it is one the rules allow
 * (src/rules/round/out-of-turn.ts) and is counted.
 *
 * Everything read here is the combat's own GM-written state (docs/multiplayer.md §2): Zilch's round
 * state decides whether a round runs and whose turn it is, not Foundry's `round` and `turn`, which a
 * player may write (Nimble-Co/FoundryVTT-Nimble#853). The count lives in the combat's flags
 * (`flags.zilch.outOfTurn`, by combatant id), which only GMs write.
 */
import { SYSTEM_ID } from "../../data/settings";
import { serially } from "../../requests/serial";
import { reactionFollowUp } from "../../rules/attack/windows";
import type { AttackState } from "../../rules/attack/index";
import {
  afterAttack,
  afterEarned,
  countedOutOfTurn,
  outOfTurnProblem,
  tallyOf,
  type OutOfTurnTally,
} from "../../rules/round/out-of-turn";
import { inTurn } from "../../rules/round/turn-record";
import type { ZilchCombat } from "../combat/zilch-combat";
import { startedCombatantOf } from "./actors";
import { refused, type Refusal } from "./refusal";

export const OUT_OF_TURN_FLAG = "outOfTurn";

/** The creature's combatant in a fight whose Zilch round runs, wherever the GM's canvas is. */
function fightingCombatant(actor: Actor.Implementation): { combat: ZilchCombat; id: string } | null {
  const found = startedCombatantOf(actor);
  return found ? { combat: found.combat, id: found.combatantId } : null;
}

/** The combatant's tally for this round of Zilch's round state. */
export function outOfTurnTally(combat: ZilchCombat, combatantId: string): OutOfTurnTally {
  const stored: unknown = combat.getFlag(SYSTEM_ID, OUT_OF_TURN_FLAG);
  const entry = typeof stored === "object" && stored !== null ? Reflect.get(stored, combatantId) : undefined;
  return tallyOf(entry, combat.zilchState.round);
}

async function writeTally(combat: ZilchCombat, id: string, tally: OutOfTurnTally): Promise<void> {
  await combat.setFlag(SYSTEM_ID, OUT_OF_TURN_FLAG, { [id]: tally });
}

/** Who declares what: the attacker, whether the sender is a GM, whether it takes an opportunity offer. */
export interface OutOfTurnParties {
  readonly attacker: Actor.Implementation;
  readonly byGM: boolean;
  readonly opportunity: string | null;
}

/**
 * ST-1, AC-1: check the attack against the round, run `record` (the turn's own record of it, which may
 * refuse), then count it when it was made outside the turn. One attacker's declarations are judged one
 * after the other, so two at once cannot both use the one attack a Ready left.
 */
export function checkedOutOfTurn<T extends object>(
  p: OutOfTurnParties,
  record: () => Promise<Refusal | T>,
): Promise<Refusal | T> {
  const found = fightingCombatant(p.attacker);
  if (!found) return record();
  return serially(`outOfTurn.${found.combat.id}.${found.id}`, async () => {
    const { combat, id } = found;
    const state = combat.zilchState;
    const tally = outOfTurnTally(combat, id);
    const input = {
      stancesShown: state.stancesShown,
      inTurn: inTurn(state, id),
      opportunity: p.opportunity !== null,
      byGM: p.byGM,
      readied: combat.zilchRoundOf(id).turn?.actions.includes("ready") ?? false,
      tally,
    };
    const problem = outOfTurnProblem(input);
    if (problem) return refused(problem);
    const result = await record();
    if (!("ok" in result) && countedOutOfTurn(input)) await writeTally(combat, id, afterAttack(tally));
    return result;
  });
}

/**
 * GW-4: on the GM's client, a step whose reaction earned the defender a Slip or Parry (it had none
 * before the step) gives the defender's combatant one more out-of-turn attack this round.
 */
export async function noteFollowUp(
  before: AttackState,
  after: AttackState,
  defender: Actor.Implementation | null,
): Promise<void> {
  if (!defender || reactionFollowUp(before) !== null || reactionFollowUp(after) === null) return;
  const found = fightingCombatant(defender);
  if (!found) return;
  const { combat, id } = found;
  await serially(`outOfTurn.${combat.id}.${id}`, () =>
    writeTally(combat, id, afterEarned(outOfTurnTally(combat, id))),
  );
}
