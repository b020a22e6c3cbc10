/**
 * The combatant's stored system data and the round logic's `CombatantRound`, converted both ways.
 * DOM-4: a face-down domino is stored as `{ state: "faceDown", greater: null, lesser: null }`, so the
 * stored shape cannot carry a hidden value either.
 */
import type { HeldDomino } from "../../rules/dominoes";
import type { Stance } from "../../rules/vocabulary";
import type { CombatantRound } from "./round";

/** The combatant system fields the round reads and writes (src/data/combat/combatant.ts). */
export interface StoredCombatant {
  stance: Stance | null;
  lastStance: Stance | null;
  domino: { state: "none" | "faceDown" | "revealed"; greater: number | null; lesser: number | null };
  aware: boolean;
  tiebreak: number;
  ownDie: number | null;
  turnTaken: boolean;
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
  };
}

export function storedFromRound(c: CombatantRound): StoredCombatant {
  return {
    stance: c.stance,
    lastStance: c.lastStance,
    domino: storedDomino(c.domino),
    aware: c.aware,
    tiebreak: c.tiebreak,
    ownDie: c.ownDie,
    turnTaken: c.turnTaken,
  };
}

/** Only the combatants whose stored data changed, as `{ _id, system }` updates. */
export function changedCombatants(
  before: readonly CombatantRound[],
  after: readonly CombatantRound[],
): { _id: string; system: StoredCombatant }[] {
  const old = new Map(before.map((c) => [c.id, JSON.stringify(storedFromRound(c))]));
  return after
    .filter((c) => old.get(c.id) !== JSON.stringify(storedFromRound(c)))
    .map((c) => ({ _id: c.id, system: storedFromRound(c) }));
}
