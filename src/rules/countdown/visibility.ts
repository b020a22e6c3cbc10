/**
 * CD-19: who sees what. Hands and held dice are public. The Closing die is the GM's alone unless
 * `cdShowClosing` is on; with lazy sampling (closing.ts) stored state holds no unreached value, so only
 * a value entered by hand (`setClosingValue`) or shown by setting can be in it.
 */
import { possibleClosingValues } from "./closing";
import type { CountdownState } from "./types";

export interface ClosingView {
  /** `none` before Closing, `pending` while Closing, `reached` once the round Closed after it. */
  readonly status: "none" | "pending" | "reached";
  /** The value, when this viewer may see it and it exists. */
  readonly value: number | null;
  /** What play so far has shown about it (public knowledge); null when that would reveal a hidden value. */
  readonly possible: readonly number[] | null;
}

/** CD-19: what the tracker shows of the Closing die to the GM or to a player. */
export function closingView(state: CountdownState, viewer: { readonly gm: boolean }): ClosingView {
  const closing = state.closing;
  if (closing === null) return { status: "none", value: null, possible: null };
  const status = state.phase === "closed" ? "reached" : "pending";
  const sees = viewer.gm || state.options.showClosing;
  if (sees) return { status, value: closing.value, possible: possibleClosingValues(closing) };
  // An unreached value entered by hand also fixes the weights, so neither may be shown.
  const lazy = closing.value === null;
  return { status, value: null, possible: lazy ? possibleClosingValues(closing) : null };
}

/**
 * CD-19, ARCHITECTURE.md §3: whether the state holds a Closing die value players may not see (reached
 * or not), so must not be stored where their clients receive it.
 */
export function holdsSecret(state: CountdownState): boolean {
  return state.closing !== null && state.closing.value !== null && !state.options.showClosing;
}
