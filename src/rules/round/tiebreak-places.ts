/**
 * INI-4: combats stored before the tiebreaker was kept as a place hold the raw draws (1…1,000,000) in
 * their public flags, each combatant's and its countdown copy. This gives the flag update that puts
 * places 1…n in their stead, in the same order, so nothing the round needs is lost (the order is all a
 * tiebreaker decides) and nothing of the draws is left. Pure; run on the applying GM's client.
 */
import { tiebreakPlaces } from "../initiative";
import type { RoundState } from "./state";
import type { StoredCombatants } from "./stored";

/** The part of the combat's `flags.zilch` to update (whole entries: flag updates merge into them). */
export interface TiebreakPlacesUpdate {
  readonly combatants: StoredCombatants;
  readonly round?: RoundState;
}

export function tiebreakPlacesUpdate(
  combatants: StoredCombatants | undefined,
  round: RoundState | undefined,
): TiebreakPlacesUpdate | null {
  // Before its first round a combat stores no round and no draws yet (awareness only, tiebreak 0).
  if (round === undefined || round.round === 0) return null;
  const stored = combatants ?? {};
  const held: Record<string, number> = {};
  for (const [id, c] of Object.entries(stored)) held[id] = c.tiebreak;
  const countdown = round.countdown;
  const participants = countdown?.participants ?? [];
  // A participant whose combatant is gone still holds its place among the others.
  for (const p of participants) if (!Object.hasOwn(held, p.id)) held[p.id] = p.tiebreak;
  const places = tiebreakPlaces(held);
  const same =
    Object.entries(stored).every(([id, c]) => places[id] === c.tiebreak) &&
    participants.every((p) => places[p.id] === p.tiebreak);
  if (same) return null;
  const placed = Object.fromEntries(
    Object.entries(stored).map(([id, c]) => [id, { ...c, tiebreak: places[id]! }]),
  );
  if (!countdown) return { combatants: placed };
  const moved = participants.map((p) => ({ ...p, tiebreak: places[p.id]! }));
  return { combatants: placed, round: { ...round, countdown: { ...countdown, participants: moved } } };
}
