/**
 * CD-17, CON-4: an effect edited so that it stops giving a status (its statuses changed in the effect
 * sheet or by a macro, or it is switched off) gives that condition back to the round at once.
 *
 * The update hook carries only the new statuses (FOUNDRY-FACTS §3), so the client that sends the edit
 * writes the statuses the effect gave before it into the update's options, and every client's update
 * hook reads them there. Open systems stash a document's old values the same way: dnd5e writes the old
 * HP into `options.dnd5e.hp` before an update (foundryvtt/dnd5e module/data/actor/templates/
 * attributes.mjs:520) and reads them on every client after it (same file, 536); draw-steel writes
 * `options.ds.previousStamina` in `_preUpdate` (MetaMorphic-Digital/draw-steel src/module/data/actor/
 * base-actor.mjs:270-273) and reads it in `_onUpdate` on every client (291-295). The `pre…` hooks run
 * on the sending client with the update's options (FOUNDRY-FACTS §2; Edimheel/add2e keeps an effect's
 * prior state in the options of `preUpdateActiveEffect` and reads it in `updateActiveEffect`).
 */
import { isApplier } from "../requests/applier";
import { conditionsLostBy } from "./round-conditions";
import type { ZilchActor } from "./actor";

/** The key of the update's options that holds what the effect gave before the edit. */
const GIVEN_BEFORE = "zilchStatusesGivenBefore";

/** What the update hooks read of an effect (ActiveEffect#statuses and #active). */
interface EditedEffect {
  readonly statuses: ReadonlySet<string>;
  readonly active: boolean;
}

/** What an effect's update changes that decides the statuses it gives. */
export interface StatusEdit {
  readonly statuses?: unknown;
  readonly disabled?: boolean | null;
}

/**
 * On the sending client, before the update: the statuses `effect` gives now (none while it is
 * switched off), kept in the update's options when the edit can change them.
 */
export function keepStatusesGiven(effect: EditedEffect, changed: StatusEdit, options: object): void {
  if (!("statuses" in changed) && !("disabled" in changed)) return;
  Object.assign(options, { [GIVEN_BEFORE]: effect.active ? [...effect.statuses] : [] });
}

/** The statuses the effect gave before the edit, or null when its sender kept none (a raw update). */
export function statusesGivenBefore(options: object): Set<string> | null {
  const kept: unknown = Reflect.get(options, GIVEN_BEFORE);
  if (!Array.isArray(kept) || !kept.every((id) => typeof id === "string")) return null;
  return new Set(kept);
}

/**
 * CD-17, CON-4: on the active GM's client, after the edit, the statuses the effect gave before and no
 * longer gives leave the round (a status another effect still gives is not lost: conditionsLostBy).
 * Returns false when the sender kept no record, so that the caller can fall back on what the change
 * alone shows (an effect switched off gives none of its statuses).
 */
export async function statusesDroppedByEdit(
  actor: ZilchActor,
  effect: EditedEffect,
  options: object,
): Promise<boolean> {
  const before = statusesGivenBefore(options);
  if (!before) return false;
  if (!isApplier()) return true;
  const now = effect.active ? effect.statuses : new Set<string>();
  const dropped = new Set([...before].filter((id) => !now.has(id)));
  if (dropped.size > 0) await conditionsLostBy(actor, { statuses: dropped, active: true });
  return true;
}
