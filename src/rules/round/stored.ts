/**
 * Each combatant's round fields as the combat stores them, and the round logic's `CombatantRound`,
 * converted both ways. They live in the Combat's flags (`flags.zilch.combatants`, keyed by combatant
 * id), which only a GM may write (FOUNDRY-FACTS §2; Nimble-Co/FoundryVTT-Nimble#853), never in the
 * Combatant's system data, which its owner may write in v13 (FOUNDRY-FACTS §2; draw-steel#254).
 * DOM-4: a face-down domino is stored as `{ state: "faceDown", greater: null, lesser: null }`, so the
 * stored shape cannot carry a hidden value either.
 */
import type { HeldDomino } from "../dominoes";
import type { Stance } from "../vocabulary";
import { MAX_POOL_MODIFIER } from "./round-start";
import type { CombatantRound } from "./state";
import { boundTurnRecord, type TurnRecord } from "./turn-record";

/** One combatant's round fields in the combat's flags. */
export interface StoredCombatant {
  stance: Stance | null;
  lastStance: Stance | null;
  domino: { state: "none" | "faceDown" | "revealed"; greater: number | null; lesser: number | null };
  aware: boolean;
  tiebreak: number;
  ownDie: number | null;
  turnTaken: boolean;
  /** AC-1, CD-20: the current turn's record (turn-record.ts); absent when nothing has been done yet. */
  turn?: {
    actions: string[];
    paid: number | null;
    twoWeapon?: { itemId: string; pips: number } | null;
    springAttack?: boolean;
    dragged?: number;
    matched?: number;
  };
  /** CD-2: the GM's action-dice modifier; absent in combats stored before it existed. */
  poolModifier?: number;
}

/** CD-2: a stored modifier as the round may trust it (a whole number within ±MAX_POOL_MODIFIER). */
function boundPoolModifier(n: unknown): number {
  if (typeof n !== "number" || !Number.isFinite(n)) return 0;
  return Math.max(-MAX_POOL_MODIFIER, Math.min(MAX_POOL_MODIFIER, Math.trunc(n)));
}

/** DOM-4, DOM-6: the stored domino as the rules hold it. */
export function heldFromStored(d: StoredCombatant["domino"]): HeldDomino | null {
  if (d.state === "none") return null;
  if (d.state === "faceDown" || d.greater === null || d.lesser === null) return { state: "faceDown" };
  return { state: "revealed", domino: { greater: d.greater, lesser: d.lesser } };
}

export function storedDomino(held: HeldDomino | null): StoredCombatant["domino"] {
  if (held === null) return { state: "none", greater: null, lesser: null };
  if (held.state === "faceDown") return { state: "faceDown", greater: null, lesser: null };
  return { state: "revealed", greater: held.domino.greater, lesser: held.domino.lesser };
}

export function roundFromStored(id: string, s: StoredCombatant): CombatantRound {
  return {
    id,
    stance: s.stance,
    lastStance: s.lastStance,
    domino: heldFromStored(s.domino),
    aware: s.aware,
    tiebreak: s.tiebreak,
    ownDie: s.ownDie,
    turnTaken: s.turnTaken,
    ...(s.turn === undefined ? {} : { turn: boundTurnRecord(s.turn) }),
    poolModifier: boundPoolModifier(s.poolModifier),
  };
}

const storedTurn = (t: TurnRecord) => ({
  actions: [...t.actions],
  paid: t.paid,
  // AC-3: written as null once made, so a flag update (merged into the stored object) clears it.
  twoWeapon: t.twoWeapon ? { ...t.twoWeapon } : null,
  // KN-2: written as false when unused, so a fresh turn's update clears the last turn's Spring Attack.
  springAttack: t.springAttack === true,
  // AC-5: written as 0 when none, so a fresh turn's update clears the last turn's drags.
  dragged: t.dragged ?? 0,
  matched: t.matched ?? 0,
});

export function storedFromRound(c: CombatantRound): StoredCombatant {
  return {
    stance: c.stance,
    lastStance: c.lastStance,
    domino: storedDomino(c.domino),
    aware: c.aware,
    tiebreak: c.tiebreak,
    ownDie: c.ownDie,
    turnTaken: c.turnTaken,
    ...(c.turn === undefined ? {} : { turn: storedTurn(c.turn) }),
    // Always written: a flag update merges, so a modifier back to 0 must overwrite the old one.
    poolModifier: c.poolModifier ?? 0,
  };
}

/** CB-3, DOM-4: a combatant with nothing stored yet: no stance, no domino, aware. */
export const NEW_STORED: StoredCombatant = {
  stance: null,
  lastStance: null,
  domino: { state: "none", greater: null, lesser: null },
  aware: true,
  tiebreak: 0,
  ownDie: null,
  turnTaken: false,
};

/** The combat's map of stored round fields, keyed by combatant id. */
export type StoredCombatants = Readonly<Record<string, StoredCombatant>>;

/** A combatant's stored round fields, or a new combatant's when the combat holds none for it. */
export function storedOf(map: StoredCombatants | undefined, id: string): StoredCombatant {
  return map && Object.hasOwn(map, id) ? map[id] : NEW_STORED;
}

/** Every combatant's round fields, as the combat writes them in one update. */
export function storedMap(rounds: readonly CombatantRound[]): Record<string, StoredCombatant> {
  return Object.fromEntries(rounds.map((c) => [c.id, storedFromRound(c)]));
}
