/**
 * ST-4, ST-6, CD-17, CON-4: a creature's conditions, gained or lost by any route (the token HUD, the
 * sheet, the attack card, a spell, an ActiveEffect created, switched on or off, edited or deleted),
 * reach the running round at once on the active GM's client. Every route goes through an ActiveEffect
 * whose `statuses` hold the condition ids (Actor#toggleStatusEffect creates or deletes one, on v13 and
 * v14 alike: docs/foundry-versions.md), so the effect hooks (src/setup/combat.ts) are the one place the round hears of them.
 */
import { conditionsAfterGain, conditionsBeforeGain } from "../rules/conditions";
import type { Condition } from "../rules/vocabulary";
import { isApplier } from "../requests/applier";
import { fightOf } from "./combat/zilch-round";
import { withHeld } from "./combat/held-conditions";

/**
 * The system's actor (`ZilchActor`), named through Foundry's global type: actor.ts calls into this file
 * (through derived-conditions.ts), so importing its type back would close an import cycle.
 */
type Creature = Actor.Implementation;

/** What the round reads of an effect: the status ids it gives, and whether it gives them now. */
export interface StatusGiver {
  readonly statuses: ReadonlySet<string>;
  readonly active: boolean;
}

/**
 * ST-4, ST-6, CD-17: an effect on `actor` gives `gained` status ids. They are counted with the conditions
 * the actor was last prepared with (whether it was prepared again before the hook is not in our evidence:
 * docs/foundry-api-review.md), so `before` is its other statuses and imposed conditions, closed (CON-4):
 * what the gained ones imply is gained with them. A condition also held by another effect counts as
 * gained again, which changes nothing: a stance already forced stays as it is.
 */
export async function conditionsGainedBy(actor: Creature, gained: ReadonlySet<string>): Promise<void> {
  if (!isApplier()) return;
  const after = conditionsAfterGain(actor.creature.conditions, gained);
  if (!after.some((c) => gained.has(c))) return;
  const before = conditionsBeforeGain(actor.creature.conditions, actor.statuses, gained);
  await conditionsReachRound(actor, before, after);
}

/**
 * ST-6, CD-17, CON-4: `effect` no longer gives its statuses (deleted, or switched off). A status still
 * given by another source is not lost. As for a gain, whether the actor was prepared again before the
 * hook is not in our evidence, so the lost ones are counted with its last prepared conditions either way:
 * `before` holds them, `after` holds neither them nor what only they implied (a Terrified creature that
 * is not also Stunned by another source stops being Stunned).
 */
export async function conditionsLostBy(actor: Creature, effect: StatusGiver): Promise<void> {
  if (!isApplier()) return;
  const held = statusesHeldWithout(actor, effect);
  const lost = new Set([...effect.statuses].filter((s) => !held.has(s)));
  if (lost.size === 0) return;
  const prepared = actor.creature.conditions;
  const before = conditionsAfterGain(prepared, lost);
  const after = conditionsBeforeGain(prepared, held, lost);
  await conditionsReachRound(actor, before, after);
}

/**
 * The status ids `actor` holds from every source but `effect`: its other active effects, and any
 * status its prepared `statuses` hold that no effect of its own gives (an item's transferred effect),
 * less `effect`'s own, which may linger there until the actor is prepared again.
 */
function statusesHeldWithout(actor: Creature, effect: StatusGiver): Set<string> {
  const held = new Set<string>();
  const fromEffects = new Set(effect.statuses);
  for (const other of actor.effects) {
    for (const id of other.statuses) fromEffects.add(id);
    if (other !== effect && other.active) for (const id of other.statuses) held.add(id);
  }
  for (const id of actor.statuses) if (!fromEffects.has(id)) held.add(id);
  return held;
}

/**
 * ST-4, ST-6, CD-17: on the active GM's client, a change of a fighting creature's closed conditions
 * (CON-4) goes to the started combat's round at once: a Stunned creature's stance becomes Cautious,
 * its countdown pool and held die are lost; one no longer Stunned acts in full again. The request runs
 * in the combat's own slot; no caller of setCondition holds that slot (its follow-ups run after it).
 */
export async function conditionsReachRound(
  actor: Creature,
  before: readonly Condition[],
  after: readonly Condition[],
): Promise<void> {
  if (!isApplier()) return;
  const fight = fightOf(actor);
  const combat = fight?.combat;
  const combatant = fight?.combatant;
  if (!combat?.id || !combatant?.id) return;
  // CON-4: a condition a GM's hand gave stays in the round whoever removed its effect (held-conditions.ts).
  after = withHeld(combatant, after);
  const same = after.length === before.length && after.every((c) => before.includes(c));
  if (same) return;
  const request = {
    kind: "conditionsChanged",
    combatId: combat.id,
    combatantId: combatant.id,
    before,
    after,
  } as const;
  const result = await combat.zilchApply(request, game.user ?? null);
  if (!result.ok) console.warn(`Zilch | a condition's change did not reach the round: ${result.code}`);
}
