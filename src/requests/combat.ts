/**
 * A client's combat requests to the active GM: one call that sends a round request through
 * the one channel (./channel.ts) and shows a refusal to the user who asked. The tracker's buttons and
 * ZilchCombat's own turn controls both ask through it.
 */
import { COMBAT_REQUEST, type CombatRequest } from "../rules/round/authority";
import { askGM } from "./channel";
import { combatRefusalKey } from "./request-refusal-words";
import { rememberDeclaration } from "./own-declarations";

/**
 * The notification text of a refusal code, in players' words (./refusal-words.ts). A code this
 * client has no words for is logged for the GM and shown as a plain sentence, never as the code.
 */
export function errorText(code: string): string {
  const key = combatRefusalKey(code);
  if (key !== null) return game.i18n.localize(key);
  console.warn(`Zilch | a combat request was refused with a code this client does not know: ${code}`);
  return game.i18n.localize("ZILCH.Combat.Error.Unknown");
}

/** The request that the active GM start a combat (CB-3): only a GM may ask it. */
export const COMBAT_START_REQUEST = "combatStart";

/** Asks the client that applies requests to start the combat; a refusal is shown to the user. */
export async function requestCombatStart(combatId: string): Promise<boolean> {
  const result = await askGM(COMBAT_START_REQUEST, { combatId });
  if (!result.ok && !result.notified) ui.notifications?.warn(errorText(result.code));
  return result.ok;
}

/** Asks the active GM for a combat change; a refusal the channel has not shown yet is shown to the user. */
export async function requestCombat(request: CombatRequest): Promise<boolean> {
  const result = await askGM(COMBAT_REQUEST, request);
  if (!result.ok && !result.notified) ui.notifications?.warn(errorText(result.code));
  // ST-1: the declarer's own client remembers what it chose, to show it to its user until the reveal.
  if (result.ok && request.kind === "declareStance") {
    const round = game.combats?.get(request.combatId)?.zilchState.round ?? 0;
    rememberDeclaration(request.combatId, round, request.combatantId, request.stance);
  }
  return result.ok;
}
