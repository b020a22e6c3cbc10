/**
 * ST-1 in the tracker: the stance a viewer knows while the stances are secret (its own declaration, or
 * the GM's kept ballot) is named on its row's chip and pressed in the picker; a viewer that does not
 * know it sees only "Declared". The GM's one button declares for every NPC still to declare.
 */
import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import { TRACKER_ACTIONS } from "../../src/applications/combat/actions";
import { requestFor } from "../../src/applications/combat/button-requests";
import { PLAYER, trackerContext } from "../support/tracker";

const renderer = createRenderer();
const render = (zilch: object) => renderer.render("combat/tracker.hbs", { zilch });

/** The rendered row of combatant `id`. */
function rowOf(html: string, id: string): string {
  const start = html.indexOf(`data-combatant-id="${id}" data-action="activateCombatant"`);
  const end = html.indexOf("</li>", start);
  return html.slice(start, end);
}

const NPC_DECLARE = {
  action: "zilchDeclareNpcStances",
  count: 3,
  stance: "guarded",
  options: [
    { value: "", label: "ZILCH.Combat.NpcUsualStance", selected: false },
    { value: "bold", label: "ZILCH.Combat.Stance.bold", selected: false },
    { value: "guarded", label: "ZILCH.Combat.Stance.guarded", selected: true },
  ],
};

describe("ST-1: a secret stance, for whoever may know it", () => {
  it("names the declared stance on the declarer's row and presses it in the picker", () => {
    const ctx = trackerContext(12, "spades", "declaring", PLAYER, { stances: { c0: "bold" } });
    const row = rowOf(render(ctx), "c0");
    expect(row).toContain("Declared: Bold (secret)");
    expect(row).toMatch(/data-stance="bold" aria-pressed="true"/);
    expect(row).toMatch(/data-stance="cautious" aria-pressed="false"/);
    expect(row).not.toMatch(/data-stance="(reckless|cautious|guarded)" aria-pressed="true"/);
  });

  it("shows only 'Declared', nothing pressed, to a viewer that does not know the stance", () => {
    const row = rowOf(render(trackerContext(12, "spades", "declaring", PLAYER)), "c0");
    expect(row).toContain(">Declared</span>");
    expect(row).not.toContain("Bold (secret)");
    expect(row).not.toContain('aria-pressed="true"');
  });
});

describe("ST-1: the GM's declaration for the NPCs", () => {
  it("is one labelled button with the stance select, registered, sending the chosen stance", () => {
    const html = render({ ...trackerContext(12, "spades", "declaring"), npcDeclare: NPC_DECLARE });
    const buttons = allElements(html).filter((el) => attr(el, "data-action") === "zilchDeclareNpcStances");
    expect(buttons).toHaveLength(1);
    expect(attr(buttons[0], "type")).toBe("button");
    expect(html).toContain("Declare for the NPCs (3)");
    expect(html).toContain('<label class="group-label" id="npc-declare-label" for="npc-declare-stance">NPCs declare</label>');
    expect(html).toContain('<option value="guarded" selected>Guarded</option>');
    expect(html).toContain('<option value="">their usual stance</option>');
    expect(TRACKER_ACTIONS).toContain("zilchDeclareNpcStances");
    const data = { stance: attr(buttons[0], "data-stance") ?? "" };
    expect(requestFor("zilchDeclareNpcStances", "c1", data, null)).toEqual({
      kind: "declareNpcStances",
      combatId: "c1",
      stance: "guarded",
    });
    expect(requestFor("zilchDeclareNpcStances", "c1", { stance: "" }, null)).toEqual({
      kind: "declareNpcStances",
      combatId: "c1",
      stance: null,
    });
  });

  it("is absent when there is none to declare for (players, or every NPC in)", () => {
    const html = render({ ...trackerContext(12, "spades", "declaring"), npcDeclare: null });
    expect(html).not.toContain("zilchDeclareNpcStances");
    expect(html).not.toContain("npc-declare");
  });
});
