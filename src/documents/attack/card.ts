/**
 * The attack card as a chat message, on the active GM's client: an `attack` message whose `system`
 * holds the state and the step number (src/data/chat/attack-card.ts; created with `type` and `system`
 * as dnd5e creates its message subtypes, FOUNDRY-FACTS §6). Its stored content is the card rendered
 * for no viewer (each client adds its own viewer's controls when it renders the message), and every
 * write is sealed (./seals.ts). Cards from before the subtype keep their flags (./stored.ts).
 */
import type { AttackRequester, AttackState } from "../../rules/attack/index";
import { SYSTEM_ID } from "../../data/settings";
import { ATTACK_CARD_TEMPLATE, attackCardContext } from "../../dice/attack-card";
import { sealCard } from "./seals";
import { storedCard } from "./stored";

/**
 * The card's HTML for one viewer (null: the stored content, with no controls). `unverified`: its seal
 * is missing or does not match, so it is shown with no controls and marked for every viewer.
 */
export function renderCard(
  state: AttackState,
  viewer: AttackRequester | null,
  unverified = false,
): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, {
    ...attackCardContext(state, unverified ? null : viewer, (key) => game.i18n.localize(key)),
    unverified,
  });
}

/** The state a card holds, if the message is an attack card. */
export const cardState = (message: ChatMessage.Implementation): AttackState | undefined =>
  storedCard(message)?.state;

/** The card starts at step 1, sealed, so only state the GM wrote is ever stepped. */
export async function createCard(attacker: Actor.Implementation, state: AttackState): Promise<void> {
  const card = await ChatMessage.create({
    type: "attack",
    speaker: ChatMessage.getSpeaker({ actor: attacker }),
    content: await renderCard(state, null),
    system: { ...state, seq: 1 },
  });
  if (card) await sealCard(card);
}

/**
 * An update that writes what it names whole. Foundry merges an update's objects into the stored ones
 * by default, so a key the new state no longer has (a record's part that no longer applies) would stay
 * in the card and in its seal. `recursive: false` replaces each named key instead; `diff: false`
 * sends the data as given, not only its difference from what is stored (dnd5e release-5.3.3
 * module/applications/advancement/advancement-manager.mjs and crucible module/documents/actor.mjs
 * pass the two together to write objects whole). Both options exist in v13 and v14 alike.
 */
const WHOLE = { diff: false, recursive: false } as const;

/**
 * The GM's write of a step: the new state, content and step number, then the seal of what it wrote.
 * A card from before the subtype is written where it lives, in its flags (./stored.ts): the message's
 * flags are sent whole, other packages' scopes as stored and the card's own keys replaced.
 */
export async function writeCard(
  message: ChatMessage.Implementation,
  state: AttackState,
  seq: number,
): Promise<void> {
  const content = await renderCard(state, null);
  if (storedCard(message)?.legacy) {
    const flags = message.toObject().flags;
    const own = { ...flags[SYSTEM_ID], attack: state, attackSeq: seq };
    await message.update({ content, flags: { ...flags, [SYSTEM_ID]: own } }, WHOLE);
  } else await message.update({ content, system: { ...state, seq } }, WHOLE);
  await sealCard(message);
}
