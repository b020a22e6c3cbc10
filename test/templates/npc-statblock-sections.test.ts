import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import { NPC_PARTS } from "../../src/applications/sheets/shared/constants";
import { bestiaryNpc } from "./bestiary-fixtures";

/**
 * The NPC stat block reads as one: every attack the creature can make is listed under Attacks with its
 * to-hit total and price, whether it is a stat-block row or a weapon it holds (AT-1, AT-2, CD-7), and
 * play mode shows no heading with nothing under it.
 */
const renderer = createRenderer();
type Node = ReturnType<typeof allElements>[number];
const text = (el: Node): string =>
  el.childNodes.map((n) => ("value" in n ? n.value : "childNodes" in n ? text(n as Node) : "")).join("");
const headings = (html: string) =>
  allElements(html)
    .filter((el) => el.tagName === "h3")
    .map((el) => text(el).trim());
const hasClass = (el: Node, cls: string) => (attr(el, "class") ?? "").split(" ").includes(cls);
const byClass = (html: string, cls: string) => allElements(html).filter((el) => hasClass(el, cls));
/** The elements under `el` with the class. */
const within = (el: Node, cls: string): Node[] =>
  el.childNodes.flatMap((n) => ("tagName" in n ? [...(hasClass(n as Node, cls) ? [n as Node] : []), ...within(n as Node, cls)] : []));

describe("the NPC stat block's Attacks and sections", () => {
  it("the goblin's dagger and sling are its attacks, each with a to-hit total and speed, not 'No attacks'", () => {
    const html = renderer.render(NPC_PARTS.statblock, bestiaryNpc("goblin"));
    expect(html).not.toContain("No attacks");
    const rows = byClass(html, "held-attack");
    expect(rows.map((row) => text(within(row, "item-name")[0]!).trim())).toEqual(["Dagger", "Sling"]);
    for (const row of rows) {
      expect(within(row, "attack-total")).not.toHaveLength(0);
      expect(within(row, "attack-cost")).toHaveLength(1);
      expect(within(row, "roll-button").map((b) => attr(b, "data-action"))).toEqual(["attackItem"]);
    }
  });

  it("play mode shows no empty heading; Movement holds the walk", () => {
    const html = renderer.render(NPC_PARTS.statblock, bestiaryNpc("goblin"));
    const ctx = bestiaryNpc("goblin");
    expect(headings(html)).not.toContain("Special attacks");
    expect(headings(html)).not.toContain("Special talents");
    expect(headings(html)).not.toContain("Special qualities");
    const movement = byClass(html, "movement")[0]!;
    expect(text(movement).trim()).toBe(`Walk ${ctx.readiness.move}`);
  });

  it("edit mode keeps every section so a GM can add to it", () => {
    const html = renderer.render(NPC_PARTS.statblock, bestiaryNpc("goblin", true));
    expect(headings(html)).toEqual(
      expect.arrayContaining(["Attacks", "Special attacks", "Special talents", "Special qualities", "Movement"]),
    );
  });
});

