import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer, rootElements } from "./harness";
import { TRACKER_ACTIONS } from "../../src/applications/combat/actions";
import { GM, PLAYER, trackerContext, type TrackerScene } from "../combat/tracker-fixtures";

const renderer = createRenderer();
const render = (zilch: object) => renderer.render("combat/tracker.hbs", { zilch });
const SCENES: TrackerScene[] = ["declaring", "revealed", "closing"];
const registered = new Set<string>(TRACKER_ACTIONS);

describe("combat tracker template", () => {
  for (const mode of ["spades", "countdown"] as const) {
    for (const scene of SCENES) {
      it(`renders 12 combatants in ${mode} mode while ${scene}: one root, labelled registered buttons`, () => {
        const html = render(trackerContext(12, mode, scene));
        const { elements, strayText } = rootElements(html);
        expect(elements).toHaveLength(1);
        expect(strayText).toEqual([]);
        const rows = allElements(html).filter((el) => el.tagName === "li" && (attr(el, "class") ?? "").includes("combatant"));
        expect(rows).toHaveLength(12);
        const buttons = allElements(html).filter((el) => el.tagName === "button");
        expect(buttons.length).toBeGreaterThan(0);
        for (const b of buttons) {
          expect(attr(b, "type")).toBe("button");
          expect(registered.has(attr(b, "data-action") ?? "")).toBe(true);
        }
      });
    }
  }

  it("shows 'declared' and no stance while declaring, then the stances", () => {
    const declaring = render(trackerContext(12, "spades", "declaring"));
    expect(declaring).toContain("Declared");
    expect(declaring).not.toMatch(/stance-shown/);
    const shown = render(trackerContext(12, "spades", "revealed"));
    expect(shown).toMatch(/stance-shown stance-bold/);
    expect(shown).toContain("Domino face-down");
    expect(shown).toMatch(/<span class="end greater">5<\/span>/);
  });

  it("offers a Threatened combatant only Cautious and Guarded (ST-3)", () => {
    const ctx = trackerContext(12, "spades", "declaring");
    const threatened = ctx.turns.find((t) => t.id === "c5")!;
    expect(threatened.declare.map((c) => c.data.stance)).toEqual(["cautious", "guarded"]);
  });

  it("gives a player controls only on its own combatant, and no GM controls", () => {
    const ctx = trackerContext(12, "spades", "declaring", PLAYER);
    expect(ctx.gmControls).toEqual([]);
    for (const t of ctx.turns) {
      if (t.id !== "c0") expect([...t.declare, ...t.controls]).toEqual([]);
    }
    expect(ctx.turns.find((t) => t.id === "c0")!.declare.length).toBeGreaterThan(0);
    const gm = trackerContext(12, "spades", "declaring", GM);
    expect(gm.gmControls.map((c) => c.action)).toContain("zilchForceReveal");
  });

  it("gives the GM up/down buttons on each Spades row (INI-4), none past the ends, and none to a player or in countdown mode", () => {
    const gm = trackerContext(12, "spades", "revealed", GM);
    const moves = (ctx: typeof gm, id: string) => ctx.turns.find((t) => t.id === id)!.controls.map((c) => c.action).filter((a) => a.startsWith("zilchMove"));
    const order = gm.turns.map((t) => t.id);
    expect(moves(gm, order[0])).toEqual(["zilchMoveDown"]);
    expect(moves(gm, order[5])).toEqual(["zilchMoveUp", "zilchMoveDown"]);
    expect(moves(gm, order[11])).toEqual(["zilchMoveUp"]);
    const player = trackerContext(12, "spades", "revealed", PLAYER);
    expect(player.turns.flatMap((t) => t.controls).filter((c) => c.action.startsWith("zilchMove"))).toEqual([]);
    const countdown = trackerContext(12, "countdown", "revealed", GM);
    expect(countdown.turns.flatMap((t) => t.controls).filter((c) => c.action.startsWith("zilchMove"))).toEqual([]);
  });

  it("in Closing shows the hidden Closing die to a player and the called participant's Act with what it buys", () => {
    const ctx = trackerContext(12, "countdown", "closing", PLAYER);
    expect(ctx.closing.status).not.toBe("none");
    expect(ctx.closing.value).toBeNull();
    const html = render(trackerContext(12, "countdown", "closing", GM));
    expect(html).toMatch(/data-phase="(closing|closed)"/);
  });

  it("the GM's called participant gets Act with its die and the action it pays for (CD-7)", () => {
    const ctx = trackerContext(12, "countdown", "revealed", GM);
    const called = ctx.turns.find((t) => t.countdown?.called);
    expect(called).toBeDefined();
    expect(ctx.turns[0]).toBe(called);
    const act = called!.controls.find((c) => c.action === "zilchAct");
    expect(act?.die).toBe(called!.countdown!.hand[0]);
    expect(act?.meets).toBe(act!.die! >= 4);
    expect(act?.detail).toBe(act!.die! >= 4 ? "ZILCH.Combat.Action.attack" : "ZILCH.Combat.Buys.Minor");
    expect(called!.controls.map((c) => c.action)).toEqual(expect.arrayContaining(["zilchHold", "zilchPass", "zilchAccumulate"]));
    // Another combatant's owner sees no choice on the called row.
    const player = trackerContext(12, "countdown", "revealed", { isGM: false, owns: (id) => id !== called!.id });
    expect(player.turns.find((t) => t.id === called!.id)!.controls).toEqual([]);
  });
});
