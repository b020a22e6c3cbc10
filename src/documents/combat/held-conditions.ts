/**
 * CON-4, CON-5, CD-17, AC-2: the limiting conditions a GM's hand gave a fighting creature, kept in the
 * combat's flags. A creature's owner may delete or switch off the effects on its actor (owners write
 * their actor and its embedded documents: FOUNDRY-FACTS §2, Actor), but no player writes a Combat's
 * flags (§2, Nimble-Co/FoundryVTT-Nimble#853). So what a request may do in the round reads a condition
 * as held while this record names it, whatever the actor shows, until a GM's hand ends it (the GM's
 * toggle, a duration's end or a rule run on the active GM's client).
 *
 * Who wrote a change is the `userId` every effect hook receives, the requester as the server relays it
 * (FOUNDRY-FACTS §3; whether a client can choose it is §11.4's open question). Only the active GM
 * writes the record. Two conditions are left out: the creature's owner ends them on its own client by
 * the rules, Terrified by its ♥ test (CON-4) and Unconscious by healing back to 1 HP (HP-5), both from
 * data and rolls that client already supplies.
 */
import { closedConditionList } from "../../rules/conditions";
import { combatantOfCreature } from "../../rules/round/creature";
import { CONDITIONS, type Condition } from "../../rules/vocabulary";
import { SYSTEM_ID } from "../../data/settings";
import { isApplier } from "../../requests/applier";
import { serially } from "../../requests/serial";
import { roundRunning } from "./zilch-round";

export const HELD_FLAG = "heldConditions";

/** CON-4, HP-5: ended on the owner's own client by its ♥ test or by healing, so never held here. */
const OWNERS_END: ReadonlySet<Condition> = new Set<Condition>(["terrified", "unconscious"]);

type Held = Record<string, Condition[]>;

/**
 * The active GM's copy of a record it is writing: a player's removal may reach the GM before the echo
 * of the GM's own write does. Dropped once the write has landed.
 */
const written = new Map<string, Held>();

/** The record (the GM's own copy first); anything malformed in the stored one is dropped. */
function recordOf(combat: Combat.Implementation): Held {
  const mine = combat.id ? written.get(combat.id) : undefined;
  if (mine) return mine;
  const record: Held = {};
  for (const [id, held] of Object.entries(combat.getFlag(SYSTEM_ID, HELD_FLAG) ?? {}))
    if (Array.isArray(held)) record[id] = CONDITIONS.filter((c) => held.includes(c));
  return record;
}

/** CON-4: the combatant's closed conditions: those its creature shows, and those a GM's hand gave it. */
export function withHeld(combatant: Combatant.Implementation, shown: Iterable<Condition>): Condition[] {
  const combat = combatant.parent;
  const held = combat && combatant.id && roundRunning(combat) ? recordOf(combat)[combatant.id] : undefined;
  return closedConditionList([...shown, ...(held ?? [])]);
}

/** The running fight the creature fights in, and its combatant there. */
function fightOf(actor: Actor.Implementation): { combat: Combat.Implementation; id: string } | null {
  for (const combat of game.combats?.contents ?? []) {
    if (!roundRunning(combat)) continue;
    const combatant = combatantOfCreature(combat.combatants, actor);
    if (combatant?.id) return { combat, id: combatant.id };
  }
  return null;
}

const heldKinds = (statuses: Iterable<string>): Condition[] =>
  CONDITIONS.filter((c) => !OWNERS_END.has(c) && new Set(statuses).has(c));

/**
 * On the active GM's client: statuses a GM's hand gave (`gained`) or ended (`ended`) on a fighting
 * creature's actor enter or leave the record. A player's hand changes nothing here. The GM's own copy
 * changes at once, so the round request the same hook event sends next (../round-conditions.ts) reads
 * it; the flag is written after, in the combat's own slot.
 */
export async function noteHeldChange(
  actor: Actor.Implementation,
  change: { gained?: Iterable<string>; ended?: Iterable<string> },
  userId: string,
): Promise<void> {
  if (!isApplier() || !game.users?.get(userId)?.isGM) return;
  const fight = fightOf(actor);
  const combatId = fight?.combat.id;
  if (!fight || !combatId) return;
  const record = recordOf(fight.combat);
  const before = record[fight.id] ?? [];
  const ended = new Set(heldKinds(change.ended ?? []));
  const now = [...new Set([...before, ...heldKinds(change.gained ?? [])])].filter((c) => !ended.has(c));
  if (now.length === before.length && now.every((c) => before.includes(c))) return;
  const next = { ...record, [fight.id]: now };
  written.set(combatId, next);
  await serially(`combat.${combatId}`, async () => {
    await fight.combat.update({ flags: { [SYSTEM_ID]: { [HELD_FLAG]: written.get(combatId) } } });
  });
  // Written: the flag holds it now (another GM taking the lead later reads the flag, and so does this one).
  if (written.get(combatId) === next) written.delete(combatId);
}

/** CON-4: a creature's closed conditions, with those a GM's hand gave it in the fight it is in. */
export function heldConditionsOf(actor: Actor.Implementation): ReadonlySet<Condition> {
  const fight = fightOf(actor);
  const combatant = fight ? fight.combat.combatants.get(fight.id) : undefined;
  const shown = actor.creature.conditions;
  return combatant ? new Set(withHeld(combatant, shown)) : shown;
}
