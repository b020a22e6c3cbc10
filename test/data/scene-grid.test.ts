/**
 * MV-2 on a hex grid (src/documents/scene-grid.ts): a token's `x, y` is the top-left corner of its
 * box, which on a hex grid lies outside its hexes and can fall in a neighbouring one. Distances and a
 * token's place are read from the spaces the token covers (`getOccupiedGridSpaceOffsets`), never from
 * that corner. The grid here records what it is asked to measure; its `getOffset` of a corner gives
 * the hex above, as that corner can.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type * as SceneGridModule from "../../src/documents/scene-grid";
import type { SceneGrid } from "../../src/documents/scene-grid";

const GRID_TYPES = { GRIDLESS: 0, SQUARE: 1, HEXODDR: 2, HEXEVENR: 3, HEXODDQ: 4, HEXEVENQ: 5 };
let scenes: typeof SceneGridModule;

beforeAll(async () => {
  Reflect.set(globalThis, "CONST", { GRID_TYPES });
  scenes = await import("../../src/documents/scene-grid");
});

type Offset = { i: number; j: number };

function hexScene() {
  const measured: [Offset, Offset][] = [];
  const grid = {
    type: GRID_TYPES.HEXODDR,
    size: 100,
    distance: 5,
    // A corner's hex: the row above the token's own (the corner lies outside the token's hex).
    getOffset: ({ x, y }: { x: number; y: number }) => ({
      i: Math.floor(y / 100) - 1,
      j: Math.floor(x / 100),
    }),
    // One grid unit per step in either direction: enough to tell which spaces were measured.
    measurePath: ([a, b]: Offset[]) => {
      measured.push([a!, b!]);
      return { distance: 5 * (Math.abs(a!.i - b!.i) + Math.abs(a!.j - b!.j)) };
    },
  };
  const scene = { id: "scnHex0000000001", grid };
  const token = (spaces: Offset[]) =>
    ({
      parent: scene,
      x: spaces[0]!.j * 100,
      y: spaces[0]!.i * 100,
      width: 1,
      height: 1,
      getOccupiedGridSpaceOffsets: () => spaces,
    }) as unknown as TokenDocument.Implementation;
  return { measured, grid: grid as unknown as SceneGrid, token };
}

describe("distances on a hex grid (MV-2)", () => {
  it("two neighbouring tokens are one space apart, measured between their own hexes", () => {
    const hex = hexScene();
    const a = hex.token([{ i: 2, j: 2 }]);
    const b = hex.token([{ i: 2, j: 3 }]);
    expect(scenes.squaresBetween(a, b)).toBe(1);
    expect(hex.measured).toEqual([
      [
        { i: 2, j: 2 },
        { i: 2, j: 3 },
      ],
    ]);
  });

  it("a large token is measured from its nearest hex", () => {
    const hex = hexScene();
    const giant = hex.token([
      { i: 4, j: 4 },
      { i: 4, j: 5 },
      { i: 5, j: 4 },
    ]);
    const elf = hex.token([{ i: 4, j: 7 }]);
    expect(scenes.squaresBetween(giant, elf)).toBe(2);
  });

  it("a token's place is its own hex, not its corner's", () => {
    const hex = hexScene();
    const a = hex.token([{ i: 3, j: 1 }]);
    expect(scenes.footprintOf(a, hex.grid).square).toEqual({ x: 1, y: 3 });
  });
});
