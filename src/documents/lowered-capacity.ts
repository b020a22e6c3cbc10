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
import { isRecord } from "../rules/records";

type Excess = NonNullable<ReturnType<(CharacterData | NpcData)["excessRemoval"]>>;

/** What of ZilchActor this needs (named here so that actor.ts and this file do not import each other). */
interface CapacityHolder {
  readonly creature: CharacterData | NpcData;
  update(data: { system: Excess }): Promise<unknown>;
}

/** The card values a creature is built from: a character's two cards per suit, an NPC's one card and its HP override. */
const BUILD_KEYS = ["primary", "secondary", "value"] as const;

/**
 * Whether an update changed what the creature is built from (a card, an NPC's HP override): a build edit,
 * such as a typo corrected on the sheet, not something that happened in play. `changed` holds only what
 * differs from the prior values (dnd5e documents it so for `_onUpdate`: foundryvtt/dnd5e
 * module/data/actor/templates/attributes.mjs `onUpdateHP`, "the differential data that was changed").
 */
export function changesBuild(changed: unknown): boolean {
  const system = isRecord(changed) ? changed.system : undefined;
  if (!isRecord(system)) return false;
  if (isRecord(system.hp) && "max" in system.hp) return true;
  const suits = isRecord(system.suits) ? Object.values(system.suits) : [];
  return suits.some((suit) => isRecord(suit) && BUILD_KEYS.some((key) => key in suit));
}

/**
 * Removes chips and HP above the prepared maxima from the actor's source. Every client hears of a
 * change, so only the one whose user made it writes the removal, once. A change to the creature's
 * cards removes nothing: the lowered maximum only caps what is shown, so a mistyped card put right
 * brings the HP and chips back (CH-2's loss is for drain, knacks and effects met in play).
 */
export function removeExcessAfterChange(actor: CapacityHolder, userId: string, changed?: unknown): void {
  if (userId !== game.user?.id || changesBuild(changed)) return;
  const excess = actor.creature.excessRemoval();
  if (!excess) return;
  actor
    .update({ system: excess })
    .catch((error: unknown) => console.error("Zilch | excess removal failed", error));
}
