/**
 * The one reader of what an attack card message holds. A card is an `attack` message whose `system`
 * is the AttackCardData model (src/data/chat/attack-card.ts): Foundry builds `system` as an instance of
 * the registered model, whose methods dnd5e calls on it (release-5.1.10 module/documents/chat-message.mjs
 * `this.system.getHTML`). A card made before the subtype is a `base` message with the state in
 * `flags.zilch.attack` and the step number in `flags.zilch.attackSeq`; it is read through the same
 * model, whose migrateData lifts that shape. Whether Foundry would run a subtype's migrateData on such
 * a message, or let an update change its type, is not known (docs/status.md), so such a card keeps
 * its flags and is read here.
 */
import { AttackCardData } from "../../data/chat/attack-card";
import { SYSTEM_ID } from "../../data/settings";
import type { AttackState } from "../../rules/attack/index";

/**
 * A card's state and the step number the GM sealed; `legacy` when it lives in the old flags.
 * `sealed` is what its seal hashes (./seals.ts): the model's reading, or for a card in the old flags
 * those flags as stored, which is what the seals of earlier builds hashed, so such a card's seal
 * still holds and the card plays on.
 */
export interface StoredCard {
  readonly state: AttackState;
  readonly seq: number;
  readonly legacy: boolean;
  readonly sealed: { readonly state: unknown; readonly seq: unknown };
}

/** The card a message holds, or null when it is no attack card (or its flags do not make one). */
export function storedCard(message: ChatMessage.Implementation): StoredCard | null {
  const system: unknown = message.system;
  if (system instanceof AttackCardData) {
    const state = system.toState();
    return { state, seq: system.seq, legacy: false, sealed: { state, seq: system.seq } };
  }
  const flags = message.flags[SYSTEM_ID];
  if (!flags || flags.attack === undefined) return null;
  const model = AttackCardData.fromFlags(flags.attack, flags.attackSeq);
  const sealed = { state: flags.attack, seq: flags.attackSeq };
  return model && { state: model.toState(), seq: model.seq, legacy: true, sealed };
}
