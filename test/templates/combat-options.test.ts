/**
 * CD-18 options and CD-19 in the tracker template: bids, the round table, lowering the Closing die and
 * combining, each with its controls only for the viewer who may use them, every button a registered
 * action, and the Closing die's value shown only under `cdShowClosing`.
 */
import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer, rootElements } from "./harness";
import { TRACKER_ACTIONS } from "../../src/applications/combat/actions";
import { CORE_ROW_ACTIONS } from "../../src/applications/combat/core-row";
import { canCombine } from "../../src/rules/round/countdown-options";
import {
  GM,
  optionContext,
  optionSnapshot,
  PLAYER,
  trackerContext,
  type OptionScene,
} from "../support/tracker";
import type { Viewer } from "../../src/applications/combat/turn-context";

const renderer = createRenderer();
const render = (zilch: object) => renderer.render("combat/tracker.hbs", { zilch });
const registered = new Set<string>([...TRACKER_ACTIONS, ...CORE_ROW_ACTIONS]);
const SCENES: OptionScene[] = ["bidding", "table", "lowering", "combine", "closing"];
const owner = (id: string): Viewer => ({ isGM: false, owns: (x) => x === id });
const row = (ctx: ReturnType<typeof optionContext>, id: string) => ctx.turns.find((t) => t.id === id)!;

describe("tracker with the CD-18 options", () => {
  for (const scene of SCENES) {
    for (const [who, viewer] of [
      ["GM", GM],
      ["player", PLAYER],
    ] as const) {
      it(`${scene} for the ${who}: one root, every button a labelled, registered action`, () => {
        const html = render(optionContext(12, scene, viewer));
        const { elements, strayText } = rootElements(html);
        expect(elements).toHaveLength(1);
        expect(strayText).toEqual([]);
        for (const b of allElements(html).filter((el) => el.tagName === "button")) {
          expect(attr(b, "type")).toBe("button");
          expect(registered.has(attr(b, "data-action") ?? "")).toBe(true);
        }
      });
    }
  }

  it("every new control's action is registered and every label exists in lang/en.json", () => {
    for (const a of ["zilchBid", "zilchLowerClosing", "zilchResolveLowering", "zilchCombine"])
      expect(registered.has(a)).toBe(true);
    // The renderer's localize throws on a missing key, so rendering every scene for every viewer checks them.
    const viewers = [GM, PLAYER, owner("c1"), owner("c5")];
    for (const scene of SCENES)
      for (const v of viewers) expect(() => render(optionContext(12, scene, v))).not.toThrow();
  });
});

describe("CD-18 (a) bidding in the tracker", () => {
  it("a player gets its own PC's usable dice to bid, one button per value; nobody else's row offers it bids", () => {
    const ctx = optionContext(12, "bidding", PLAYER);
    const own = row(ctx, "c0");
    expect(own.bid!.dice.map((c) => c.die)).toEqual([4, 3, 2]);
    expect(own.bid!.dice.every((c) => c.action === "zilchBid" && c.data.id === "c0")).toBe(true);
    for (const t of ctx.turns.filter((x) => x.id !== "c0")) expect(t.bid?.dice ?? []).toEqual([]);
    const html = render(ctx);
    expect(html).toMatch(/role="group" aria-labelledby="bid-c0"/);
    expect(html).toContain('aria-label="Bid 4"');
    expect(html.match(/data-action="zilchBid"/g)).toHaveLength(3);
  });

  it("everyone sees who has bid and how many bids are in, never which die; the die the viewer bid stays marked on its own client", () => {
    const ctx = optionContext(12, "bidding", owner("c1"));
    expect(ctx.bids).toEqual({ done: 2, due: 4 });
    expect(
      ctx.turns
        .filter((t) => t.bid?.in)
        .map((t) => t.id)
        .sort(),
    ).toEqual(["c0", "c2"]);
    const html = render(ctx);
    expect(html.match(/class="chip bid-in"/g)).toHaveLength(2);
    expect(html).toContain("2 of 4 bids in");
    // c0's client remembers it bid its 4.
    const mine = row(optionContext(12, "bidding", PLAYER, { bid: { c0: 4 } }), "c0");
    expect(mine.bid!.dice.filter((c) => c.pressed).map((c) => c.die)).toEqual([4]);
  });

  it("the GM gets no bid dice on players' PCs, and its call closes the bidding while bids are missing", () => {
    const ctx = optionContext(12, "bidding", GM);
    expect(ctx.turns.flatMap((t) => t.bid?.dice ?? [])).toEqual([]);
    expect(ctx.gmControls.find((c) => c.action === "zilchNextCall")!.label).toBe("ZILCH.Combat.CloseBidding");
    expect(render(ctx)).toContain("Close bidding and call");
    // Without the option nothing of it shows.
    const plain = trackerContext(12, "countdown", "revealed", PLAYER);
    expect(plain.bids).toBeNull();
    expect(plain.turns.every((t) => t.bid === null)).toBe(true);
  });
});

describe("CD-18 (b) round table in the tracker", () => {
  it("rows follow the table's cyclic order from the next call, and the header says so", () => {
    const s = optionSnapshot(12, "table");
    const { order, next } = s.state.countdown!.table!;
    const ctx = optionContext(12, "table", GM);
    expect(ctx.table).toBe(true);
    expect(ctx.turns.map((t) => t.id)).toEqual([...order.slice(next), ...order.slice(0, next)]);
    expect(render(ctx)).toContain("Round table order");
    expect(trackerContext(12, "countdown", "revealed").table).toBe(false);
  });
});

describe("CD-18 (c) lowering the Closing die in the tracker", () => {
  it("each owner who has not spent gets its dice to spend; a spent row shows only that it spent", () => {
    const c1 = optionContext(12, "lowering", owner("c1"));
    expect(row(c1, "c1").lowering!.dice.map((c) => [c.action, c.die])).toEqual([
      ["zilchLowerClosing", 2],
      ["zilchLowerClosing", 1],
    ]);
    expect(c1.turns.filter((t) => t.id !== "c1").flatMap((t) => t.lowering?.dice ?? [])).toEqual([]);
    const c0 = row(optionContext(12, "lowering", PLAYER), "c0");
    expect(c0.lowering).toEqual({ in: true, dice: [] });
    const html = render(c1);
    expect(html).toContain("Spend a die to lower the Closing die");
    expect(html).toContain('aria-label="Spend 2 to lower the Closing die"');
    expect(html.match(/class="chip lowered"/g)).toHaveLength(1);
    expect(html).toContain("Lowering the Closing die: 1 of 11 have spent");
  });

  it("the GM spends for the NPCs, not for players' PCs, and resolves the lowering instead of calling", () => {
    const ctx = optionContext(12, "lowering", GM);
    const offered = ctx.turns.filter((t) => (t.lowering?.dice.length ?? 0) > 0).map((t) => t.id);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((id) => Number(id.slice(1)) >= 4)).toBe(true);
    expect(ctx.gmControls.map((c) => c.action)).toEqual(["zilchResolveLowering", "zilchNextRound"]);
    expect(optionContext(12, "lowering", PLAYER).gmControls).toEqual([]);
  });

  it("the Closing die's value is shown to no player while it is lowered", () => {
    const ctx = optionContext(12, "lowering", PLAYER);
    expect(ctx.closing).toMatchObject({ status: "pending", value: null });
    expect(render(ctx)).not.toContain("closing-die");
  });
});

describe("CD-18 (d) combining dice in the tracker", () => {
  it("the called row's owner combines the picked die with another while Closing", () => {
    const ctx = optionContext(12, "combine", GM);
    const called = ctx.turns.find((t) => t.panel)!;
    expect(called.countdown!.hand).toEqual([2, 1]);
    expect(called.panel!.combine).toEqual([
      expect.objectContaining({ action: "zilchCombine", data: { id: called.id, die: 2, second: 1 }, die: 3 }),
    ]);
    const html = render(ctx);
    expect(html).toMatch(
      /data-action="zilchCombine" data-combatant-id="c1" data-die="2" data-second="1">Combine 2 with 1<\/button>/,
    );
    // Another player sees the called row but no Combine on it.
    expect(optionContext(12, "combine", PLAYER).turns.flatMap((t) => t.panel?.combine ?? [])).toEqual([]);
  });

  it("an uncalled owner's idle row offers each distinct pair while Closing, so it can get called", () => {
    const gmView = optionContext(12, "combine", GM);
    const idle = gmView.turns.find((t) => !t.panel && t.countdown && t.countdown.hand.length >= 2)!;
    expect(idle).toBeDefined();
    // The GM's idle rows stay compact; the owner sees the pairs on its own row only.
    expect(gmView.turns.flatMap((t) => t.combine)).toEqual([]);
    const mine = optionContext(12, "combine", owner(idle.id));
    const pairs = row(mine, idle.id).combine;
    const hand = [...idle.countdown!.hand].sort((a, b) => b - a);
    const expected = new Set<string>();
    hand.forEach((a, i) => hand.slice(i + 1).forEach((b) => expected.add(`${a}+${b}`)));
    expect(pairs.map((c) => `${String(c.data.die)}+${String(c.data.second)}`).sort()).toEqual([...expected].sort());
    expect(mine.turns.filter((t) => t.id !== idle.id).flatMap((t) => t.combine)).toEqual([]);
    expect(render(mine)).toMatch(new RegExp(`data-action="zilchCombine" data-combatant-id="${idle.id}"`));
  });

  it("offers no Combine before Closing or with the option off", () => {
    const before = optionSnapshot(12, "table", { combine: true });
    expect(before.state.countdown!.phase).toBe("countdown");
    expect(before.combatants.some((c) => canCombine(before.state, c.id))).toBe(false);
    const off = optionContext(12, "closing", GM);
    expect(off.turns.flatMap((t) => t.panel?.combine ?? [])).toEqual([]);
    for (const t of off.turns) expect(row(optionContext(12, "closing", owner(t.id)), t.id).combine).toEqual([]);
  });
});

describe("CD-19 the Closing die in the tracker header", () => {
  it("cdShowClosing on: once rolled, every viewer sees its value", () => {
    for (const viewer of [PLAYER, GM]) {
      const ctx = optionContext(12, "closing", viewer, {}, { showClosing: true });
      expect(ctx.closing.value).toEqual(expect.any(Number));
      expect(render(ctx)).toMatch(
        new RegExp(`<span class="zilch-die closing-die">${ctx.closing.value}</span>`),
      );
    }
  });

  it("cdShowClosing off: a player never sees it, while Closing, while lowering or after the round Closed", () => {
    const scenes = [
      optionContext(12, "closing", PLAYER),
      optionContext(12, "lowering", PLAYER),
      trackerContext(12, "countdown", "closing", PLAYER),
    ];
    for (const ctx of scenes) {
      expect(ctx.closing.status).not.toBe("none");
      expect(ctx.closing.value).toBeNull();
      expect(render(ctx)).not.toContain("closing-die");
    }
  });
});
