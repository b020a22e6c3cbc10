/**
 * Render only the rows a change touched. Each tracker row is drawn from its own context alone (the
 * template reads nothing outside the row), so a row whose context is what it was when the row on
 * screen was drawn looks the same: the template then writes a bare stand-in for it (`kept`), and
 * row-patch.ts keeps the row already on screen in its place. Handlebars, the HTML parser and the
 * comparison then work on the changed rows only, not on all fifty.
 *
 * The key a row is drawn with names its whole context and is written on the row (`data-row-key`), so
 * the screen itself says what each row shows: a stand-in is used only against a row with its key,
 * and anything else (a row gone, a render in between) falls back to a whole render.
 */
import type { CombatContext, TurnContext } from "./turn-context";

/** A row as the template gets it: its context and key, or a stand-in for the row on screen. */
export type KeyedRow =
  | (TurnContext & { readonly key: string; readonly kept?: undefined })
  | { readonly id: string; readonly key: string; readonly kept: true };

export type KeyedContext<C extends CombatContext = CombatContext> = Omit<C, "turns"> & {
  readonly turns: readonly KeyedRow[];
};

/**
 * The keys one tracker gives its rows: a row's key names the context it was last rendered from (its
 * JSON, kept here), so two rows drawn from different contexts never share a key. Keys are short
 * tokens counted up per tracker; the JSON stays in memory, one entry per combatant.
 */
export class RowKeys {
  #drawn = new Map<string, { readonly json: string; readonly key: string }>();
  #count = 0;

  /**
   * The tracker's context with each row keyed, and a stand-in for every row that is on screen (by
   * `onScreen`, the keys read from the part shown) drawn from the very context it has now.
   */
  keep<C extends CombatContext>(context: C, onScreen: ReadonlyMap<string, string>): KeyedContext<C> {
    return {
      ...context,
      turns: context.turns.map((turn): KeyedRow => {
        const json = JSON.stringify(drawnFrom(turn));
        const drawn = this.#drawn.get(turn.id);
        if (drawn?.json === json && onScreen.get(turn.id) === drawn.key)
          return { id: turn.id, key: drawn.key, kept: true };
        const key = drawn?.json === json ? drawn.key : (++this.#count).toString(36);
        this.#drawn.set(turn.id, { json, key });
        return { ...turn, key };
      }),
    };
  }
}

/**
 * What a row's markup is drawn from. The template writes no call place number (CD-5): a CSS counter
 * numbers the rows that have one, so only whether a row has a place is part of what it shows, and an
 * act that moves one row leaves the other rows' keys as they were.
 */
function drawnFrom(turn: TurnContext): TurnContext {
  const countdown = turn.countdown;
  if (countdown?.position == null) return turn;
  return { ...turn, countdown: { ...countdown, position: 1 } };
}

/** The keys of the rows on screen inside `part`, by combatant id. */
export function rowKeysOn(part: ParentNode | null | undefined): Map<string, string> {
  const keys = new Map<string, string>();
  for (const row of part?.querySelectorAll("li[data-combatant-id][data-row-key]") ?? []) {
    const id = row.getAttribute("data-combatant-id");
    const key = row.getAttribute("data-row-key");
    if (id && key) keys.set(id, key);
  }
  return keys;
}
