/** The title-and-lines chat cards (recovery, card generation, a Grit line) through their one template. */
import { describe, expect, it } from "vitest";
import { allElements, createRenderer, rootElements } from "./harness";
import { localize } from "../support/i18n";
import { LINES_CARD_TEMPLATE, linesCardContext, type ChatLine, type LinesCardKind } from "../../src/dice/chat-lines";

const renderer = createRenderer();
const format = (key: string, data: Record<string, string>) => localize(key, data);
const render = (kind: LinesCardKind, lines: ChatLine[]) =>
  renderer.render(LINES_CARD_TEMPLATE, linesCardContext(kind, lines, (k) => localize(k), format));

describe("lines card template", () => {
  it("a title with lines: one root under .zilch, the title as a heading, one item per line", () => {
    const html = render("recovery", [
      { key: "ZILCH.Recovery.Rest", data: {} },
      { key: "ZILCH.Recovery.Chips", data: { suit: "ZILCH.Suit.clubs", change: "+2" } },
      { key: "ZILCH.Recovery.Woke", data: {} },
    ]);
    const { elements, strayText } = rootElements(html);
    expect(elements).toHaveLength(1);
    expect(strayText).toEqual([]);
    expect(elements[0]!.attrs.find((a) => a.name === "class")?.value).toBe("zilch recovery-card");
    const tags = allElements(html).map((el) => el.tagName);
    expect(tags.filter((t) => t === "h3")).toHaveLength(1);
    expect(tags.filter((t) => t === "li")).toHaveLength(2);
    expect(html).toContain("Clubs chips +2");
    expect(html).not.toMatch(/ZILCH\./);
  });

  it("a single line (a Grit line) is one paragraph, no empty list", () => {
    const html = render("grit", [{ key: "ZILCH.Grit.Bandaged", data: { name: "Kell", n: 2 } }]);
    const tags = allElements(html).map((el) => el.tagName);
    expect(tags).toEqual(["div", "p"]);
    expect(html).toContain("Kell");
  });

  it("escapes what users typed, in the title and in the lines", () => {
    const evil = "<img src=x onerror=alert(1)>";
    const html = render("chargen", [
      { key: "ZILCH.Grit.Bandaged", data: { name: evil, n: 1 } },
      { key: "ZILCH.Recovery.Healed", data: { name: evil } },
    ]);
    expect(html).not.toContain("<img");
    expect(allElements(html).some((el) => el.tagName === "img")).toBe(false);
  });
});
