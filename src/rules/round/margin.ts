/**
 * OPT-1 "Lose an action" on the round: in countdown mode the target Burns 1 (CD-14); in Spades mode it
 * loses its Minor action on its next turn, recorded on the round state so the tracker can show it and
 * the record ends with that turn. Pure: dispatch applies it for the attack card's GM step.
 */
import { burn } from "../countdown/effects";
import type { CountdownEvent } from "../countdown/types";
import type { RoundState } from "./state";
import type { Refused } from "./refusal";
import type { DurationEvent } from "../conditions";
import { MARGIN_EFFECTS, type MarginDuration, type MarginSpecial } from "../options";

/**
 * A Spades combatant without its Minor action on its next turn. `armed` is false while the mark was
 * made during the target's own turn: that turn is not its "next" one. OPT-2's Scary fear takes the
 * Standard action instead (`standard`).
 */
export interface NoMinorMark {
  readonly id: string;
  readonly armed: boolean;
  readonly standard?: boolean;
}

/**
 * Which action a Spades "lose an action" takes: the Minor (OPT-1) or the Standard (OPT-2 Scary), and
 * whether it is the turn now starting (OPT-2: a save failed at the start of the creature's own turn
 * costs that turn's action) rather than the next one.
 */
export interface LoseActionOptions {
  readonly standard?: boolean;
  readonly thisTurn?: boolean;
}

/** The round state as this module reads it: the marks live beside the round's other fields. */
export type MarkedRound = RoundState & { readonly noMinor?: readonly NoMinorMark[] };

export type LoseActionResult =
  { readonly ok: true; readonly state: MarkedRound; readonly events: readonly CountdownEvent[] } | Refused;

/**
 * OPT-1, OPT-2, CD-14: the target loses an action: Burn 1 in countdown mode; in Spades its next Minor
 * action (OPT-1) or Standard action (OPT-2 Scary).
 */
export function loseAction(
  state: MarkedRound,
  id: string,
  options: LoseActionOptions = {},
): LoseActionResult {
  if (state.mode === "countdown") {
    if (state.countdown === null) return { ok: false, code: "notCountdownMode" };
    const step = burn(state.countdown, id, 1);
    if (!step.ok) return { ok: false, code: `countdown.${step.error.code}` };
    return { ok: true, state: { ...state, countdown: step.state }, events: step.events };
  }
  if (!state.order.includes(id)) return { ok: false, code: "unknownCombatant" };
  const standard = options.standard === true;
  const others = (state.noMinor ?? []).filter((m) => m.id !== id || (m.standard === true) !== standard);
  const mark: NoMinorMark = {
    id,
    armed: options.thisTurn === true || state.current !== id,
    ...(standard ? { standard } : {}),
  };
  return { ok: true, state: { ...state, noMinor: [...others, mark] }, events: [] };
}

/** OPT-1: the end of `id`'s Spades turn uses up an armed mark and arms one made during that turn. */
export function endTurnMarks(state: MarkedRound, id: string): MarkedRound {
  const marks = state.noMinor ?? [];
  if (!marks.some((m) => m.id === id)) return state;
  const noMinor = marks.flatMap((m) => (m.id !== id ? [m] : m.armed ? [] : [{ ...m, armed: true }]));
  return { ...state, noMinor };
}

/** OPT-1: whether `id` has no Minor action in the turn it is taking now (the tracker's chip). */
export function lacksMinorNow(state: MarkedRound, id: string): boolean {
  return state.current === id && (state.noMinor ?? []).some((m) => m.id === id && m.armed && !m.standard);
}

/** OPT-2 Scary: whether `id` has no Standard action in the turn it is taking now. */
export function lacksStandardNow(state: MarkedRound, id: string): boolean {
  return (
    state.current === id && (state.noMinor ?? []).some((m) => m.id === id && m.armed && m.standard === true)
  );
}

/**
 * OPT-1 Expose and Reduce defence, kept on the target until they are used or expire: Expose (+2) on
 * the next attack against it this round, Reduce defence (−2) on its defence until its next turn starts.
 * [design] Each bought result is its own mark, so buying one twice doubles it.
 */
export interface MarginMark {
  readonly special: MarginMarkSpecial;
  readonly amount: number;
}
export const MARGIN_MARK_SPECIALS = ["expose", "reduceDefence"] as const;
export type MarginMarkSpecial = (typeof MARGIN_MARK_SPECIALS)[number];

const isMarkSpecial = (s: MarginSpecial): s is MarginMarkSpecial =>
  (MARGIN_MARK_SPECIALS as readonly string[]).includes(s);

/** OPT-1: the marks a hit's bought results leave on its target. */
export function marginMarksBought(choices: readonly MarginSpecial[]): MarginMark[] {
  return choices.filter(isMarkSpecial).flatMap((special) => {
    const effect = MARGIN_EFFECTS[special];
    return effect.kind === "modifier" ? [{ special, amount: effect.amount }] : [];
  });
}

/**
 * OPT-1: the marks left after a duration event on their holder: Expose lasts "this round", Reduce
 * defence until the start of the holder's next turn; none outlives the encounter.
 */
export function marksAfterEvent(marks: readonly MarginMark[], event: DurationEvent): MarginMark[] {
  // [design] A fight's marks do not outlive the encounter.
  if (event === "encounterEnd") return [];
  const ends: MarginDuration | null =
    event === "roundEnd" ? "thisRound" : event === "turnStart" ? "startOfNextTurn" : null;
  if (ends === null) return [...marks];
  return marks.filter((m) => {
    const effect = MARGIN_EFFECTS[m.special];
    return effect.kind !== "modifier" || effect.duration !== ends;
  });
}

/**
 * OPT-1: what the holder's marks do to an attack on it: every Expose is added to the attack and used
 * up by it; Reduce defence lowers its defence and stays.
 */
export function marksForAttack(marks: readonly MarginMark[]): {
  expose: number;
  reduceDefence: number;
  remaining: MarginMark[];
} {
  const sum = (s: MarginMarkSpecial) =>
    marks.filter((m) => m.special === s).reduce((total, m) => total + m.amount, 0);
  return {
    expose: sum("expose"),
    reduceDefence: sum("reduceDefence"),
    remaining: marks.filter((m) => m.special !== "expose"),
  };
}

/** OPT-1: a stored flag read back as marks, dropping anything that is not one. */
export function readMarginMarks(value: unknown): MarginMark[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    const m = v as Partial<MarginMark> | null;
    return m &&
      typeof m === "object" &&
      typeof m.special === "string" &&
      (MARGIN_MARK_SPECIALS as readonly string[]).includes(m.special) &&
      Number.isInteger(m.amount)
      ? [{ special: m.special, amount: m.amount! }]
      : [];
  });
}
