/**
 * Gathers an actor document into the plain inputs of the pure context builders. The only module of
 * the sheets that reads documents; everything it returns is plain data.
 */
import { getSetting } from "../../setup/settings";
import type { TalentFormula } from "../../rules/talents";
import type { SkillTalentMode } from "../../rules/skills";
import { characterContext, type CharacterInput, type CombatFacts, type PlainItem } from "./character-context";
import { npcContext, type NpcInput } from "./npc-context";

/** An embedded item as plain data. */
export function plainItem(item: Item.Implementation): PlainItem {
  const source = item.toObject() as unknown as { system: Record<string, unknown>; sort?: number };
  return { id: item.id ?? "", name: item.name ?? "", img: item.img ?? "", type: item.type, sort: source.sort ?? 0, system: source.system };
}

/** DOM-4, ST-1, CD-2: the actor's combatant in the viewed combat, as the sheet shows it. */
export function combatFacts(actor: Actor.Implementation): CombatFacts | null {
  const combatant = game.combat?.combatants.find((c) => c.actor?.id === actor.id);
  if (!combatant) return null;
  const system = (combatant as unknown as { system?: Record<string, unknown> }).system ?? {};
  const domino = (system.domino ?? {}) as { state?: string; offense?: number; defense?: number; value?: [number, number] };
  const state = domino.state === "revealed" || domino.state === "faceDown" ? domino.state : "none";
  const hand = system.hand as unknown[] | undefined;
  return {
    initiative: combatant.initiative ?? null,
    stance: typeof system.stance === "string" ? system.stance : null,
    domino: state === "revealed" ? { state, offense: domino.offense ?? domino.value?.[0], defense: domino.defense ?? domino.value?.[1] } : { state },
    pool: Array.isArray(hand) ? hand.length : null,
  };
}

export function characterInput(actor: Actor.Implementation, options: { id: string; editable: boolean; editMode: boolean; activeTab?: string }): CharacterInput {
  const source = actor.toObject() as unknown as { system: CharacterInput["system"] };
  return {
    id: options.id,
    name: actor.name ?? "",
    img: actor.img ?? "",
    system: source.system,
    items: actor.items.contents.map(plainItem),
    editable: options.editable,
    editMode: options.editMode,
    activeTab: options.activeTab as CharacterInput["activeTab"],
    settings: { talentFormula: getSetting("talentFormula") as TalentFormula, skillTalentMode: getSetting("skillTalentMode") as SkillTalentMode },
    combat: combatFacts(actor),
  };
}

export function npcInput(actor: Actor.Implementation, options: { id: string; editable: boolean; editMode: boolean }): NpcInput {
  const source = actor.toObject() as unknown as { system: NpcInput["system"] };
  return {
    id: options.id,
    name: actor.name ?? "",
    img: actor.img ?? "",
    system: source.system,
    items: actor.items.contents.map(plainItem),
    editable: options.editable,
    editMode: options.editMode,
  };
}

/** The sheet context of either actor type, for the roll dialog and macros. */
export function actorSheetContext(actor: Actor.Implementation) {
  const options = { id: `roll-${actor.id}`, editable: false, editMode: false };
  return (actor.type as string) === "npc"
    ? ({ type: "npc", context: npcContext(npcInput(actor, options)) } as const)
    : ({ type: "character", context: characterContext(characterInput(actor, options)) } as const);
}
