import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import * as fx from "./fixtures";
import { NPC_PARTS } from "../../src/applications/sheets/shared/constants";
import { npcContext } from "../../src/applications/sheets/npc/npc-context";
import { npcInput } from "../../src/applications/sheets/actor/actor-data";
import { conditionsView } from "../../src/applications/sheets/play/conditions-view";

/**
 * The NPC sheet shows conditions as the character sheet does (CON-4, CON-5), from
 * the same builder and the same partial: each with what is left of its duration, a remove button on
 * the ones applied directly, and the picker for whoever may edit the creature.
 */
const renderer = createRenderer();
const classed = (html: string, name: string) =>
  allElements(html).filter((el) => (attr(el, "class") ?? "").split(/\s+/).includes(name));

const heldWolf = (editable = true) =>
  npcInput(
    fx.prepared({
      name: "Held wolf",
      type: "npc",
      system: {
        appliedConditions: [
          { condition: "pinned", source: "net", duration: "rounds", count: 3 },
          { condition: "prone", source: "", duration: "endOfNextTurn", count: 1 },
        ],
      },
      statuses: ["pinned", "prone"],
    }),
    { id: "wolf", editable, editMode: false },
  );

describe("NPC sheet conditions (CON-4, CON-5)", () => {
  it("are built by the character sheet's builder from the NPC's statuses and stored durations", () => {
    const input = heldWolf();
    const ctx = npcContext(input);
    expect(ctx.conditions).toEqual(
      conditionsView({
        active: input.system.conditions,
        statuses: ["pinned", "prone"],
        records: input.system.appliedConditions ?? [],
      }).conditions,
    );
    const pinned = ctx.conditions.find((c) => c.condition === "pinned");
    expect(pinned?.lasts).toEqual([{ key: "ZILCH.Sheet.ConditionLasts.rounds", n: 3 }]);
    // Helpless comes with Pinned (CON-4): shown, but removed only with its cause.
    expect(ctx.conditions.find((c) => c.condition === "helpless")?.removable).toBe(false);
  });

  it("render as condition chips with durations, remove buttons and the picker in the NPC header", () => {
    const html = renderer.render(NPC_PARTS.header, npcContext(heldWolf()));
    const chips = classed(html, "condition-chip");
    expect(chips.length).toBe(npcContext(heldWolf()).conditions.length);
    expect(html).toContain("Rounds left: 3");
    expect(html).toContain("Until the end of its next turn");
    expect(classed(html, "condition-remove").map((el) => attr(el, "data-condition"))).toEqual(["pinned", "prone"]);
    expect(classed(html, "condition-add").every((el) => attr(el, "data-action") === "toggleCondition")).toBe(true);
    expect(classed(html, "condition-add").length).toBeGreaterThan(0);
    // Conditions are no longer plain tags among the creature's traits.
    expect(classed(html, "tag").some((el) => (attr(el, "class") ?? "").includes("condition"))).toBe(false);
  });

  it("show no control to a viewer who may not edit the creature", () => {
    const html = renderer.render(NPC_PARTS.header, npcContext(heldWolf(false)));
    expect(classed(html, "condition-chip").length).toBeGreaterThan(0);
    expect(allElements(html).filter((el) => attr(el, "data-action") === "toggleCondition")).toEqual([]);
    expect(html).not.toContain("condition-picker");
  });
});
