/**
 * MV-2: squares on a scene, counted with the scene grid's own rules. Threat detection, fear, attack
 * reach and range and a Cast's range all measure through `gridDistance`, so a scene whose diagonals
 * cost more (the world's diagonal rule) is measured the same way everywhere.
 *
 * Evidence for the v13 grid API, read from the token's own scene (no canvas needed):
 * - `grid.measurePath(waypoints).distance` is the path's length in the grid's units, counted with the
 *   grid's diagonal rule: draw-steel 0.11.1 src/module/documents/token.mjs compares it with a number
 *   of squares on its 1-unit grids; crucible release-0.7.9 module/canvas/grid/_module.mjs measures the
 *   gap between two tokens with it. Dividing by `grid.distance` (the units of one square; crucible
 *   release-0.7.9 module/documents/scene.mjs sets it) gives squares.
 * - `grid.getOffset({x, y})` gives the `{i, j}` (row, column) of a pixel point: dnd5e release-5.1.10
 *   module/canvas/token.mjs. A token's `x, y` is the top-left corner of its box, which on a square
 *   grid is a corner of its top-left square; on a hex grid that corner lies outside the hexes (and
 *   can fall in a neighbouring one), so there the token's own spaces are read instead:
 * - `TokenDocument#getOccupiedGridSpaceOffsets()` gives the `{i, j}` of every grid space the token
 *   covers: draw-steel 0.11.1 src/module/canvas/placeables/token.mjs measures adjacency between two
 *   tokens' occupied offsets with it.
 * - `grid.type` against `CONST.GRID_TYPES` (GRIDLESS, SQUARE, the hex types).
 * Whether `measurePath(...).spaces` follows the diagonal rule is not settled by that evidence, so the
 * distance is used (docs/decisions.md, MV-2).
 */
import type { GridDistance, GridSquare } from "../rules/conditions";
import { relativeSquare, type Footprint } from "../rules/round/threat";

/** The grid of a token's scene. */
export type SceneGrid = NonNullable<TokenDocument.Implementation["parent"]>["grid"];

const ORIGIN: GridSquare = { x: 0, y: 0 };

/**
 * MV-2: the squares between two grid squares by the scene grid's rule (a diagonal may cost 1, 1.5, 2
 * or alternate). A fraction (√2 per diagonal on an exact grid) rounds to the nearest square.
 */
export function gridDistance(grid: SceneGrid): GridDistance {
  return (a, b) => {
    const measured = grid.measurePath(
      [
        { i: a.y, j: a.x },
        { i: b.y, j: b.x },
      ],
      {},
    );
    const unit = grid.distance > 0 ? grid.distance : 1;
    return Math.round(measured.distance / unit);
  };
}

/** The grid spaces a token covers, as `{x: column, y: row}`. */
const spacesOf = (token: TokenDocument.Implementation): GridSquare[] =>
  token.getOccupiedGridSpaceOffsets().map(({ i, j }) => ({ x: j, y: i }));

/**
 * A token's squares on its scene's grid: its top-left square and its size in squares. On a hex grid,
 * the first of its own spaces (the topmost, then leftmost), which for a one-space token is exact.
 */
export function footprintOf(token: TokenDocument.Implementation, grid: SceneGrid): Footprint {
  const width = Math.max(1, Math.round(token.width ?? 1));
  const height = Math.max(1, Math.round(token.height ?? 1));
  if (grid.type !== CONST.GRID_TYPES.SQUARE) {
    const [first] = spacesOf(token).sort((a, b) => a.y - b.y || a.x - b.x);
    if (first) return { square: first, width, height };
  }
  const { i, j } = grid.getOffset({ x: token.x ?? 0, y: token.y ?? 0 });
  return { square: { x: j, y: i }, width, height };
}

/**
 * MV-2 on a hex grid: the fewest spaces between any space of one token and any of the other; null
 * (the GM estimates) for a token that covers no space.
 */
function hexGap(
  a: TokenDocument.Implementation,
  b: TokenDocument.Implementation,
  grid: SceneGrid,
): number | null {
  const distance = gridDistance(grid);
  const to = spacesOf(b);
  const gaps = spacesOf(a).flatMap((from) => to.map((space) => distance(from, space)));
  return gaps.length > 0 ? Math.min(...gaps) : null;
}

/**
 * MV-2, RNG-2, MAG-5: the squares between two tokens, counted between their nearest occupied squares
 * with the scene grid's rule (as threat detection counts them); on a hex grid, between the nearest
 * of the tokens' own spaces. Null when unknown: tokens on different scenes, or a scene without a grid, where the GM
 * estimates (MV-2) and the card says so.
 */
export function squaresBetween(
  a: TokenDocument.Implementation | null,
  b: TokenDocument.Implementation | null,
): number | null {
  const scene = a?.parent;
  if (!a || !b || !scene || scene !== b.parent) return null;
  const grid = scene.grid;
  if (grid.type === CONST.GRID_TYPES.GRIDLESS) return null;
  if (grid.type !== CONST.GRID_TYPES.SQUARE) return hexGap(a, b, grid);
  return gridDistance(grid)(ORIGIN, relativeSquare(footprintOf(a, grid), footprintOf(b, grid)));
}

/**
 * MV-2: on a scene without a grid the GM estimates; reach and range are not checked and this client
 * is told so, with the ♠ and ♦ tests that settle a doubtful move or spell. Returns whether it told.
 */
export function noticeGridless(token: TokenDocument.Implementation | null, name: string): boolean {
  if (token?.parent?.grid.type !== CONST.GRID_TYPES.GRIDLESS) return false;
  ui.notifications?.info(game.i18n.format("ZILCH.Distance.NoGrid", { name }));
  return true;
}
