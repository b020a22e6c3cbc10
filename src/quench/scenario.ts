/**
 * What the live batch does and checks, free of Foundry so the table layer runs the same logic against
 * its stand-in (test/table/quench-scenario.test.ts) and the batch cannot drift from the system again:
 * where the batch's tokens stand, which request the GM sends at each step of a round, when Foundry's
 * turn agrees with Zilch's, and which console lines are Foundry's deprecation warnings.
 */
import type { CombatRequest } from "../rules/round/authority";
import type { RoundState } from "../rules/round/state";
import { turnChange, type FoundryTurn } from "../rules/round/turn-sync";

/** Explicit Mocha timeouts: a live world's writes take far longer than Mocha's default 2 s. */
export const STEP_TIMEOUT_MS = 60_000;
export const SETUP_TIMEOUT_MS = 30_000;

/**
 * Where Ana, Bo and the orc stand, in pixels, on a square grid of `size`: the orc in the square next
 * to Ana (RNG-1: a reach-1 weapon reaches an adjacent square), Bo beside her.
 */
export function tokenPlaces(size: number): { x: number; y: number }[] {
  return [
    { x: size, y: size },
    { x: size, y: 2 * size },
    { x: 2 * size, y: size },
  ];
}

/** Foundry's round and turn already say what Zilch's round says (turn-sync.ts has nothing to write). */
export function turnAgrees(combat: FoundryTurn, state: RoundState): boolean {
  return Object.keys(turnChange(combat, state)).length === 0;
}

/**
 * The GM's next request in a countdown round (CD-5, CD-18): the called participant acts; a lowering
 * of the Closing die is resolved; with nobody called, the next call. Null once the round is closed.
 */
export function countdownRequest(state: RoundState, combatId: string): CombatRequest | null {
  const cd = state.countdown;
  if (!cd || cd.phase === "closed") return null;
  if (cd.lowering) return { kind: "resolveLowering", combatId };
  if (cd.current !== null)
    return { kind: "countdownChoice", combatId, combatantId: cd.current, choice: { kind: "act" } };
  return { kind: "nextCall", combatId };
}

/** Foundry's deprecation warning ("Deprecated since Version 14 … Backwards-compatible support …"). */
const DEPRECATION = /Deprecated since Version|Backwards-compatible support will be removed/;

/**
 * Records every deprecation warning written to `console.warn` or `console.error` until `stop`, which
 * restores the console and returns them: the batch fails on any, so a live run on v14 names each
 * deprecated call the system still makes.
 */
export function watchDeprecations(target: Pick<Console, "warn" | "error">): { stop(): string[] } {
  const seen: string[] = [];
  const original = { warn: target.warn, error: target.error };
  for (const level of ["warn", "error"] as const)
    target[level] = (...args: unknown[]) => {
      const text = args.map(String).join(" ");
      if (DEPRECATION.test(text)) seen.push(text.split("\n")[0] ?? text);
      original[level].apply(target, args);
    };
  return {
    stop() {
      target.warn = original.warn;
      target.error = original.error;
      return seen;
    },
  };
}
