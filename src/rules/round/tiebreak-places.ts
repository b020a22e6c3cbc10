/**
 * INI-4: combats stored before the tiebreaker was kept as a place hold the raw draws (1…1,000,000) in
 * their public flags, each combatant's and its countdown copy. This gives the flag update that puts
 * places 1…n in their stead, in the same order, so nothing the round needs is lost (the order is all a
 * tiebreaker decides) and nothing of the draws is left. Pure; run on the applying GM's client.
 */
import { tiebreakPlaces } from "../initiative";
import type { CountdownParticipant } from "../countdown/types";
import type { RoundState } from "./state";
import type { StoredCombatants } from "./stored";

/** The part of the combat's `flags.zilch` to update, or null when every tiebreaker is a place already. */
export interface TiebreakPlacesUpdate {
  readonly combatants: Record<string, { tiebreak: number }>;
  readonly round?: { countdown: { participants: CountdownParticipant[] } };
}

export function tiebreakPlacesUpdate(
  combatants: StoredCombatants | undefined,
  round: RoundState | undefined,
): TiebreakPlacesUpdate | null {
  // Before its first round a combat stores no round and no draws yet (awareness only, tiebreak 0).
  if (round === undefined || round.round === 0) return null;
  const held: Record<string, number> = {};
  for (const [id, c] of Object.entries(combatants ?? {})) held[id] = c.tiebreak;
  const participants = round?.countdown?.participants ?? [];
  // A participant whose combatant is gone still holds its place among the others.
  for (const p of participants) if (!Object.hasOwn(held, p.id)) held[p.id] = p.tiebreak;
  const places = tiebreakPlaces(held);
  const unchanged = (id: string, tiebreak: number) => places[id] === tiebreak;
  const same =
    Object.entries(combatants ?? {}).every(([id, c]) => unchanged(id, c.tiebreak)) &&
    participants.every((p) => unchanged(p.id, p.tiebreak));
  if (same) return null;
  const stored = Object.fromEntries(
    Object.keys(combatants ?? {}).map((id) => [id, { tiebreak: places[id]! }]),
  );
  if (participants.length === 0) return { combatants: stored };
  const placed = participants.map((p) => ({ ...p, tiebreak: places[p.id]! }));
  return { combatants: stored, round: { countdown: { participants: placed } } };
}
