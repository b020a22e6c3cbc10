/**
 * The attack card as a chat message, on the active GM's client: its state lives in
 * `flags.zilch.attack` with the step number in `flags.zilch.attackSeq` (both typed in
 * src/types/data-models.ts), its stored content is the card rendered for no viewer (each client adds
 * its own viewer's controls when it renders the message), and every write is sealed (./seals.ts).
 */
import type { AttackRequester, AttackState } from "../../rules/attack/state";
import { SYSTEM_ID } from "../../data/settings";
import { ATTACK_CARD_TEMPLATE, attackCardContext } from "../../dice/attack-card";
import { sealCard } from "./seals";

/** The card's HTML for one viewer (null: the stored content, with no controls). */
export function renderCard(state: AttackState, viewer: AttackRequester | null): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, {
    ...attackCardContext(state, viewer),
  });
}

/** The state a card holds, if the message is an attack card. */
export const cardState = (message: ChatMessage.Implementation): AttackState | undefined =>
  message.getFlag(SYSTEM_ID, "attack");

/** Issue 15: the card starts at step 1, sealed, so only state the GM wrote is ever stepped. */
export async function createCard(attacker: Actor.Implementation, state: AttackState): Promise<void> {
  const card = await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor: attacker }),
    content: await renderCard(state, null),
    flags: { [SYSTEM_ID]: { attack: state, attackSeq: 1 } },
  });
  if (card) await sealCard(card);
}

/** The GM's write of a step: the new state, content and step number, then the seal of what it wrote. */
export async function writeCard(
  message: ChatMessage.Implementation,
  state: AttackState,
  seq: number,
): Promise<void> {
  await message.update({
    content: await renderCard(state, null),
    flags: { [SYSTEM_ID]: { attack: state, attackSeq: seq } },
  });
  await sealCard(message);
}
