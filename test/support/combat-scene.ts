/**
 * A combat's world without Foundry, for the document-level combat tests (test/data/combat-*):
 * hand-made actors with the members ZilchCombat reads, tokens on a square grid, and the combatants
 * that tie them together. Each test file extends the actor with what its feature reads (fear, Grit,
 * weapons), so only the differences stand in the test.
 */
import { isOfType } from "./fake-documents";

/** CONST.TOKEN_DISPOSITIONS (v13: FRIENDLY 1, NEUTRAL 0, HOSTILE -1, SECRET -2). */
export const DISPOSITION = { FRIENDLY: 1, NEUTRAL: 0, HOSTILE: -1, SECRET: -2 } as const;
/** CONST.GRID_TYPES.SQUARE. */
export const SQUARE = 1;

/** A scene with a square grid of 100-pixel squares, 1 unit each, as src/documents/scene-grid.ts reads it. */
export const squareScene = {
  id: "scene",
  grid: {
    type: SQUARE,
    getOffset: ({ x, y }: { x: number; y: number }) => ({ i: Math.floor(y / 100), j: Math.floor(x / 100) }),
    distance: 1,
    // MV-2: the path's length in grid units (1 a square), a diagonal counted as 1 (src/documents/scene-grid.ts).
    measurePath: ([a, b]: { i: number; j: number }[]) => ({
      distance: Math.max(Math.abs(a!.i - b!.i), Math.abs(a!.j - b!.j)),
    }),
  },
};

/** A one-square token on the square scene. */
export interface FakeToken {
  x: number;
  y: number;
  width: number;
  height: number;
  disposition: number;
  parent: typeof squareScene;
}

/** A one-square token at column `col`, row `row` of the square scene. */
export const tokenAt = (col: number, row: number, disposition: number): FakeToken => ({
  x: col * 100,
  y: row * 100,
  width: 1,
  height: 1,
  disposition,
  parent: squareScene,
});

/** The members of a Combatant that ZilchCombat reads. */
export interface FakeCombatant<A> {
  id: string;
  name: string;
  actor: A;
  /** Combatant#tokenId: `token-<id>` where the combatant has a token. */
  tokenId: string | null;
  token: FakeToken | null;
  hasPlayerOwner: boolean;
  defeated: boolean;
  testUserPermission: () => boolean;
}

/** The combatants `ids`, each with its actor and token (none by default), owned by a player where `owned`. */
export function combatantsOf<A>(
  ids: readonly string[],
  parts: {
    actor: (id: string) => A;
    owned: (id: string) => boolean;
    token?: (id: string) => FakeToken | null;
    name?: (id: string) => string;
  },
): Map<string, FakeCombatant<A>> {
  return new Map(
    ids.map((id) => {
      const token = parts.token?.(id) ?? null;
      return [
        id,
        {
          id,
          name: parts.name?.(id) ?? id.toUpperCase(),
          actor: parts.actor(id),
          tokenId: token ? `token-${id}` : null,
          token,
          hasPlayerOwner: parts.owned(id),
          defeated: false,
          testUserPermission: () => true,
        },
      ];
    }),
  );
}

/**
 * A ZilchActor as the round reads it at the start and end of a turn: its statuses, its items, its
 * type test, and no conditions to advance or ongoing effects. A test's actor extends it with its
 * own `system` and the methods its feature calls.
 */
export class FakeCombatActor {
  statuses = new Set<string>();
  items: { contents: unknown[] } = { contents: [] };
  isOfType = isOfType;
  constructor(
    readonly uuid: string,
    readonly name: string,
    readonly type: "character" | "npc",
  ) {}
  async advanceConditions(_event?: unknown): Promise<unknown[]> {
    return [];
  }
  ongoingEntries(): unknown[] {
    return [];
  }
}
