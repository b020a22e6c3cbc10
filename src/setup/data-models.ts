/**
 * Registers the data models, the actor and item document classes and the condition status effects.
 * Called once from the `init` hook in src/zilch.ts.
 */
import { CharacterData } from "../data/actor/character";
import { AttackCardData } from "../data/chat/attack-card";
import { NpcData } from "../data/actor/npc";
import { CombatantData } from "../data/combat/combatant";
import { ArmorData } from "../data/item/armor";
import { GearData } from "../data/item/gear";
import { InjuryData } from "../data/item/injury";
import { KnackData } from "../data/item/knack";
import { RaceData } from "../data/item/race";
import { ShieldData } from "../data/item/shield";
import { SkillData } from "../data/item/skill";
import { SpellData } from "../data/item/spell";
import { WeaponData } from "../data/item/weapon";
import { ZilchActor } from "../documents/actor";
import { ZilchItem } from "../documents/item";
import { registerStatusEffects } from "./status-effects";
import { TRACKABLE_ATTRIBUTES as TOKEN_ATTRIBUTES } from "../data/actor/token-bars";

/** Every actor type and its model; system.json `documentTypes.Actor` lists the same keys. */
export const ACTOR_MODELS = { character: CharacterData, npc: NpcData } as const;

/** Every item type and its model; system.json `documentTypes.Item` lists the same keys. */
export const ITEM_MODELS = {
  weapon: WeaponData,
  armor: ArmorData,
  shield: ShieldData,
  gear: GearData,
  skill: SkillData,
  knack: KnackData,
  race: RaceData,
  injury: InjuryData,
  spell: SpellData,
} as const;

/** The combatant has one type, Foundry's `base`. */
export const COMBATANT_MODELS = { base: CombatantData } as const;

/**
 * Chat message subtypes; system.json `documentTypes.ChatMessage` lists the same keys (dnd5e
 * release-5.1.10 declares and registers its message subtypes so: FOUNDRY-FACTS §6).
 */
export const CHAT_MESSAGE_MODELS = { attack: AttackCardData } as const;

/**
 * HP-1, CH-1, §23: the token bars (HP, class chips) and single values (Grit) each actor type offers;
 * maxima are derived, so they are declared, not detected (src/data/actor/token-bars.ts).
 */
export const TRACKABLE_ATTRIBUTES: Record<keyof typeof ACTOR_MODELS, { bar: string[]; value: string[] }> = {
  character: { bar: [...TOKEN_ATTRIBUTES.character.bar], value: [...TOKEN_ATTRIBUTES.character.value] },
  npc: { bar: [...TOKEN_ATTRIBUTES.npc.bar], value: [...TOKEN_ATTRIBUTES.npc.value] },
};

export function registerDataModels(): void {
  // The subtypes are those system.json declares; src/types/data-models.ts tells the type package.
  CONFIG.Actor.dataModels = { ...ACTOR_MODELS };
  CONFIG.Actor.documentClass = ZilchActor;
  CONFIG.Actor.trackableAttributes = TRACKABLE_ATTRIBUTES;
  CONFIG.Item.dataModels = { ...ITEM_MODELS };
  CONFIG.Item.documentClass = ZilchItem;
  CONFIG.Combatant.dataModels = { ...COMBATANT_MODELS };
  CONFIG.ChatMessage.dataModels = { ...CHAT_MESSAGE_MODELS };
  registerStatusEffects();
}
