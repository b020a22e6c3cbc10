import {
  createCountdown,
  startRound,
  type CountdownOptions,
  type CountdownState,
  type ParticipantInit,
  type Step,
} from "../../src/rules/countdown";

/** The state after a step the test expects to succeed; a refusal fails the test with its code. */
export function ok(step: Step): CountdownState {
  if (!step.ok) throw new Error(`unexpected error ${step.error.code}`);
  return step.state;
}

/** The refusal code of a step, or undefined when it succeeded. */
export const code = (step: Step): string | undefined => (step.ok ? undefined : step.error.code);

/** The participant `id` of a countdown. */
export const who = (s: CountdownState, id: string) => s.participants.find((p) => p.id === id)!;

/** CD-1: a countdown of `inits` with round 1 started on the given hands. */
export const round = (
  inits: ParticipantInit[],
  hands: Record<string, number[]>,
  options: Partial<CountdownOptions> = {},
): CountdownState => ok(startRound(createCountdown(inits, options), hands));
