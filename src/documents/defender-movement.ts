/**
 * AT-4 detailed rule: what the system knows of a creature's movement since the start of its own most
 * recent turn, for the Defenseless fixed value the attack card starts from (the GM may pick another).
 *
 * - The applying client (src/requests/applier.ts) notices each committed move a person makes, a drag
 *   or the keyboard, as the opportunity attack does (the `moveToken` hook and its `origin` and
 *   `destination`: src/documents/opportunity.ts and docs/foundry-facts.md §13 have the evidence), and
 *   adds the squares moved (MV-2, the scene grid's own measure) to the mover's tally for the round,
 *   when the mover is in its own turn. The tally lives in the combat's flags (`flags.zilch.moved`),
 *   which only GMs write (docs/multiplayer.md §2).
 * - The turn record adds a Move or Charge taken from the tracker, which no drag may have shown.
 * - Spades mode: a combatant whose turn has not come yet this round read last round's tally; once its
 *   turn starts, this round's. Countdown mode: an Act is a turn (CD-20), but the tally is per round:
 *   its Acts of the round add up, and the GM corrects the row on the card where that matters.
 */
import { SYSTEM_ID } from "../data/settings";
import { isApplier } from "../requests/applier";
import { movementOf } from "../rules/attack/declaration";
import type { MovementChoice } from "../rules/attack/types";
import type { CombatantRound, RoundState } from "../rules/round/state";
import { combatantOfToken, inOwnTurn } from "./attack/actors";
import { gridDistance } from "./scene-grid";
import type { ZilchCombat } from "./combat/zilch-combat";
import type { MoveFacts } from "./move-save";
import { roundRunning, zilchRoundNumber } from "./combat/zilch-round";
import { isRecord } from "../rules/records";

export const MOVED_FLAG = "moved";

/** A combatant's tally: the round it moved in, and the squares moved by hand in its own turn then. */
export interface MovedTally {
  readonly round: number;
  readonly squares: number;
}

/** The most squares a tally holds: far beyond any sprint, so a bad stored value stays bounded. */
const MAX_SQUARES = 999;

/** A person's move, as GW-4 counts them (opportunity.ts PROVOKING_METHODS). */
const BY_HAND: readonly string[] = ["dragging", "keyboard"];

/** The combatant's stored tally, only a well-formed one. */
export function movedTally(combat: ZilchCombat, combatantId: string): MovedTally | null {
  const raw: unknown = combat.getFlag(SYSTEM_ID, MOVED_FLAG);
  const entry = isRecord(raw) ? raw[combatantId] : undefined;
  if (!isRecord(entry)) return null;
  const { round, squares } = entry;
  if (!Number.isInteger(round) || !Number.isInteger(squares)) return null;
  return { round: round as number, squares: Math.min(MAX_SQUARES, Math.max(0, squares as number)) };
}

/** MV-2: the squares between a move's two ends on the token's square grid, or null off one. */
function squaresMoved(token: TokenDocument.Implementation, movement: MoveFacts): number | null {
  const grid = token.parent?.grid;
  const { origin, destination } = movement;
  if (!grid || grid.type !== CONST.GRID_TYPES.SQUARE || !origin || !destination) return null;
  const at = (p: { x: number; y: number }) => {
    const { i, j } = grid.getOffset({ x: p.x, y: p.y });
    return { x: j, y: i };
  };
  return gridDistance(grid)(at(origin), at(destination));
}

/** AT-4: on the applying client, a move made by hand in the mover's own turn adds to its tally. */
export async function recordOwnTurnMove(
  token: TokenDocument.Implementation,
  movement: MoveFacts,
): Promise<void> {
  if (!isApplier() || !BY_HAND.includes(movement.method ?? "")) return;
  const found = combatantOfToken(token.id);
  const actor = token.actor;
  if (!found || !roundRunning(found.combat) || !actor || !inOwnTurn(actor)) return;
  const squares = squaresMoved(token, movement);
  if (!squares) return;
  const { combat, combatantId } = found;
  const round = zilchRoundNumber(combat);
  const before = movedTally(combat, combatantId);
  const earlier = before?.round === round ? before.squares : 0;
  const tally: MovedTally = { round, squares: Math.min(MAX_SQUARES, earlier + squares) };
  await combat.setFlag(SYSTEM_ID, MOVED_FLAG, { [combatantId]: tally });
}

/** CB-4, CD-20: whether the combatant's turn (or an Act) has started this round. */
function turnStartedThisRound(state: RoundState, c: CombatantRound): boolean {
  if (state.mode === "spades") return c.turnTaken || state.current === c.id;
  return c.turn?.paid !== null && c.turn?.paid !== undefined;
}

/** AT-4 detailed rule: the movement row of the defender since the start of its own most recent turn. */
export function knownMovement(
  combat: ZilchCombat,
  combatantId: string,
  rates: { move: number; run: number },
): MovementChoice {
  const state = combat.zilchState;
  const round = combat.zilchRoundOf(combatantId);
  const started = turnStartedThisRound(state, round);
  const turnRound = zilchRoundNumber(combat) - (started ? 0 : 1);
  const tally = movedTally(combat, combatantId);
  const squares = tally?.round === turnRound ? tally.squares : 0;
  // The turn record is this round's: it speaks for the most recent turn once that turn has started.
  const actions = started ? (round.turn?.actions ?? []) : [];
  const moveTaken = actions.includes("move") || actions.includes("charge");
  return movementOf({ squares, moveTaken, rates });
}

/** AT-4: the known movement row of the creature of a token in the active, started combat, or undefined outside one. */
export function defenderMovement(
  tokenId: string | null | undefined,
  actor: Actor.Implementation,
): MovementChoice | undefined {
  const found = combatantOfToken(tokenId);
  if (!found || !roundRunning(found.combat)) return undefined;
  return knownMovement(found.combat, found.combatantId, actor.creature.move);
}
