/**
 * INI-6 for combatants that come and go mid-round, on the applying GM's client:
 * - A combatant removed mid-round leaves a note of its creature (its token, or its actor when it has
 *   none) and its round fields; added again in the same round (the token HUD's toggle gives it a new
 *   combatant id), it takes those fields back instead of a fresh domino and a second turn
 *   (src/rules/round/rejoin.ts).
 * - A combatant added while no GM was online got no round fields (only the applying GM writes them):
 *   when a GM takes the lead at `ready`, every combatant of a running combat without them joins then.
 */
import { SYSTEM_ID } from "../../data/settings";
import { serially } from "../../requests/serial";
import { isApplier } from "../../requests/applier";
import { joinMidRound } from "../../rules/round/joining";
import type { CombatantFacts, CombatantRound, RoundUpdate } from "../../rules/round/state";
import { roundFromStored, type StoredCombatant } from "../../rules/round/stored";
import { rejoined } from "../../rules/round/rejoin";
import type { RollDie } from "../../rules/vocabulary";
import type { CombatSnapshot } from "../../rules/round/request-step";
import { roundRunning } from "./zilch-round";

/** A creature that left the combat this round, with its round fields as it left. */
export interface Departure {
  readonly creature: string;
  readonly round: number;
  readonly stored: StoredCombatant;
}

/** Who a combatant is across removals: its token, or its actor when it stands on no token. */
function creatureOf(combatant: Combatant.Implementation): string | null {
  return combatant.token?.uuid ?? combatant.actor?.uuid ?? null;
}

/** The departures the combat's flags hold (GM-written; anything malformed is dropped). */
function departuresOf(combat: Combat.Implementation): Departure[] {
  const raw: unknown = combat.getFlag(SYSTEM_ID, "departed");
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (d): d is Departure =>
      typeof d === "object" &&
      d !== null &&
      typeof (d as Departure).creature === "string" &&
      Number.isInteger((d as Departure).round) &&
      typeof (d as Departure).stored === "object" &&
      (d as Departure).stored !== null,
  );
}

/** On `deleteCombatant`: a combatant leaving a running round leaves a note of its round fields. */
export async function noteDeparture(combatant: Combatant.Implementation): Promise<void> {
  const combat = combatant.parent;
  const creature = creatureOf(combatant);
  if (!combat || !isApplier() || creature === null) return;
  await serially(`combat.${combat.id}`, async () => {
    const round = combat.zilchState.round;
    const stored = combat.getFlag(SYSTEM_ID, "combatants")?.[combatant.id!];
    if (round === 0 || stored === undefined) return;
    // Only this round's notes are kept: a creature back in a later round is dealt in as usual.
    const kept = departuresOf(combat).filter((d) => d.round === round && d.creature !== creature);
    await combat.update({ flags: { [SYSTEM_ID]: { departed: [...kept, { creature, round, stored }] } } });
  });
}

/** INI-6: the joiner's round fields, its own from earlier this round when its creature left and came back. */
export function joinOrRejoin(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  others: CombatSnapshot,
  joiner: CombatantFacts,
  rollDie: RollDie,
): RoundUpdate {
  const joined = joinMidRound(others.state, others.combatants, others.facts, joiner, rollDie);
  const creature = creatureOf(combatant);
  const note = departuresOf(combat).find((d) => d.creature === creature && d.round === others.state.round);
  const earlier: CombatantRound | null = note ? roundFromStored(combatant.id!, note.stored) : null;
  return rejoined(joined, combatant.id!, earlier, [...others.facts, joiner]);
}

/** At `ready`, on the GM taking the lead: every combatant of a running combat without round fields joins. */
export async function joinThoseWithoutFields(combat: Combat.Implementation): Promise<void> {
  if (!isApplier() || !roundRunning(combat)) return;
  const stored = combat.getFlag(SYSTEM_ID, "combatants") ?? {};
  for (const combatant of combat.combatants)
    if (!Object.hasOwn(stored, combatant.id!)) await combat.zilchJoin(combatant);
}
