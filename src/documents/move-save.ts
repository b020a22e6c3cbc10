/**
 * INJ-7 in Foundry: a creature with a Balance, broken-leg or Foot injury makes a ♠ save at each Move,
 * or falls Prone and the move ends. The save is rolled on the client of the user who moved the token
 * (the token's owner, or the GM for a creature no player owns), who may set the condition and post the
 * line; only a Move in the creature's own turn of a started combat calls for it.
 *
 * Evidence for the v13 movement hook: `moveToken(tokenDocument, movement, operation, user)` runs on
 * every client after a token's movement is committed (pf1 auras and other v13 modules register it with
 * those arguments; BattleMech sheets act only when `user.isSelf`). crucible release-0.7.9
 * module/documents/token.mjs (`_onUpdateMovement(movement, operation, user)`) counts a Move only for
 * the mover (`user.isSelf`), for a drag (`movement.method === "dragging"`) and once per movement (its
 * first segment, `movement.chain.length === 0`); the same limits apply here, so a keyboard nudge, a
 * macro or a continued segment calls for no save (docs/decisions.md, INJ-7).
 *
 * Where along the path the creature fell is not known when the hook runs (the move is already made):
 * the chat line says so and the table puts the token where it fell.
 */
import { moveSaveOf } from "../rules/injury/effects";
import { injuriesOf, inOwnTurn } from "./attack/actors";
import { rollCreatureTest, saveOn } from "./creature-test";
import { renderCombatLog } from "./combat/chat-log";
import { leadsHere } from "../requests/applier";

/** What the `moveToken` hook says of a movement (the members read here). */
export interface MoveFacts {
  readonly method?: string;
  readonly chain?: readonly unknown[];
  /** GW-4: the token's position (top-left, pixels) before and after the move (src/documents/opportunity.ts). */
  readonly origin?: { readonly x: number; readonly y: number };
  readonly destination?: { readonly x: number; readonly y: number };
}

/** INJ-7: whether this movement is a Move the mover's client saves for. */
export function countsAsMove(movement: MoveFacts, user: { isSelf: boolean }): boolean {
  return user.isSelf && movement.method === "dragging" && (movement.chain?.length ?? 0) === 0;
}

/**
 * INJ-7: after a token's Move in its creature's own turn, the ♠ save its injuries call for; a failure
 * makes it Prone. One chat line with the roll either way. A creature already Prone makes no save.
 */
export async function moveSaveAfterMove(
  token: TokenDocument.Implementation,
  movement: MoveFacts,
  user: { isSelf: boolean },
): Promise<void> {
  const actor = token.actor;
  // The hook runs in each of the mover's tabs (`isSelf` in all): only the tab leading this browser's tabs
  // of the user rolls (src/requests/applier.ts), as a drag counts one Move (src/documents/drag-move.ts).
  if (!actor || !countsAsMove(movement, user) || !leadsHere()) return;
  if (actor.statuses.has("prone") || !inOwnTurn(actor)) return;
  const save = moveSaveOf(injuriesOf(actor));
  if (!save) return;
  // T-2, T-7: the save as the roll dialog would make it (injuries, Rage, the domino's defensive pips,
  // shown by now since it is the creature's own turn); INJ-7 names no kind of test for this save.
  const rolls: Roll[] = [];
  const {
    roll,
    target,
    success: passed,
  } = await rollCreatureTest(actor, saveOn(save.suit, save.modifier), rolls);
  if (!passed) await actor.setCondition("prone", true);
  const line = game.i18n.format(passed ? "ZILCH.MoveSave.Passed" : "ZILCH.MoveSave.Failed", {
    name: token.name ?? actor.name ?? "",
    roll: String(roll),
    target: String(target),
  });
  await ChatMessage.create({ content: await renderCombatLog([line]), rolls });
}
