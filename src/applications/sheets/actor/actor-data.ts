/**
 * Gathers an actor document into the inputs of the pure context builders. The system data passed on
 * is the document's prepared data (what `prepareDerivedData` computed), so the sheets show the
 * models' numbers and never recompute them. Nothing here reads a Foundry global, so the template
 * tests call it with stand-in documents; ./actor-sheet-context.ts adds the viewed combat.
 */
import type { CharacterInput, CombatFacts, PreparedCharacter } from "../character/character-context";
import type { PlainItem } from "./sheet-common";
import type { NpcInput, PreparedNpc } from "../npc/npc-context";
import type { CharacterTab } from "../shared/constants";

/** What the builders read of an item document (a v13 Item, or a stand-in one in tests). */
export interface ItemLike {
  id: string | null;
  name: string | null;
  img?: string | null;
  type: string;
  sort?: number;
  system: unknown;
}

/** What the builders read of an actor document. */
export interface ActorLike {
  id: string | null;
  uuid?: string;
  name: string | null;
  img?: string | null;
  system: unknown;
  items: { contents: readonly ItemLike[] };
  /** v13 Actor#statuses: the status effect ids on the actor. */
  statuses?: ReadonlySet<string>;
  /** KN-2: ZilchActor#raging, the creature rages now. */
  raging?: boolean;
  /** DataModel#_source of the system, for inputs that edit a stored value the model replaces. */
  toObject?(): unknown;
}

/** An embedded item with its prepared system data (e.g. a skill's derived `bonus`). */
export function plainItem(item: ItemLike): PlainItem {
  return {
    id: item.id ?? "",
    name: item.name ?? "",
    img: item.img ?? "",
    type: item.type,
    sort: item.sort ?? 0,
    system: item.system as Record<string, unknown>,
  };
}

export interface InputOptions {
  id: string;
  editable: boolean;
  editMode: boolean;
  activeTab?: CharacterTab;
  combat?: CombatFacts | null;
}

export function characterInput(actor: ActorLike, options: InputOptions): CharacterInput {
  return {
    id: options.id,
    uuid: actor.uuid ?? "",
    name: actor.name ?? "",
    img: actor.img ?? "",
    system: actor.system as PreparedCharacter,
    items: actor.items.contents.map(plainItem),
    editable: options.editable,
    editMode: options.editMode,
    activeTab: options.activeTab,
    combat: options.combat ?? null,
    statuses: [...(actor.statuses ?? [])],
    raging: actor.raging === true,
  };
}

export function npcInput(actor: ActorLike, options: InputOptions): NpcInput {
  const source = (actor.toObject?.() as { system?: { hp?: { max?: number | null } } } | undefined)?.system;
  return {
    id: options.id,
    uuid: actor.uuid ?? "",
    name: actor.name ?? "",
    img: actor.img ?? "",
    system: actor.system as PreparedNpc,
    hpMaxSource: source?.hp?.max ?? null,
    items: actor.items.contents.map(plainItem),
    editable: options.editable,
    editMode: options.editMode,
    statuses: [...(actor.statuses ?? [])],
  };
}
