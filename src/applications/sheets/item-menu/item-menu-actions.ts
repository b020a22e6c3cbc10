/**
 * The context menu of the item rows on both actor sheets, and what each entry does.
 * The sheet creates it once, on its first render, with ApplicationV2's `_createContextMenu(handler,
 * selector, {hookName, parentClassHooks: false, fixed: true})`, as draw-steel 0.11 does for its
 * document rows (src/module/applications/sheets/actor-sheet.mjs `_onFirstRender` and
 * `_getDocumentListContextOptions`): each entry is `{label, icon, visible(target), onClick(target)}`
 * in v14's terms (src/foundry/compat.ts gives v13 its `name`/`condition`/`callback`), `label` a lang key
 * core localizes, `target` the row element. Which entries a row shows is decided by ./item-menu.ts from
 * the viewer's permission.
 */
import { itemMenu, ITEM_MENU_ENTRIES, type ItemMenuEntry } from "./item-menu";
import {
  confirmDelete,
  duplicateItem,
  rowFacts,
  toggleEquipped,
  type ItemMenuSheet,
} from "./item-menu-documents";
import { rollItem } from "../actor/actor-actions";
import { useItemFromSheet } from "../play/recovery-actions";
import { postItemToChat } from "./item-chat";
import type { MenuEntry } from "../../../foundry/compat";

/** The row selector: every item row of both sheets is a draggable element naming its item. */
export const ITEM_ROW_SELECTOR = ".draggable[data-item-id]";

const ICONS: Record<ItemMenuEntry, string> = {
  edit: "fa-solid fa-pen",
  view: "fa-solid fa-eye",
  attack: "fa-solid fa-khanda",
  cast: "fa-solid fa-wand-sparkles",
  roll: "fa-solid fa-dice",
  use: "fa-solid fa-kit-medical",
  equip: "fa-solid fa-hand-fist",
  unequip: "fa-solid fa-box-archive",
  chat: "fa-solid fa-comment",
  duplicate: "fa-solid fa-copy",
  delete: "fa-solid fa-trash",
};

const itemAt = (actor: Actor.Implementation, target: HTMLElement) =>
  actor.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");

/** What an entry does to the row's item. */
export async function runItemMenuEntry(
  entry: ItemMenuEntry,
  actor: Actor.Implementation,
  item: Item.Implementation,
): Promise<void> {
  switch (entry) {
    case "edit":
    case "view":
      await item.sheet?.render({ force: true });
      return;
    case "attack":
    case "cast":
    case "roll":
      return rollItem(actor, item);
    case "use":
      return useItemFromSheet(actor, item);
    case "equip":
    case "unequip":
      return toggleEquipped(item);
    case "chat":
      return postItemToChat(actor, item);
    case "duplicate":
      return duplicateItem(actor, item);
    case "delete":
      await confirmDelete(item);
  }
}

/** The menu's entries (src/foundry/compat.ts hands them to core); each shows only where ./item-menu.ts allows it. */
export function itemContextOptions(sheet: ItemMenuSheet): MenuEntry[] {
  return ITEM_MENU_ENTRIES.map((entry) => itemMenuEntry(sheet, entry));
}

function itemMenuEntry(sheet: ItemMenuSheet, entry: ItemMenuEntry): MenuEntry {
  return {
    label: `ZILCH.ItemMenu.${entry}`,
    icon: `<i class="${ICONS[entry]} fa-fw"></i>`,
    visible: (target: HTMLElement) => {
      const item = itemAt(sheet.actor, target);
      const facts = item ? rowFacts(sheet, item) : null;
      return facts !== null && itemMenu(facts).includes(entry);
    },
    onClick: (target: HTMLElement) => {
      const item = itemAt(sheet.actor, target);
      if (!item) return;
      runItemMenuEntry(entry, sheet.actor, item).catch((e: unknown) =>
        console.error(`Zilch | the item menu's ${entry} failed`, e),
      );
    },
  };
}
