/**
 * CD-2 in the tracker template while a countdown round is played: the GM still sees a combatant's
 * dice modifier other than 0 on its row (it explains the hand it rolled), without the − and + that
 * only the time between rounds offers; a player never sees it.
 */
import { describe, expect, it } from "vitest";
import { createRenderer } from "./harness";
import { GM, PLAYER, trackerState } from "../support/tracker";
import { combatContext } from "../../src/applications/combat/turn-context";

const renderer = createRenderer();
const render = (zilch: object) => renderer.render("combat/tracker.hbs", { zilch });

describe("CD-2: the GM's dice modifier during a countdown round", () => {
  it("CD-2: mid-round the GM sees +5 on the row without − and +; rows at 0 show nothing; a player sees none", () => {
    const { state, inputs } = trackerState(4, "countdown", "revealed");
    expect(state.round).toBe(1);
    expect(state.countdown!.phase).not.toBe("closed");
    const rows = inputs.map((t) => (t.id === "c2" ? { ...t, round: { ...t.round, poolModifier: 5 } } : t));
    const ctx = combatContext(state, rows, GM);
    const shown = Object.fromEntries(ctx.turns.map((t) => [t.id, t.poolModifier?.value ?? null]));
    expect(shown).toEqual({ c0: null, c1: null, c2: "+5", c3: null });
    expect(ctx.turns.find((t) => t.id === "c2")!.poolModifier!.adjustable).toBe(false);
    const html = render(ctx);
    expect(html).toContain("Dice +5");
    expect(html).not.toContain("zilchPoolUp");
    expect(html).not.toContain("zilchPoolDown");
    const player = combatContext(state, rows, PLAYER);
    expect(player.turns.every((t) => t.poolModifier === null)).toBe(true);
    expect(render(player)).not.toContain("Dice +5");
  });
});
