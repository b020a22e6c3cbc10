/**
 * AC-1, AC-5 in Foundry: a token dragged in its combatant's own turn of a started combat is that
 * turn's Move. The mover's client asks the active GM to record it (a `takeAction` Move marked
 * `dragged`); the GM's client counts it as the movement a button or an attack already took this turn,
 * or as a Move of its own checked against the turn's budget (src/rules/round/turn-record.ts).
 *
 * - The `moveToken` hook runs after the move is committed, on every client; a move is counted once, on
 *   the mover's client, for a drag, at its first segment: the same limits as the injury's move save,
 *   with crucible's evidence in src/documents/move-save.ts (`countsAsMove`). docs/foundry-facts.md §13
 *   has the hook's arguments.
 * - No hook is known that runs before a move and can refuse it, so a move the turn has no room for
 *   stands: the mover is told at once, and so is the GM (`noticeRefusedDrag`, on the GM's client), never
 *   silently dropped. The table puts the token back or lets it be.
 */
import { COMBAT_REQUEST, type CombatRequest } from "../rules/round/authority";
import { inTurn } from "../rules/round/turn-record";
import { askGM, type RequestResult } from "../requests/channel";
import { leadsHere } from "../requests/applier";
import { errorText } from "../requests/combat";
import { combatantOfToken } from "./attack/actors";
import { countsAsMove, type MoveFacts } from "./move-save";
import { roundRunning } from "./combat/zilch-round";

/** The words the mover and the GM see for a drag the turn had no room for. */
function dragRefusalText(name: string, code: string): string {
  return game.i18n.format("ZILCH.Combat.DragNotCounted", { name, reason: errorText(code) });
}

/** On the mover's client: a drag in the combatant's own turn asks the active GM to record its Move. */
export async function countDraggedMove(
  token: TokenDocument.Implementation,
  movement: MoveFacts,
  user: { isSelf: boolean },
): Promise<void> {
  // The hook runs in each of the mover's tabs (`isSelf` in all of them): only the tab that leads this
  // browser's tabs of the user (src/requests/applier.ts) asks, so a second tab does not count it again.
  if (!countsAsMove(movement, user) || !leadsHere()) return;
  const found = combatantOfToken(token.id);
  if (!found || !roundRunning(found.combat) || !found.combat.id) return;
  if (!inTurn(found.combat.zilchState, found.combatantId)) return;
  const request: CombatRequest = {
    kind: "takeAction",
    combatId: found.combat.id,
    combatantId: found.combatantId,
    action: "move",
    dragged: true,
  };
  const result = await askGM(COMBAT_REQUEST, request);
  // A refusal the channel showed already (no GM, a timeout) is not said twice.
  if (!result.ok && !result.notified)
    ui.notifications?.warn(dragRefusalText(token.name ?? token.actor?.name ?? "", result.code));
}

/**
 * On the active GM's client, after applying another user's request: a dragged Move it refused is told
 * to the GM too (the mover's own client tells the mover). The GM's own drags are told once, by its
 * own client as the mover.
 */
export function noticeRefusedDrag(
  request: CombatRequest,
  sender: { isSelf: boolean },
  result: RequestResult,
  name: string,
): void {
  if (result.ok || sender.isSelf || request.kind !== "takeAction" || !request.dragged) return;
  ui.notifications?.warn(dragRefusalText(name, result.code));
}
