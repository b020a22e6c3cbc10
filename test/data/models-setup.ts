/**
 * The data-layer tests' world: the stand-in installed, then the system's own registration run, so
 * the tests build documents through CONFIG exactly as Foundry would.
 */
import { installStandIn } from "../stand-in";
import type { DocumentData, StandInActor } from "../stand-in/documents";

installStandIn();
const { registerDataModels, ACTOR_MODELS, CHAT_MESSAGE_MODELS, ITEM_MODELS, COMBATANT_MODELS } =
  await import("../../src/setup/data-models");
registerDataModels();
const { ZilchActor } = await import("../../src/documents/actor");

export { ACTOR_MODELS, CHAT_MESSAGE_MODELS, COMBATANT_MODELS, ITEM_MODELS, ZilchActor };
export type { CharacterData } from "../../src/data/actor/character";
export type { NpcData } from "../../src/data/actor/npc";

/** The actor document class as registered (ZilchActor over the stand-in Actor). */
type ActorClass = new (data: DocumentData) => InstanceType<typeof ZilchActor> & StandInActor;
type ActorInstance = InstanceType<ActorClass>;

/** Document.create through the registered class: _preCreate runs, as it does for a new actor. */
export async function createActor(data: DocumentData): Promise<ActorInstance> {
  const Cls = (
    globalThis as unknown as {
      CONFIG: { Actor: { documentClass: { create(d: DocumentData): Promise<ActorInstance | undefined> } } };
    }
  ).CONFIG.Actor.documentClass;
  const actor = await Cls.create(data);
  if (!actor) throw new Error("creation refused");
  return actor;
}

export function makeActor(data: DocumentData): ActorInstance {
  const Cls = (globalThis as unknown as { CONFIG: { Actor: { documentClass: ActorClass } } }).CONFIG.Actor
    .documentClass;
  return new Cls(data);
}

type SuitCards = { primary?: number; secondary?: number; drain?: number; taint?: number };

/** A character source with the given cards (primary = secondary unless both are given). */
export function characterSource(
  cards: Partial<Record<"clubs" | "spades" | "diamonds" | "hearts", SuitCards>>,
  rest: Record<string, unknown> = {},
) {
  const suits: Record<string, SuitCards> = {};
  for (const [suit, c] of Object.entries(cards)) suits[suit] = { ...c, secondary: c.secondary ?? c.primary };
  return { suits, ...rest };
}
