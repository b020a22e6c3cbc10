/**
 * What an item row's context menu offers, decided from plain facts about the row and
 * the viewer, so tests can check every case without a sheet. Only the actor's owner acts on its items
 * (roll, equip, duplicate, delete); another viewer who can see the sheet may open an item read-only
 * and show it in chat; a viewer with Limited permission gets no menu (their view has no item rows).
 */
import type { ItemType } from "../shared/constants";

/** One entry of an item row's menu. */
export type ItemMenuEntry =
  | "edit"
  | "view"
  | "attack"
  | "cast"
  | "roll"
  | "use"
  | "equip"
  | "unequip"
  | "chat"
  | "duplicate"
  | "delete";

/** The menu's order (and the order the sheet registers the entries in). */
export const ITEM_MENU_ENTRIES: readonly ItemMenuEntry[] = [
  "edit",
  "view",
  "attack",
  "cast",
  "roll",
  "use",
  "equip",
  "unequip",
  "chat",
  "duplicate",
  "delete",
];

/** What the menu depends on. */
export interface ItemRowFacts {
  readonly type: ItemType;
  /** The viewer owns the actor and the sheet is not locked (ApplicationV2 `isEditable`). */
  readonly editable: boolean;
  /** The viewer has only Limited permission on the actor. */
  readonly limited: boolean;
  /** The actor is a character (equipping and healing items are character-sheet features). */
  readonly character: boolean;
  /** EQ-1: whether the item is in hands or worn; null for an item with no slot. */
  readonly inUse: boolean | null;
  /** REC-6: a gear row that is a healing item. */
  readonly healingItem: boolean;
  /** EQ-1: the item can be put in use (src/rules/equipment.ts equippable); absent: it can. */
  readonly equippable?: boolean;
}

/** Equipment that a character may carry twice (a skill or race is refused twice, SK-1, RC-1). */
const COPYABLE = new Set<ItemType>(["weapon", "armor", "shield", "gear"]);

/** MAG-1, AT-1, SK-3, REC-6: the one way this row's item is used, if any. */
function useEntry(facts: ItemRowFacts): ItemMenuEntry | null {
  if (facts.type === "weapon") return "attack";
  if (facts.type === "spell") return "cast";
  if (facts.type === "skill") return "roll";
  return facts.healingItem && facts.character ? "use" : null;
}

/** The entries, in menu order, that this viewer gets on this row. */
export function itemMenu(facts: ItemRowFacts): ItemMenuEntry[] {
  if (facts.limited) return [];
  if (!facts.editable) return ["view", "chat"];
  const entries: ItemMenuEntry[] = ["edit"];
  const use = useEntry(facts);
  if (use) entries.push(use);
  // An item in use can always be put away; one out of use is offered only if it can be used (EQ-1).
  if (facts.character && facts.inUse !== null && (facts.inUse || facts.equippable !== false))
    entries.push(facts.inUse ? "unequip" : "equip");
  entries.push("chat");
  if (COPYABLE.has(facts.type)) entries.push("duplicate");
  entries.push("delete");
  return entries;
}
