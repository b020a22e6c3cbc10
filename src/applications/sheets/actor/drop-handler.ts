/**
 * Applies the pure drop decisions (./drop.ts) to an actor: create, replace the race, refuse with a
 * notification, or reorder within the sheet.
 */
import { dropDecision, ownedCopy, reorderSorts, type OwnedItem } from "./drop";

export async function onDropItem(
  actor: Actor.Implementation,
  event: DragEvent,
  item: Item.Implementation,
  editable: boolean,
): Promise<unknown> {
  if (!editable) return null;
  const i18n = game.i18n;
  // Reorder: the item already belongs to this actor. Compared by UUID, as draw-steel (0.11.1
  // actor-sheet.mjs `_onDropItem`) and dnd5e (base-actor-sheet.mjs `_onDropItem`) do: an unlinked
  // token's actor has its base actor's id, so an item dragged from the base actor's sheet onto the
  // token's is a copy for the token, not a reorder.
  if (item.parent?.uuid === actor.uuid) {
    const targetId = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-item-id]")?.dataset
      .itemId;
    if (!targetId || targetId === item.id) return null;
    const siblings = actor.items.contents
      .filter((i) => i.type === item.type)
      .map((i) => ({ id: i.id ?? "", sort: i.sort }));
    const sorts = reorderSorts(siblings, item.id ?? "", targetId);
    return actor.updateEmbeddedDocuments(
      "Item",
      Object.entries(sorts).map(([_id, sort]) => ({ _id, sort })),
    );
  }
  const owned: OwnedItem[] = actor.items.contents.map((i) => ({
    id: i.id ?? "",
    type: i.type,
    name: i.name ?? "",
    system: i.toObject().system as Record<string, unknown>,
  }));
  const data = ownedCopy<Item.Source>(item.toObject(), { uuid: item.uuid, inCompendium: item.inCompendium });
  const decision = dropDecision(actor.type, data, owned);
  if (decision.kind === "refuse") {
    const key =
      decision.reason === "duplicateSkill"
        ? "ZILCH.Sheet.Drop.DuplicateSkill"
        : "ZILCH.Sheet.Drop.NotAllowed";
    ui.notifications?.warn(
      i18n.format(key, { name: data.name, type: i18n.localize(`TYPES.Item.${data.type}`) }),
    );
    return null;
  }
  if (decision.kind === "replaceRace") {
    const old = decision.replace.map((id) => actor.items.get(id)?.name ?? "").join(", ");
    await actor.deleteEmbeddedDocuments("Item", decision.replace);
    ui.notifications?.info(i18n.format("ZILCH.Sheet.Drop.RaceReplaced", { old, new: data.name }));
  }
  return actor.createEmbeddedDocuments("Item", [data]);
}

/**
 * Sets the drag data of an item row (`.draggable[data-item-id]`) so the hotbar, other sheets and this
 * sheet's reorder read it as the v13 Item drag data (`Item#toDragData`). Returns false when the drag
 * did not start on an item row, for the sheet to hand it to ActorSheetV2's own handler.
 */
export function startItemDrag(actor: Actor.Implementation, event: DragEvent): boolean {
  const target = event.target as HTMLElement | null;
  // Content links inside a row keep their own drag behaviour.
  if (target?.dataset && "link" in target.dataset) return false;
  const row = (event.currentTarget as HTMLElement | null)?.closest<HTMLElement>("[data-item-id]");
  const item = row ? actor.items.get(row.dataset.itemId ?? "") : undefined;
  if (!item || !event.dataTransfer) return false;
  event.dataTransfer.setData("text/plain", JSON.stringify(item.toDragData()));
  return true;
}
