/**
 * Gathers an actor document into the inputs of the pure context builders. The system data passed on
 * is the document's prepared data (what `prepareDerivedData` computed), so the sheets show the
 * models' numbers and never recompute them. Only `combatFacts` reads a Foundry global (game.combat),
 * so the template tests call the rest with stand-in documents.
 */
import {
  characterContext,
  type CharacterInput,
  type CombatFacts,
  type PreparedCharacter,
} from "./character-context";
import type { PlainItem } from "./sheet-common";
import { npcContext, type NpcInput, type PreparedNpc } from "./npc-context";
import type { CharacterTab } from "./constants";
import { combatantOfCreature } from "../../rules/round/creature";

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

/** DOM-4, ST-1, CD-2: the actor's combatant in the viewed combat, as the sheet shows it. */
export function combatFacts(actor: Actor.Implementation): CombatFacts | null {
  // An unlinked token's sheet shows its own combatant, not its world actor's first token's.
  const combatant = game.combat ? combatantOfCreature(game.combat.combatants, actor) : undefined;
  if (!combatant) return null;
  const system = (combatant as unknown as { system?: Record<string, unknown> }).system ?? {};
  const domino = (system.domino ?? {}) as {
    state?: string;
    offense?: number;
    defense?: number;
    value?: [number, number];
  };
  const state = domino.state === "revealed" || domino.state === "faceDown" ? domino.state : "none";
  const hand = system.hand as unknown[] | undefined;
  return {
    initiative: combatant.initiative ?? null,
    stance: typeof system.stance === "string" ? system.stance : null,
    domino:
      state === "revealed"
        ? {
            state,
            offense: domino.offense ?? domino.value?.[0],
            defense: domino.defense ?? domino.value?.[1],
          }
        : { state },
    pool: Array.isArray(hand) ? hand.length : null,
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
  };
}

/** The sheet context of either actor type, for the roll dialog and macros. */
export function actorSheetContext(actor: Actor.Implementation) {
  const options = { id: `roll-${actor.id}`, editable: false, editMode: false, combat: combatFacts(actor) };
  const like = actor as unknown as ActorLike;
  return (actor.type as string) === "npc"
    ? ({ type: "npc", context: npcContext(npcInput(like, options)) } as const)
    : ({ type: "character", context: characterContext(characterInput(like, options)) } as const);
}
