import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import { TRACKER_ACTIONS } from "../../src/applications/combat/actions";
import { CORE_ROW_ACTIONS } from "../../src/applications/combat/core-row";
import { attackChoices, combatContext, weaponOfButton } from "../../src/applications/combat/turn-context";
import type { StatBlockAttack } from "../../src/rules/attack/index";
import { GM, trackerState } from "../support/tracker";

const renderer = createRenderer();
const registered = new Set<string>([...TRACKER_ACTIONS, ...CORE_ROW_ACTIONS]);
const bite: StatBlockAttack = { name: "Bite", category: "light", damageType: "physical", reach: 1 };
const gore: StatBlockAttack = { name: "Gore", category: "great", damageType: "physical", reach: 1 };
const tusk = { id: "tusk0000000000aa", name: "Great tusk", category: "heavy" as const };

describe("CD-7, NPC-4: what an NPC row's die pays for", () => {
  it("with no weapon item, the first stat-block attack at its category's speed", () => {
    expect(attackChoices([], [gore, bite]).action).toEqual({ action: "attack:natural:0", speed: 6 });
    expect(attackChoices([], [bite, gore]).action).toEqual({ action: "attack:natural:0", speed: 4 });
  });

  it("a weapon item in hand comes first; with nothing at all the attack is unarmed (3)", () => {
    expect(attackChoices([tusk], [gore]).action).toEqual({ action: `attack:${tusk.id}`, speed: 5 });
    expect(attackChoices([], []).action).toEqual({ action: "attack:unarmed", speed: 3 });
  });

  it("AT-1: the choices are the weapon items, then every stat-block attack by index", () => {
    expect(attackChoices([tusk], [bite, gore]).weapons).toEqual([
      { id: tusk.id, name: "Great tusk" },
      { id: "natural:0", name: "Bite", natural: 0 },
      { id: "natural:1", name: "Gore", natural: 1 },
    ]);
  });
});

describe("the Attack button's data-weapon", () => {
  it("names an item by id or a stat-block attack by index, and nothing else", () => {
    expect(weaponOfButton(tusk.id)).toEqual({ itemId: tusk.id });
    expect(weaponOfButton("natural:1")).toEqual({ natural: 1 });
    for (const bad of [undefined, "", "natural:", "natural:-1", "natural:1.5", "natural:x"])
      expect(weaponOfButton(bad)).toBeNull();
  });
});

describe("combat tracker: an NPC's stat-block attacks", () => {
  /** The GM's tracker with the active row holding `weapons` and `attacks`. */
  function rendered(weapons: (typeof tusk)[], attacks: StatBlockAttack[]) {
    const { state, inputs } = trackerState(4, "spades", "revealed");
    const ctx = combatContext(
      state,
      inputs.map((t) => ({ ...t, ...attackChoices(weapons, attacks) })),
      GM,
      {},
    );
    const active = ctx.turns.find((t) => t.panel)!;
    const html = renderer.render("combat/tracker.hbs", { zilch: ctx });
    const buttons = allElements(html).filter(
      (el) => attr(el, "data-action") === "zilchAttack" && attr(el, "data-combatant-id") === active.id,
    );
    return { html, buttons };
  }

  it("one registered Attack button per stat-block attack, labelled with its name", () => {
    const { html, buttons } = rendered([], [bite, gore]);
    expect(buttons.map((b) => [attr(b, "data-weapon"), html.includes("Attack: Bite")])).toEqual([
      ["natural:0", true],
      ["natural:1", true],
    ]);
    expect(html).toContain("Attack: Gore");
    for (const b of allElements(html).filter((el) => el.tagName === "button"))
      expect(registered.has(attr(b, "data-action") ?? "")).toBe(true);
  });

  it("a single stat-block attack is still named; a weapon item carried keeps its own button", () => {
    const single = rendered([], [bite]);
    expect(single.buttons.map((b) => attr(b, "data-weapon"))).toEqual(["natural:0"]);
    expect(single.html).toContain("Attack: Bite");
    const both = rendered([tusk], [bite]);
    expect(both.buttons.map((b) => attr(b, "data-weapon"))).toEqual([tusk.id, "natural:0"]);
    expect(both.html).toContain("Attack: Great tusk");
  });
});
