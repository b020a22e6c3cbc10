/**
 * The clicking client's side: a card's "apply to selected tokens" button sends the
 * tokens this user has selected on the canvas to the active GM (src/documents/apply/selected.ts
 * checks and applies). The selection is `canvas.tokens.controlled`, each Token's document naming it,
 * as dnd5e 5.x reads it for its damage cards (module/applications/components/
 * targeted-application-mixin.mjs `buildTargetsList`, "selected" mode).
 */
import { askGM } from "../../requests/channel";
import { APPLY_SELECTED_REQUEST } from "../../documents/apply/selected";
import { APPLY_REFUSALS } from "../refusal-words";
import { refusalKey } from "../../requests/request-refusal-words";

/** The UUIDs of the tokens this user has selected (none without a canvas). */
function selectedTokenUuids(): string[] {
  return (canvas?.tokens?.controlled ?? []).map((t) => t.document.uuid);
}

/** What the button applies (an attack card's damage, a spell card's healing), for its words. */
export type AppliedKind = "damage" | "healing";

const WORDS = {
  damage: { none: "ZILCH.Apply.NoneSelected", done: "ZILCH.Apply.Done" },
  healing: { none: "ZILCH.Apply.HealNoneSelected", done: "ZILCH.Apply.HealDone" },
} as const satisfies Record<AppliedKind, { none: string; done: string }>;

/** Sends the selection; tells the user what happened (the channel words its own refusals). */
export async function applyToSelected(
  message: ChatMessage.Implementation,
  button: HTMLButtonElement,
  kind: AppliedKind = "damage",
): Promise<boolean> {
  const tokenUuids = selectedTokenUuids();
  const i18n = game.i18n;
  if (tokenUuids.length === 0 || !message.id) {
    ui.notifications?.warn(i18n.localize(WORDS[kind].none));
    return false;
  }
  button.disabled = true;
  try {
    const result = await askGM(APPLY_SELECTED_REQUEST, { messageId: message.id, tokenUuids });
    if (result.ok) {
      ui.notifications?.info(i18n.format(WORDS[kind].done, { n: String(tokenUuids.length) }));
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
