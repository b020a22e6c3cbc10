/**
 * Declares our actor and item subtypes and document classes to the type package, so `actor.system`
 * is typed per `type` and `CONFIG.Actor.documentClass` is ZilchActor. The keys are those of
 * ACTOR_MODELS / ITEM_MODELS (src/setup/data-models.ts) and system.json `documentTypes`.
 */
import type { AttackCardData } from "../data/chat/attack-card";
import type { CombatantData } from "../data/combat/combatant";
import type { CharacterData } from "../data/actor/character";
import type { NpcData } from "../data/actor/npc";
import type { ArmorData } from "../data/item/armor";
import type { GearData } from "../data/item/gear";
import type { InjuryData } from "../data/item/injury";
import type { KnackData } from "../data/item/knack";
import type { RaceData } from "../data/item/race";
import type { ShieldData } from "../data/item/shield";
import type { SkillData } from "../data/item/skill";
import type { SpellData } from "../data/item/spell";
import type { WeaponData } from "../data/item/weapon";
import type { ZilchActor } from "../documents/actor";
import type { ZilchCombat } from "../documents/combat/zilch-combat";
import type { ZilchItem } from "../documents/item";
import type { SpellCastRecord } from "../dice/spell-card";
import type { ContestCardFlags, TestCardFlags } from "../dice/test-roll";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Actor: { character: typeof CharacterData; npc: typeof NpcData };
    Item: {
      weapon: typeof WeaponData;
      armor: typeof ArmorData;
      shield: typeof ShieldData;
      gear: typeof GearData;
      skill: typeof SkillData;
      knack: typeof KnackData;
      race: typeof RaceData;
      injury: typeof InjuryData;
      spell: typeof SpellData;
    };
    Combatant: { base: typeof CombatantData };
    ChatMessage: { attack: typeof AttackCardData };
  }

  interface DocumentClassConfig {
    Actor: typeof ZilchActor;
    Item: typeof ZilchItem;
    Combat: typeof ZilchCombat;
  }

  // The stored documents (`game.actors.get`, `actor.items`) are our generic classes, so
  // `Actor.OfType<"npc">` is a ZilchActor whose `system` is NpcData: `isOfType` narrows to it. With
  // the generic class `fromUuid` accepts the hotbar's checked UUID string (tsc, fvtt-types 13.345.1).
  interface ConfiguredActor<SubType extends Actor.SubType> {
    document: ZilchActor<SubType>;
  }

  interface ConfiguredItem<SubType extends Item.SubType> {
    document: ZilchItem<SubType>;
  }

  // `game.combat`, `combatant.parent` and the tracker's `viewed` are ZilchCombat, so no caller casts.
  interface ConfiguredCombat<SubType extends Combat.SubType> {
    document: ZilchCombat<SubType>;
  }
}

// The system's chat-message flags. MAG-6: a non-attack Cast's card keeps its record under
// flags.zilch.spell (src/dice/spell-card.ts) so the GM's Apply button can finish it later.
declare module "fvtt-types/configuration" {
  interface FlagConfig {
    ChatMessage: {
      zilch?: {
        spell?: SpellCastRecord & { description?: string };
        /** TL-6: a test or save card and a contest card keep what a Boon re-reads (src/dice/test-roll.ts). */
        test?: TestCardFlags;
        contest?: ContestCardFlags;
        /**
         * An attack card from before the `attack` subtype: its state and step number, read only through
         * the card model (src/documents/attack/stored.ts), never trusted as typed.
         */
        attack?: unknown;
        attackSeq?: unknown;
        /** The tokens that took the card's damage (src/documents/apply/selected.ts). */
        appliedTo?: string[];
        /** GW-4: the opportunity attacks a post offers (src/documents/opportunity.ts), never trusted as typed. */
        opportunity?: unknown;
        /** The attack card's step number whose step the GM's client began applying (src/documents/attack/step-journal.ts). */
        applying?: unknown;
      };
    };
  }
}
