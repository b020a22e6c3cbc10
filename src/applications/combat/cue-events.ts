/**
 * Which cues a change of the round or of an attack card raises, worked out on each client from what
 * every client holds (the combat's flags, the card's state), so only the client of the person concerned
 * needs to act on it (src/setup/cues.ts). Pure: each client keeps the view it saw last and compares.
 */
import { currentRole } from "../../rules/attack/windows";
import type { AttackState } from "../../rules/attack/index";
import type { CombatantRound, RoundState } from "../../rules/round/state";

/** What a client last saw of a round, as far as cues go. */
export interface CueView {
  /** ST-1, INI-6: the combatants that must declare a stance now. */
  readonly declareDue: readonly string[];
  /** CB-2: whose Spades turn it is, and which turn (the round and the combatant). */
  readonly turn: { readonly id: string; readonly key: string } | null;
  /** CD-5: who is called in the countdown, and which call (the round and the call's number). */
  readonly call: { readonly id: string; readonly key: string } | null;
}

export type RoundCue = { readonly kind: "declare" | "turn" | "call"; readonly id: string };

/**
 * ST-1: while the stances are secret, every holder of a domino that has not declared; INI-6, DOM-6:
 * once they are shown, a holder that joined or woke since and has no stance yet.
 */
function declareDue(state: RoundState, rounds: readonly CombatantRound[]): string[] {
  if (state.round === 0) return [];
  return rounds
    .filter(
      (c) => c.domino !== null && (state.stancesShown ? c.stance === null : !state.declared.includes(c.id)),
    )
    .map((c) => c.id);
}

/** What a round shows now, as far as cues go. */
export function cueView(state: RoundState, rounds: readonly CombatantRound[]): CueView {
  const cd = state.mode === "countdown" ? state.countdown : null;
  return {
    declareDue: declareDue(state, rounds),
    turn:
      state.mode === "spades" && state.round > 0 && state.current !== null
        ? { id: state.current, key: `${state.round}:${state.current}` }
        : null,
    call: cd?.current ? { id: cd.current, key: `${state.round}:${cd.calls.length}:${cd.current}` } : null,
  };
}

/** The cues from `before` (null: nothing seen yet) to `now`: each declaration, turn or call newly due. */
export function roundCues(before: CueView | null, now: CueView): RoundCue[] {
  const cues: RoundCue[] = now.declareDue
    .filter((id) => !(before?.declareDue ?? []).includes(id))
    .map((id) => ({ kind: "declare", id }));
  if (now.turn && now.turn.key !== before?.turn?.key) cues.push({ kind: "turn", id: now.turn.id });
  if (now.call && now.call.key !== before?.call?.key) cues.push({ kind: "call", id: now.call.id });
  return cues;
}

/** AT-5 steps 1, 4 and 5: the card's windows, where a side's owner has a choice to make. */
const WINDOWS: ReadonlySet<AttackState["step"]> = new Set<AttackState["step"]>([
  "react",
  "attacker",
  "defender",
]);

/**
 * AT-5: the side whose window a card now waits on, when it did not at `before` (the step the client
 * saw last, or null for a card it had not seen); null when no window newly waits.
 */
export function windowCue(
  before: AttackState["step"] | null,
  now: AttackState,
): "attacker" | "defender" | null {
  if (!WINDOWS.has(now.step) || before === now.step) return null;
  const role = currentRole(now);
  return role === "attacker" || role === "defender" ? role : null;
}
