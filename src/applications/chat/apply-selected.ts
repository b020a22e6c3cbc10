/**
 * Issue 13 point 7, the clicking client's side: a card's "apply to selected tokens" button sends the
 * tokens this user has selected on the canvas to the active GM (src/documents/apply/selected.ts
 * checks and applies). The selection is `canvas.tokens.controlled`, each Token's document naming it,
 * as dnd5e 5.x reads it for its damage cards (module/applications/components/
 * targeted-application-mixin.mjs `buildTargetsList`, "selected" mode).
 */
import { askGM } from "../../requests/channel";
import { APPLY_SELECTED_REQUEST } from "../../documents/apply/selected";
import { APPLY_REFUSALS } from "../refusal-words";
import { refusalKey } from "../../requests/refusal-words";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * The UUIDs of the tokens this user has selected (none without a canvas). Read as unknown and checked
 * field by field: naming fvtt-types 13.345.1's `canvas.tokens.controlled` made tsc report a circular
 * mapped type in the Actor's `effects` (TS2615, measured 2026-11-23), so the placeables are never typed.
 */
function selectedTokenUuids(): string[] {
  const layer: unknown = Reflect.get(globalThis, "canvas");
  const tokens = isRecord(layer) && isRecord(layer.tokens) ? layer.tokens.controlled : undefined;
  if (!Array.isArray(tokens)) return [];
  return tokens.flatMap((t: unknown) =>
    isRecord(t) && isRecord(t.document) && typeof t.document.uuid === "string" ? [t.document.uuid] : [],
  );
}

/** Sends the selection; tells the user what happened (the channel words its own refusals). */
export async function applyToSelected(
  message: ChatMessage.Implementation,
  button: HTMLButtonElement,
): Promise<boolean> {
  const tokenUuids = selectedTokenUuids();
  const i18n = game.i18n!;
  if (tokenUuids.length === 0 || !message.id) {
    ui.notifications?.warn(i18n.localize("ZILCH.Apply.NoneSelected"));
    return false;
  }
  button.disabled = true;
  try {
    const result = await askGM(APPLY_SELECTED_REQUEST, { messageId: message.id, tokenUuids });
    if (result.ok) {
      ui.notifications?.info(i18n.format("ZILCH.Apply.Done", { n: String(tokenUuids.length) }));
      return true;
    }
    if (!result.notified) {
      const key = refusalKey(APPLY_REFUSALS, result.code) ?? "ZILCH.Attack.Error.Unknown";
      ui.notifications?.warn(result.data ? i18n.format(key, result.data) : i18n.localize(key));
    }
    return false;
  } finally {
    button.disabled = false;
  }
}
