/**
 * What a step of the attack card carries while the active GM's client runs it: the request, the
 * card's state, the two creatures and the dice rolled so far (read by ./step.ts and ./effects.ts).
 */
import type { AttackState } from "../../rules/attack/index";
import { ZilchTestRoll } from "../../dice/zilch-test-roll";
import type { AttackStepData } from "./requests";

/** What a step's handler reads: the request, the card's state, the two creatures, the dice rolled so far. */
export interface StepContext {
  readonly data: AttackStepData;
  readonly state: AttackState;
  readonly attacker: Actor.Implementation | null;
  readonly defender: Actor.Implementation | null;
  /** The formulas the step rolls (src/dice/attack-card.ts diceFor). */
  readonly formulas: readonly string[];
  /** Every Roll of the step, for Dice So Nice. */
  readonly rolls: Roll[];
}

/** T-1: a test's roll (ZilchTestRoll), its Rolls kept for Dice So Nice. */
export async function rollTest(rolls: Roll[]): Promise<number> {
  const rolled = await ZilchTestRoll.rollTest();
  rolls.push(...rolled.rolls);
  return rolled.roll;
}
