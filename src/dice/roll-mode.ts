/**
 * The chat roll mode (public, GM, blind, self) for every message that carries a roll. Core applies the
 * chat log's selector only when `ChatMessage.create` receives a `rollMode` option, so a system that
 * creates messages itself sets the whisper and blind flags with `ChatMessage.applyRollMode(data,
 * game.settings.get("core", "rollMode"))` (FOUNDRY-FACTS §6; foundryvtt/foundryvtt#11442; dnd5e
 * module/documents/actor/actor.mjs; draw-steel src/module/data/actor/creature.mjs).
 */

/** A roll mode as Foundry names it: "publicroll", "gmroll", "blindroll" or "selfroll". */
export type RollMode = Parameters<typeof ChatMessage.applyRollMode>[1];

/** The roll mode this client's user chose in the chat log (a client setting, so each user's own). */
export function chatRollMode(): RollMode {
  // Unset (null) reads as public, Foundry's default mode.
  return game.settings!.get("core", "rollMode") ?? "publicroll";
}

/**
 * Message data made visible as `mode` says: nobody but the roller (self), the GMs (gmroll), the GMs
 * without the roller seeing the result (blindroll), or everyone (publicroll). Returns the same object.
 */
export function withRollMode<T extends object>(data: T, mode: RollMode = chatRollMode()): T {
  ChatMessage.applyRollMode(data, mode);
  return data;
}

/**
 * A line only the GMs may read (GW-9's injury rolls): whispered to them whatever the roll mode, and
 * blind to its roller when the roller chose a blind roll.
 */
export function gmOnly<T extends object>(data: T, mode: RollMode = chatRollMode()): T {
  const whisper = ChatMessage.getWhisperRecipients("GM").map((u) => u.id);
  return { ...data, whisper, ...(mode === "blindroll" ? { blind: true } : {}) };
}
