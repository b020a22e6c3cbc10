import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import { TRACKER_ACTIONS } from "../../src/applications/combat/actions";
import { CORE_ROW_ACTIONS, keepClicksFromRow } from "../../src/applications/combat/core-row";
import { GM, PLAYER, trackerState } from "../support/tracker";
import { combatContext, type Viewer } from "../../src/applications/combat/turn-context";

/**
 * Foundry's own row controls survive our `tracker` part: each for whom core offers it,
 * with core's data-action names (FOUNDRY-FACTS §8), labelled, and the row still core's clickable row.
 */
const renderer = createRenderer();

/** Twelve revealed Spades rows; c1 is hidden and defeated, c2 carries an effect and may be pinged. */
function html(viewer: Viewer, canPing = true): string {
  const { state, inputs } = trackerState(12, "spades", "revealed");
  const rows = inputs.map((t) =>
    t.id === "c1"
      ? { ...t, hidden: true, defeated: true, core: { canPing } }
      : t.id === "c2"
        ? { ...t, core: { canPing, effects: [{ img: "icons/svg/daze.svg", name: "Dazed" }] } }
        : { ...t, core: { canPing } },
  );
  return renderer.render("combat/tracker.hbs", { zilch: combatContext(state, rows, viewer, {}) });
}

const buttons = (markup: string, action: string) =>
  allElements(markup).filter((el) => el.tagName === "button" && attr(el, "data-action") === action);

describe("combat tracker: Foundry's row controls", () => {
  it("gives the GM hide, defeated and ping on every row, each labelled, and no pan button", () => {
    const gm = html(GM);
    for (const action of ["toggleHidden", "toggleDefeated", "pingCombatant"]) {
      const found = buttons(gm, action);
      expect(found, action).toHaveLength(12);
      for (const b of found) {
        expect(attr(b, "type")).toBe("button");
        expect(attr(b, "aria-label")?.length ?? 0).toBeGreaterThan(0);
      }
    }
    expect(buttons(gm, "panToCombatant")).toEqual([]);
    expect(gm).toContain('aria-label="Hidden from players"');
  });

  it("marks the hidden and defeated toggles pressed only on the row that is hidden and defeated", () => {
    const pressed = (action: string) =>
      buttons(html(GM), action).filter((b) => attr(b, "aria-pressed") === "true");
    expect(pressed("toggleHidden")).toHaveLength(1);
    expect(pressed("toggleDefeated")).toHaveLength(1);
  });

  it("gives a player ping and pan but never hide or defeated", () => {
    const player = html(PLAYER);
    expect(buttons(player, "toggleHidden")).toEqual([]);
    expect(buttons(player, "toggleDefeated")).toEqual([]);
    expect(buttons(player, "pingCombatant")).toHaveLength(12);
    expect(buttons(player, "panToCombatant")).toHaveLength(12);
  });

  it("offers no ping where core's turn context did not allow it", () => {
    expect(buttons(html(GM, false), "pingCombatant")).toEqual([]);
    expect(buttons(html(PLAYER, false), "pingCombatant")).toEqual([]);
  });

  it("shows a row's effect icons, named", () => {
    const icons = allElements(html(PLAYER)).filter((el) => attr(el, "class") === "token-effect");
    expect(icons.map((i) => attr(i, "alt"))).toEqual(["Dazed"]);
  });

  it("keeps each row core's clickable li.combatant[data-combatant-id]", () => {
    const rows = allElements(html(GM)).filter((el) => el.tagName === "li");
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(attr(row, "data-action")).toBe("activateCombatant");
      expect(attr(row, "data-combatant-id")).toMatch(/^c\d+$/);
    }
  });

  it("never registers a core row action as one of ours, so core's handler keeps it", () => {
    const ours = new Set<string>(TRACKER_ACTIONS);
    expect(CORE_ROW_ACTIONS.filter((a) => ours.has(a))).toEqual([]);
  });

  it("labels a revealed domino once, with both its ends", () => {
    const gm = html(GM);
    const dominoes = allElements(gm).filter((el) => (attr(el, "class") ?? "").includes("domino revealed"));
    expect(dominoes.length).toBeGreaterThan(0);
    // Its two ends, or, once the stance splits them, its offence and defence: one label either way.
    for (const d of dominoes)
      expect(attr(d, "aria-label")).toMatch(/^Domino(?: \d–\d|: offence \d+, defence \d+)$/);
  });
});

describe("combat tracker: the parts that are not core's row actions", () => {
  it("with no combat to show, renders the empty tracker without a header to localize", () => {
    const empty = renderer.render("combat/tracker.hbs", {});
    expect(allElements(empty).some((el) => el.tagName === "header")).toBe(false);
    expect(allElements(empty).some((el) => el.tagName === "ol")).toBe(true);
  });

  it("a click on the named-action select stops there, short of the row's activateCombatant", () => {
    const select = new EventTarget();
    const row = new EventTarget();
    let activated = 0;
    row.addEventListener("click", () => (activated += 1));
    keepClicksFromRow(select);
    keepClicksFromRow(select);
    const click = new Event("click");
    select.dispatchEvent(click);
    // EventTarget has no parent chain here: the row hears the click only if nothing stopped it.
    if (!click.cancelBubble) row.dispatchEvent(new Event("click"));
    expect(activated).toBe(0);
  });
});
