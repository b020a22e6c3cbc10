/**
 * Movement (RULES.md §15, MV-1 to MV-2): how far a creature moves with one Move, in squares.
 */
import type { Suit } from "./vocabulary";

export interface MoveInput {
  /** SU-5: eff(♠). */
  spades: number;
  slowed?: boolean;
  anchored?: boolean;
  /** CON-4: a Prone creature only crawls, 1 square per Move action. */
  prone?: boolean;
  /** SW-7 Leg crippled: no run or sprint; the creature moves at its Move rate only. */
  noRunOrSprint?: boolean;
}

export interface MoveRates {
  move: number;
  /** MV-1: Reckless stance only (ST-2). */
  run: number;
  /** MV-1: Reckless stance only, in a straight line. */
  sprint: number;
  /** MV-1: swimming or climbing. */
  swim: number;
  climb: number;
}

/**
 * MV-1: move = eff(♠), halved (floor) when Slowed; swim and climb max(1, floor(move/4)); run
 * floor(move × 3/2); sprint move × 2. Anchored moves 0; Prone crawls 1 and cannot run [design].
 * SW-7: a crippled leg runs and sprints no faster than it moves.
 */
export function moveRates(input: MoveInput): MoveRates {
  if (input.anchored) return { move: 0, run: 0, sprint: 0, swim: 0, climb: 0 };
  if (input.prone) return { move: 1, run: 1, sprint: 1, swim: 1, climb: 1 };
  const spades = Math.max(0, input.spades);
  const move = input.slowed ? Math.floor(spades / 2) : spades;
  const slow = Math.max(1, Math.floor(move / 4));
  if (input.noRunOrSprint) return { move, run: move, sprint: move, swim: slow, climb: slow };
  return { move, run: Math.floor((move * 3) / 2), sprint: move * 2, swim: slow, climb: slow };
}

/** MV-2: without a grid, a ♠ test settles whether a move reaches and a ♦ test a spell's range or area edge. */
export const GRIDLESS_TEST_SUIT: Readonly<Record<"move" | "spellRange", Suit>> = {
  move: "spades",
  spellRange: "diamonds",
};
