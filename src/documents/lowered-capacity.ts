/**
 * CH-2, DRN-1: chips and HP above a lowered maximum are lost at once and are not recovered when the
 * maximum rises again. The prepared model already shows them clamped (excessRemoval compares the
 * source with it); this removes them from the source too.
 *
 * A maximum falls by a change to the actor itself (drain, a card) or to one of its descendants: a
 * knack such as Toughness deleted or changed, an active effect removed or disabled. Foundry re-prepares
 * the actor's derived data before the descendant callbacks run: dnd5e's Actor5e reads its derived,
 * item-fed encumbrance in `_onCreateDescendantDocuments`, `_onUpdateDescendantDocuments` and
 * `_onDeleteDescendantDocuments` (foundryvtt/dnd5e module/documents/actor/actor.mjs, `updateEncumbrance`,
 * v13 and v14) and writes the result from the client whose user made the change (`userId === game.userId`).
 */
import type { CharacterData } from "../data/actor/character";
import type { NpcData } from "../data/actor/npc";

type Excess = NonNullable<ReturnType<(CharacterData | NpcData)["excessRemoval"]>>;

/** What of ZilchActor this needs (named here so that actor.ts and this file do not import each other). */
interface CapacityHolder {
  readonly creature: CharacterData | NpcData;
  update(data: { system: Excess }): Promise<unknown>;
}

/**
 * Removes chips and HP above the prepared maxima from the actor's source. Every client hears of a
 * change, so only the one whose user made it writes the removal, once.
 */
export function removeExcessAfterChange(actor: CapacityHolder, userId: string): void {
  if (userId !== game.user?.id) return;
  const excess = actor.creature.excessRemoval();
  if (!excess) return;
  actor
    .update({ system: excess })
    .catch((error: unknown) => console.error("Zilch | excess removal failed", error));
}
