import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import { CHARACTER_PARTS } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import * as fx from "./fixtures";

/**
 * SU-4: a card held below its base and race (drain or an effect) says so in words and with a ▼ on
 * each card it lowers, primary and secondary alike, not by colour alone.
 */
const renderer = createRenderer();
type Node = ReturnType<typeof allElements>[number];
const hasClass = (el: Node, cls: string) => (attr(el, "class") ?? "").split(" ").includes(cls);
const within = (el: Node, cls: string): Node[] =>
  el.childNodes.flatMap((n) =>
    "tagName" in n ? [...(hasClass(n as Node, cls) ? [n as Node] : []), ...within(n as Node, cls)] : [],
  );
const text = (el: Node): string =>
  el.childNodes.map((n) => ("value" in n ? n.value : "childNodes" in n ? text(n as Node) : "")).join("");

describe("a lowered card on the Suits tab", () => {
  const html = renderer.render(CHARACTER_PARTS.suits, characterContext({ ...fx.fullCharacterInput(), activeTab: "suits" }));
  const card = (suit: string) => allElements(html).find((el) => el.tagName === "article" && hasClass(el, `suit-${suit}`))!;

  it("Clubs drained by 1 marks both its cards: a ▼ and 'Lowered by 1' in words", () => {
    const marks = within(card("clubs"), "card-lowered");
    expect(marks).toHaveLength(2);
    for (const mark of marks) {
      expect(attr(mark, "data-tooltip")).toBe("Lowered by 1 (drain or an effect)");
      expect(text(mark)).toBe("▼Lowered by 1 (drain or an effect)");
    }
  });

  it("a card at its base and race carries no mark", () => {
    expect(within(card("spades"), "card-lowered")).toEqual([]);
  });

  it("in play, a suit with no race modifier, drain or taint drops its empty Race/Drain/Taint line; editing keeps it", () => {
    const play = renderer.render(CHARACTER_PARTS.suits, characterContext({ ...fx.emptyCharacterInput(), activeTab: "suits" }));
    expect(play).not.toContain('class="modifiers"');
    expect(html.match(/class="modifiers"/g)?.length).toBeGreaterThan(0);
    const editing = renderer.render(
      CHARACTER_PARTS.suits,
      characterContext({ ...fx.emptyCharacterInput(), editMode: true, activeTab: "suits" }),
    );
    expect(editing.match(/class="modifiers"/g)).toHaveLength(4);
  });
});
