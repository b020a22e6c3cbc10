/**
 * Drop decisions for the actor sheets as pure functions (SK-1, RA-1, NPC-1): what an item dropped
 * onto an actor does. The sheet applies the decision; tests call these directly.
 */
import { SKILLS, type SkillKey } from "../../../rules/skills";

export interface DroppedItem {
  type: string;
  name: string;
  system: Record<string, unknown>;
}

export interface OwnedItem extends DroppedItem {
  id: string;
}

export type DropDecision =
  | { kind: "create" }
  /** RA-1: a character has one race; the new one replaces the current one. */
  | { kind: "replaceRace"; replace: string[] }
  /** SK-1: each skill once, except repeatable ones (Language, Craft). */
  | { kind: "refuse"; reason: "duplicateSkill" | "notAllowed" };

/** Item types each actor type may hold (an NPC has attacks and abilities in its stat block, NPC-1). */
export const ALLOWED_ITEMS: Readonly<Record<string, readonly string[]>> = {
  character: ["weapon", "armor", "shield", "gear", "skill", "knack", "race", "injury", "spell"],
  npc: ["weapon", "armor", "shield", "gear", "skill", "knack", "injury", "spell"],
};

/** SK-1, SK-4: two skills are the same when they share a table key, or a name when custom. */
export function isDuplicateSkill(dropped: DroppedItem, owned: readonly OwnedItem[]): boolean {
  if (dropped.type !== "skill") return false;
  const key = (dropped.system.key as SkillKey | null | undefined) ?? null;
  if (key && key in SKILLS && SKILLS[key].repeatable) return false;
  return owned.some((item) => {
    if (item.type !== "skill") return false;
    const ownedKey = (item.system.key as string | null | undefined) ?? null;
    if (key || ownedKey) return key === ownedKey && (key !== null || item.name === dropped.name);
    return item.name.trim().toLowerCase() === dropped.name.trim().toLowerCase();
  });
}

/** What dropping this item onto an actor of this type does. */
export function dropDecision(
  actorType: string,
  dropped: DroppedItem,
  owned: readonly OwnedItem[],
): DropDecision {
  if (!(ALLOWED_ITEMS[actorType] ?? []).includes(dropped.type))
    return { kind: "refuse", reason: "notAllowed" };
  if (isDuplicateSkill(dropped, owned)) return { kind: "refuse", reason: "duplicateSkill" };
  if (dropped.type === "race") {
    const replace = owned.filter((i) => i.type === "race").map((i) => i.id);
    if (replace.length) return { kind: "replaceRace", replace };
  }
  return { kind: "create" };
}

/**
 * Sort values that move `moved` just before `target` among its siblings, in steps of the usual
 * sort density, so a reorder rewrites only what it must. Returns id → new sort.
 */
export function reorderSorts(
  siblings: readonly { id: string; sort: number }[],
  moved: string,
  target: string,
): Record<string, number> {
  const ordered = [...siblings]
    .sort((a, b) => a.sort - b.sort)
    .map((s) => s.id)
    .filter((id) => id !== moved);
  const at = ordered.indexOf(target);
  ordered.splice(at < 0 ? ordered.length : at, 0, moved);
  const SORT_STEP = 100_000;
  const out: Record<string, number> = {};
  ordered.forEach((id, index) => {
    const sort = (index + 1) * SORT_STEP;
    if (siblings.find((s) => s.id === id)?.sort !== sort) out[id] = sort;
  });
  return out;
}

/** The parts of an item's source data that an owned copy does not take as they are. */
interface CopiedSource {
  _id?: unknown;
  folder?: unknown;
  sort?: unknown;
  ownership?: unknown;
  _stats?: { compendiumSource?: string | null } | null;
}

/** Where a dropped item came from: its UUID, and whether that is a compendium entry. */
export interface DropOrigin {
  uuid: string;
  inCompendium: boolean;
}

/**
 * The creation data of an actor's copy of a dropped item. Draw Steel's sheet drop (0.11.1
 * src/module/applications/sheets/actor-sheet.mjs `_onDropItem`) builds it with core's
 * `fromCompendium(item, { clearFolder: true })`; the same transformations are done here on the
 * item's own data, so they hold whatever the source:
 * - a new id (Foundry gives one when `keepId` is not asked);
 * - no folder, sort or ownership: those were the sidebar's or the pack's, and an owned item is sorted
 *   among its actor's items and owned with its actor;
 * - `_stats.compendiumSource`: the compendium entry it came from (kept when the source already names
 *   one, as an item imported to the sidebar earlier does). dnd5e reads this field as an item's origin
 *   (release 5.3.3 module/data/item/templates/item-description.mjs, module/data/item/spell.mjs) and
 *   sets it on creation data itself (module/documents/activity/cast.mjs). The other `_stats`
 *   (timestamps, versions) are the new document's, not the source's.
 */
export function ownedCopy<T extends CopiedSource>(
  source: T,
  origin: DropOrigin,
): Omit<T, keyof CopiedSource> & { _stats: { compendiumSource: string | null } } {
  const { _id: _id, folder: _folder, sort: _sort, ownership: _ownership, _stats, ...rest } = source;
  const compendiumSource = _stats?.compendiumSource ?? (origin.inCompendium ? origin.uuid : null);
  return { ...rest, _stats: { compendiumSource } };
}

/** Whether an item can become a hotbar roll macro: a skill rolls, a weapon or spell attacks. */
export function isRollableItemType(type: string): boolean {
  return type === "weapon" || type === "skill" || type === "spell";
}

/** The owned item a hotbar macro rolls: the item itself when owned, else the speaking actor's item of that type and name. */
export function macroItemOf(
  item: { type: string; name: string | null; actor?: unknown },
  actor: { items: { contents: readonly { type: string; name: string | null }[] } } | null,
): unknown {
  if (item.actor) return item;
  return actor?.items.contents.find((owned) => owned.type === item.type && owned.name === item.name) ?? null;
}

/**
 * An Item's UUID: world (`Item.<id>`), embedded (`Actor.<id>.Item.<id>`, or an unlinked token's
 * `Scene.<id>.Token.<id>.Actor.<id>.Item.<id>`) or in a compendium.
 */
const ID = "[A-Za-z0-9]{16}";
const ITEM_UUID = new RegExp(
  `^(?:Compendium\\.[\\w-]+\\.[\\w-]+\\.|(?:Scene\\.${ID}\\.Token\\.${ID}\\.)?Actor\\.${ID}\\.)?Item\\.${ID}$`,
);

/**
 * An Item UUID as fvtt-types resolves it to an Item. A compendium Item's UUID has no such type there,
 * so it is carried as this type too: `fromUuid` resolves it to the same Item at run time.
 */
export type ItemUuid =
  | `Item.${string}`
  | `Actor.${string}.Item.${string}`
  | `Scene.${string}.Token.${string}.Actor.${string}.Item.${string}`;

/** Whether a macro's string has the shape of an Item UUID, so it may be typed as one. */
export function itemUuidShape(uuid: string): uuid is ItemUuid {
  return ITEM_UUID.test(uuid);
}
