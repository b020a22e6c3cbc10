/**
 * The attack card's seals in Foundry (src/requests/seal.ts says why they hold):
 * a world setting that is not shown in the menu, written only by the active GM (world settings need
 * SETTINGS_MODIFY: FOUNDRY-FACTS §2, #10912), keyed by message id. The card's step number travels in
 * the message itself (`system.seq`), so every viewer can quote it without reading settings. A seal
 * hashes the card as the one reader gives it (./stored.ts `sealed`).
 */
import { SYSTEM_ID } from "../../data/settings";
import { serially } from "../../requests/serial";
import {
  hashCardState,
  MAX_SEALS,
  nextSeals,
  readSeals,
  sealProblem,
  type CardSeals,
  type SealProblem,
} from "../../requests/seal";
import { storedCard } from "./stored";
import { rerenderMessage } from "../../types/chat-log";

export const SEALS_SETTING = "attackSeals";

export function registerCardSeals(): void {
  game.settings.register(SYSTEM_ID, SEALS_SETTING, {
    scope: "world",
    config: false,
    type: Object,
    default: {},
    onChange: rerenderResealed,
  });
}

/**
 * Whether this client may keep the seal store: a world setting, which needs SETTINGS_MODIFY
 * (FOUNDRY-FACTS §2, #10912). An Assistant GM lacks it unless the Gamemaster grants it (#11678, FACTS
 * "Assistant GMs and other users"), so an Assistant acting as active GM could seal nothing and every
 * card it opened would be dead after the declaration had done its work. The request handlers ask this
 * first and refuse (`cannotSeal`) before anything happens. `User#can(permission)` answers it on v13
 * and v14 (dnd5e 5.3.x `game.user.can("TOKEN_CREATE")` in module/documents/activity/summon.mjs and the
 * permission named per generation in activity/mixin.mjs: only TEMPLATE_CREATE was renamed, as
 * docs/foundry-versions.md records).
 */
export const maySealCards = (): boolean => game.user?.can("SETTINGS_MODIFY") ?? false;

/** The seals this client last saw, to re-render only the cards whose seal changed. */
let lastSeen: CardSeals = {};

/**
 * A card is rendered when its message changes, a moment before the GM's seal of that change arrives,
 * so it is first drawn without controls (sealOnItsWay). When the seals change (`onChange` runs on every client for a
 * world setting: src/setup/reprepare.ts), each card whose seal changed is rendered again, as systems
 * re-render their cards from a world setting's `onChange` (src/types/chat-log.ts).
 */
function rerenderResealed(value: unknown): void {
  const seals = readSeals(value);
  const changed = Object.keys(seals).filter(
    (id) => seals[id]!.hash !== lastSeen[id]?.hash || seals[id]!.seq !== lastSeen[id]?.seq,
  );
  lastSeen = seals;
  for (const id of changed) {
    const message = game.messages?.get(id);
    if (message) rerenderMessage(message);
  }
}

/**
 * A GM's card whose newest write is not sealed yet: the GM seals a write after its update comes back,
 * so every client draws the step a moment before its seal arrives. A player may update only messages
 * they wrote (FOUNDRY-FACTS §2, "ChatMessage"), so a GM's card that holds a seal of an earlier step is
 * a seal on its way, not a forgery: it is drawn without controls but not marked, and drawn again
 * when the seal comes. A player's message, or a card whose seal was dropped, is still marked.
 */
export function sealOnItsWay(message: ChatMessage.Implementation): boolean {
  const seals = readSeals(game.settings.get(SYSTEM_ID, SEALS_SETTING));
  return message.id! in seals && (message.author?.isGM ?? false);
}

/**
 * On any client: does this card hold the state and step number the GM last sealed? World settings are
 * read by every client (dnd5e's world `rulesVersion` feeds every client's data preparation).
 */
export async function cardSealed(message: ChatMessage.Implementation): Promise<boolean> {
  return (await cardProblem(message, cardSeq(message))) === null;
}

/** What the message holds, as the seal hashes it (nothing, for a message that is no card). */
function cardOf(message: ChatMessage.Implementation): { state: unknown; seq: unknown } {
  return storedCard(message)?.sealed ?? { state: undefined, seq: undefined };
}

/** The step number a viewer quotes when it asks for a step on this card. */
export function cardSeq(message: ChatMessage.Implementation): number | undefined {
  return storedCard(message)?.seq;
}

/** On the active GM's client: may a step asked with step number `asked` be applied to this card? */
export function cardProblem(
  message: ChatMessage.Implementation,
  asked: number | undefined,
): Promise<SealProblem | null> {
  if (droppedByGMs().has(message.id!)) return Promise.resolve("unsealed");
  const seals = readSeals(game.settings.get(SYSTEM_ID, SEALS_SETTING));
  return sealProblem(seals[message.id!], cardOf(message), asked);
}

/** The User flag where a GM that may not write the seal store notes the cards deleted while it applied. */
const DROPPED_FLAG = "droppedCards";

/**
 * The cards a GM noted as deleted (`noteDropped`): their seals, if still in the store, hold nothing. Read
 * from GM-role users only: a player writes its own User document, never a GM's (FOUNDRY-FACTS §2).
 */
function droppedByGMs(): Set<string> {
  const ids = [...(game.users ?? [])]
    .filter((u) => u.isGM)
    .flatMap((u) => {
      const noted: unknown = u.getFlag(SYSTEM_ID, DROPPED_FLAG);
      return Array.isArray(noted) ? noted.filter((id): id is string => typeof id === "string") : [];
    });
  return new Set(ids);
}

/**
 * A card deleted while the applying GM may not write the seal store (an Assistant GM by default,
 * `maySealCards`): its seal cannot go, so the GM notes the id on its own User document, which a user
 * may write (FOUNDRY-FACTS §2), and every reader counts that seal as gone; the next GM write of the
 * store drops it. The newest MAX_SEALS notes are kept, as the store keeps its seals.
 */
async function noteDropped(messageId: string): Promise<void> {
  const user = game.user!;
  const noted: unknown = user.getFlag(SYSTEM_ID, DROPPED_FLAG);
  const kept = Array.isArray(noted) ? noted.filter((id): id is string => typeof id === "string") : [];
  if (kept.includes(messageId)) return;
  await user.setFlag(SYSTEM_ID, DROPPED_FLAG, [...kept, messageId].slice(-MAX_SEALS));
}

/**
 * After the GM's write of the card (its update has come back, FOUNDRY-FACTS §4), seal what the
 * message now holds. A finished card keeps its seal while it carries damage, which "apply to selected"
 * may still give (src/documents/apply/selected.ts checks the seal); a finished card without damage
 * has nothing left to seal. Seals of deleted messages go, and the store keeps the newest (MAX_SEALS).
 * One write at a time, so two cards sealed together do not lose each other's seal.
 */
export function sealCard(message: ChatMessage.Implementation): Promise<void> {
  return serially("zilch.cardSeals", async () => {
    const stored = storedCard(message);
    const spent = !stored || (stored.state.step === "done" && !stored.state.damage);
    const seal = spent ? null : { hash: await hashCardState(cardOf(message)), seq: stored.seq };
    const seals = readSeals(game.settings.get(SYSTEM_ID, SEALS_SETTING));
    const dropped = droppedByGMs();
    const exists = (id: string) => !dropped.has(id) && (game.messages?.has(id) ?? false);
    await game.settings.set(SYSTEM_ID, SEALS_SETTING, nextSeals(seals, message.id!, seal, exists));
  });
}

/**
 * A deleted card's seal goes at once, so a message a player creates later under the same id (a
 * create option keeps a given id: FOUNDRY-FACTS §12, "Message ids") finds none. Run by the client that
 * applies requests; a card deleted while no such client is online loses its seal at the next write,
 * since `nextSeals` keeps only cards that exist.
 */
export function dropSeal(messageId: string): Promise<void> {
  return serially("zilch.cardSeals", async () => {
    const seals = readSeals(game.settings.get(SYSTEM_ID, SEALS_SETTING));
    if (!(messageId in seals)) return;
    if (!maySealCards()) return noteDropped(messageId);
    const exists = (id: string) => id !== messageId && (game.messages?.has(id) ?? false);
    await game.settings.set(SYSTEM_ID, SEALS_SETTING, nextSeals(seals, messageId, null, exists));
  });
}
