/**
 * A client's combat requests to the active GM (issue 15): one call that sends a round request through
 * the one channel (./channel.ts) and shows a refusal to the user who asked. The tracker's buttons and
 * ZilchCombat's own turn controls both ask through it.
 */
import { COMBAT_REQUEST, type CombatRequest } from "../rules/round/authority";
import { askGM } from "./channel";

/** The notification text of a refusal code (ZILCH.Combat.Error.*; countdown codes are formatted). */
export function errorText(code: string): string {
  if (code.startsWith("countdown."))
    return game.i18n!.format("ZILCH.Combat.Error.Countdown", { code: code.slice(10) });
  return game.i18n!.localize(`ZILCH.Combat.Error.${code}`);
}

/** Asks the active GM for a combat change; a refusal the channel has not shown yet is shown to the user. */
export async function requestCombat(request: CombatRequest): Promise<boolean> {
  const result = await askGM(COMBAT_REQUEST, request);
  if (!result.ok && !result.notified) ui.notifications?.warn(errorText(result.code));
  return result.ok;
}
