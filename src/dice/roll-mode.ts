/**
 * The chat message mode (public, GM, blind, self) of every message that carries a roll. Core applies the
 * chat log's choice only when `ChatMessage.create` is told the mode, so a system that creates messages
 * itself sets the whisper and blind flags from the user's choice (FOUNDRY-FACTS §6;
 * foundryvtt/foundryvtt#11442; dnd5e module/documents/actor/actor.mjs). Modes carry v14's names; the
 * v13 forms (`core.rollMode`, `applyRollMode`, "blindroll") live in src/foundry/compat.ts only.
 */
import { applyMessageMode, chatMessageMode, type MessageMode } from "../foundry/compat";

/** A roll's message mode: "public", "gm", "blind" or "self" (v14's names). */
export type RollMode = MessageMode;

/** The mode this client's user chose in the chat log (a client setting, so each user's own). */
export function chatRollMode(): RollMode {
  return chatMessageMode();
}

/**
 * Message data made visible as `mode` says: nobody but the roller (self), the GMs (gm), the GMs
 * without the roller seeing the result (blind), or everyone (public). Returns the same object.
 */
export function withRollMode<T extends object>(data: T, mode: RollMode = chatRollMode()): T {
  return applyMessageMode(data, mode);
}

/**
 * A line only the GMs may read (GW-9's injury rolls): whispered to them whatever the mode, and blind to
 * its roller when the roller chose a blind roll.
 */
export function gmOnly<T extends object>(data: T, mode: RollMode = chatRollMode()): T {
  const whisper = ChatMessage.getWhisperRecipients("GM").map((u) => u.id);
  return { ...data, whisper, ...(mode === "blind" ? { blind: true } : {}) };
}
