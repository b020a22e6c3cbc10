/**
 * What the item menu's entries do to documents (equip, duplicate, delete after
 * confirmation) and the facts ./item-menu.ts decides from. Kept apart from the entries' wiring
 * (./item-menu-actions.ts), which reaches the attack and roll flows, so the data layer can test these.
 */
import { isItemType } from "../shared/constants";
import { equippable } from "../../../rules/equipment";
import type { ItemRowFacts } from "./item-menu";

/** What the menu needs of a sheet. */
export interface ItemMenuSheet {
  readonly actor: Actor.Implementation;
  readonly isEditable: boolean;
}

/** EQ-1: an item's slot (weapons, armour, shields and gear have one). */
function slotOf(item: Item.Implementation): string | null {
  const system: object = item.system;
  return "slot" in system && typeof system.slot === "string" ? system.slot : null;
}

/** The facts ./item-menu.ts decides from, for this viewer of this row. */
export function rowFacts(sheet: ItemMenuSheet, item: Item.Implementation): ItemRowFacts | null {
  if (!isItemType(item.type)) return null;
  const slot = slotOf(item);
  const system: object = item.system;
  return {
    type: item.type,
    editable: sheet.isEditable && sheet.actor.isOwner,
    limited: sheet.actor.limited,
    character: sheet.actor.type === "character",
    inUse: slot === null ? null : slot === "hands" || slot === "armor",
    healingItem: "healingItem" in system && typeof system.healingItem === "string",
    equippable: equippable(item.type, {
      hands: "hands" in system && typeof system.hands === "number" ? system.hands : 1,
      healing: "healingItem" in system && typeof system.healingItem === "string",
    }),
  };
}

/** EQ-1: equip puts an item into use (hands or the armour slot); unequip puts it in the pack. */
export async function toggleEquipped(item: Item.Implementation): Promise<void> {
  const slot = slotOf(item);
  const inUse = slot === "hands" || slot === "armor";
  await item.update({ "system.slot": inUse ? "pack" : item.type === "armor" ? "armor" : "hands" });
}

/** A copy of an equipment item, named as a copy; core gives it a new id (no `keepId`). */
export async function duplicateItem(actor: Actor.Implementation, item: Item.Implementation): Promise<void> {
  const name = game.i18n.format("ZILCH.ItemMenu.CopyName", { name: item.name ?? "" });
  await actor.createEmbeddedDocuments("Item", [{ ...item.toObject(), _id: undefined, name }]);
}

/**
 * Delete after a v13 `DialogV2.confirm` (resolving true for Yes; false for No, or closed), as
 * src/applications/combat/cast.ts asks; anything but an explicit Yes deletes nothing.
 */
export async function confirmDelete(item: Item.Implementation): Promise<boolean> {
  const i18n = game.i18n;
  const name = item.name ?? "";
  const answer: unknown = await foundry.applications.api.DialogV2.confirm({
    window: { title: i18n.format("ZILCH.ItemMenu.DeleteTitle", { name }) },
    content: `<p>${foundry.utils.escapeHTML(i18n.format("ZILCH.ItemMenu.DeleteContent", { name }))}</p>`,
    rejectClose: false,
  });
  if (answer !== true) return false;
  await item.delete();
  return true;
}
