/**
 * The public chat lines a combat request writes (ZILCH.Combat.Chat.<key> and their data): the tracker's
 * actions, the countdown's events, the dominoes revealed, and the Closed line as the world shows it.
 * View building, kept apart so it can leave the rules engine in one step.
 */
import type { CountdownEvent, CountdownState } from "../countdown/types";
import type { TrackerTurnAction } from "./turn-record";
import type { CombatantRound } from "./state";

/** AC-3, AC-4, AC-5, AC-6, REC-1: the chat line of each action the tracker records (ZILCH.Combat.Chat.<key>). */
export const TOOK_KEYS: Readonly<Record<TrackerTurnAction, string>> = {
  move: "TookMove",
  manipulate: "TookManipulate",
  step: "TookStep",
  stand: "TookStand",
  defend: "TookDefend",
  diveProne: "TookDiveProne",
  ready: "TookReady",
  retrieve: "TookRetrieve",
  rally: "TookRally",
  resistTerror: "TookResistTerror",
  use: "TookUse",
};

/** A public chat line: an i18n key under ZILCH.Combat.Chat and its data (never a hidden value). */
export interface LogEntry {
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
}

/** CD-19, DOM-5: the public chat lines of countdown events (dice in hand and revealed dominoes are public). */
export function countdownLog(events: readonly CountdownEvent[]): LogEntry[] {
  const out: LogEntry[] = [];
  for (const e of events) {
    if (e.type === "called") out.push({ key: "Called", data: { id: e.id } });
    if (e.type === "closingBegan") out.push({ key: "ClosingBegan", data: {} });
    if (e.type === "loweringOffered") out.push({ key: "LoweringOffered", data: {} });
    if (e.type === "closingLowered") out.push({ key: "ClosingLowered", data: { by: e.by } });
    if (e.type === "closed")
      out.push({ key: "RoundClosed", data: e.closingValue === null ? {} : { closing: e.closingValue } });
  }
  return out;
}

export function revealedLog(before: readonly CombatantRound[], after: readonly CombatantRound[]): LogEntry[] {
  return after.flatMap((c) => {
    const was = before.find((b) => b.id === c.id);
    if (c.domino?.state !== "revealed" || was?.domino?.state === "revealed") return [];
    return [
      {
        key: "DominoRevealed",
        data: { id: c.id, greater: c.domino.domino.greater, lesser: c.domino.domino.lesser },
      },
    ];
  });
}

/** CD-19: the Closed line names the Closing die only when the world shows it. */
export function hideClosing(log: readonly LogEntry[], cd: CountdownState | null): readonly LogEntry[] {
  if (cd?.options.showClosing) return log;
  return log.map((l) => (l.key === "RoundClosed" ? { key: l.key, data: {} } : l));
}
