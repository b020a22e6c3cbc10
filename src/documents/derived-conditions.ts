/**
 * CON-4 with ST-4, ST-6, CD-2, CD-17: conditions a creature's own data imposes (a card drained to 0,
 * gear too heavy, a lasting injury: the data models' `imposedConditions`) reach the running round as a
 * status does (round-conditions.ts): a Guarded creature paralysed by ♣ drain turns Cautious, one made
 * Comatose by ♦ drain leaves the countdown with its hand and held die.
 *
 * No hook names such a change, so every client remembers what each creature's data imposed when it
 * last looked, and looks again after each change to the actor or to its items and effects
 * (`ZilchActor#_onUpdate` and the descendant callbacks, which run on every client after the actor is
 * prepared again: FOUNDRY-FACTS §13). Only the active GM's client asks the round; every client keeps
 * its memory current, so a GM who takes the lead later compares with the right one. A creature first
 * seen after the world loaded (a token's own actor) is remembered at its first change, which the round
 * then does not hear; the next countdown call still drops one that can no longer act
 * (`countdownWithoutThoseOut`). The round's answer writes no actor, so nothing here loops.
 */
import { closedConditionList } from "../rules/conditions";
import type { Condition } from "../rules/vocabulary";
import { appliedConditions } from "../data/actor/common";
import { isApplier } from "../requests/applier";
import { removeExcessAfterChange } from "./lowered-capacity";
import { conditionsReachRound } from "./round-conditions";

/**
 * The system's actor (`ZilchActor`), named through Foundry's global type: actor.ts calls into this file
 * (through derived-conditions.ts), so importing its type back would close an import cycle.
 */
type Creature = Actor.Implementation;

/** What each creature's data imposed when this client last looked (closed, CON-4). */
const lastImposed = new WeakMap<Creature, readonly Condition[]>();

/** The closed conditions a creature's data imposes now, or null for an actor that is no creature. */
function imposedNow(actor: Creature): Condition[] | null {
  return actor.isOfType("character", "npc") ? closedConditionList(actor.creature.imposedConditions) : null;
}

/** Remembers what `actor`'s data imposes now (at `ready`, and for an actor created since). */
export function rememberImposed(actor: Creature): void {
  const now = imposedNow(actor);
  if (now) lastImposed.set(actor, now);
}

/**
 * After a change to `actor` or one of its items or effects: what its data imposes is compared with
 * what it imposed before, and a difference goes to the round on the active GM's client. The statuses
 * it holds now count on both sides (a status gained or lost in the same change is heard by the effect
 * hooks), so the round sees only what the data changed.
 */
export function imposedConditionsChanged(actor: Creature): void {
  const now = imposedNow(actor);
  if (!now) return;
  const before = lastImposed.get(actor);
  lastImposed.set(actor, now);
  if (!before || !isApplier()) return;
  if (before.length === now.length && before.every((c) => now.includes(c))) return;
  const statuses = appliedConditions(actor);
  const was = closedConditionList([...statuses, ...before]);
  const is = closedConditionList([...statuses, ...now]);
  conditionsReachRound(actor, was, is).catch((error: unknown) =>
    console.error("Zilch | a condition the creature's data imposes did not reach the round", error),
  );
}

/**
 * What follows any change to a creature or its descendants, on every client: chips and HP above a
 * lowered maximum are removed by the changing user's client (CH-2, DRN-1: lowered-capacity.ts; `changed`
 * is the actor's own update, whose card edits remove nothing), and
 * conditions its data now imposes or no longer imposes reach the round.
 */
export function creatureChanged(actor: Creature, userId: string, changed?: unknown): void {
  removeExcessAfterChange(actor, userId, changed);
  imposedConditionsChanged(actor);
}
