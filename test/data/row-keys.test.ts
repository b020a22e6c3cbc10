/**
 * The keys the tracker draws its rows with, over one countdown round of 50: an act that moves one row
 * renumbers the call places below it, and those rows are still kept as they are on screen (the number
 * is a CSS counter), so a round redraws the rows an act or call changed, not the ~40 it renumbered.
 */
import { describe, expect, it } from "vitest";
import { combatContext, type TurnContext } from "../../src/applications/combat/turn-context";
import { RowKeys } from "../../src/applications/combat/row-keys";
import { countdownRoundStates, GM, PLAYER } from "../support/tracker";

/** A row's context as its markup shows it: with or without a call place, never its number. */
const shown = (t: TurnContext) =>
  JSON.stringify({
    ...t,
    countdown: t.countdown && { ...t.countdown, position: t.countdown.position !== null },
  });

describe("row keys through a countdown round", () => {
  for (const [who, viewer] of [
    ["GM", GM],
    ["player", PLAYER],
  ] as const) {
    it(`redraw, for the ${who}, only rows whose markup changed, never one only renumbered`, () => {
      const keys = new RowKeys();
      let onScreen = new Map<string, string>();
      let before = new Map<string, TurnContext>();
      let renumberedKept = 0;
      for (const { state, inputs } of countdownRoundStates(50)) {
        const context = combatContext(state, inputs, viewer);
        const keyed = keys.keep(context, onScreen);
        for (const [i, row] of keyed.turns.entries()) {
          const now = context.turns[i]!;
          const was = before.get(now.id);
          const same = was !== undefined && shown(was) === shown(now);
          expect(row.kept === true, now.name).toBe(same);
          if (same && was.countdown?.position !== now.countdown?.position) renumberedKept++;
        }
        onScreen = new Map(keyed.turns.map((row) => [row.id, row.key]));
        before = new Map(context.turns.map((t) => [t.id, t]));
      }
      expect(renumberedKept).toBeGreaterThan(100);
    });
  }
});
