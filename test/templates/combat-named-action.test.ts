/**
 * CD-7, CD-8 in the tracker template: the called row's owner picks, in a labelled select, the action
 * its Act or pool pays for; the buttons then name that action and show its speed, never another's.
 */
import { describe, expect, it } from "vitest";
import { createRenderer } from "./harness";
import { trackerState } from "../support/tracker";
import { combatContext, namedPick, type NameableAction } from "../../src/applications/combat/turn-context";

const renderer = createRenderer();
const render = (zilch: object) => renderer.render("combat/tracker.hbs", { zilch });

const SWORD: NameableAction = {
  action: { action: "attack:itmSword", speed: 5 },
  label: "ZILCH.Combat.Named.attack",
  name: "Sword",
  buys: "ZILCH.Combat.Action.attack",
};
const RALLY: NameableAction = {
  action: { action: "full:rally", speed: 8 },
  label: "ZILCH.Combat.Named.rally",
  name: "",
  buys: "ZILCH.Combat.Action.full",
};

describe("CD-7, CD-8: naming the action a countdown Act or pool pays for", () => {
  it("the called row offers its actions; with Rally picked, Accumulate names Rally at 8", () => {
    const { state, inputs } = trackerState(4, "countdown", "revealed");
    const called = state.countdown!.current!;
    const rows = inputs.map((t) =>
      t.id === called ? { ...t, action: RALLY.action, actionLabel: RALLY.buys, nameable: [SWORD, RALLY] } : t,
    );
    const viewer = { isGM: false, owns: (id: string) => id === called };
    const html = render(combatContext(state, rows, viewer));
    expect(html).toContain("Pay for");
    expect(html).toMatch(/<option value="attack:itmSword">Attack with Sword \(5\)<\/option>/);
    expect(html).toMatch(/<option value="full:rally" selected>Rally \(8\)<\/option>/);
    expect(html).toMatch(/data-action="zilchAccumulate"[^>]*data-named-action="full:rally" data-speed="8"/);
    expect(html).toContain("of 8");
    expect(html).not.toContain('data-named-action="attack:itmSword"');
    // A viewer who does not answer for the called row gets no select.
    const stranger = { isGM: false, owns: () => false };
    expect(render(combatContext(state, rows, stranger))).not.toContain("zilch-named-action");
  });

  it("CD-8: the select starts on the viewer's pick, else the pool's action, else the default attack", () => {
    const list = [SWORD, RALLY];
    expect(namedPick(list, undefined, undefined)).toBe(SWORD);
    expect(namedPick(list, undefined, "full:rally")).toBe(RALLY);
    expect(namedPick(list, "attack:itmSword", "full:rally")).toBe(SWORD);
    expect(namedPick(list, "cast:gone", undefined)).toBe(SWORD);
  });
});
