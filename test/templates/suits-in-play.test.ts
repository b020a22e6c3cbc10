import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import * as fx from "./fixtures";
import { CHARACTER_PARTS } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";

/**
 * At document level, the character sheet's Suits tab as the sheet renders it from a prepared
 * actor (fixtures' Dwarf Fighter/Rogue: ♣12/9 drain 1, ♠9/8, ♦6/7, ♥8/5 drain 2, Dwarf ♠−1 ♥+1,
 * Toughness, 5 HP). SU-1: four suits, each with its primary and its named secondary card, each card
 * rolled by its own key; CH-6: the ♥ track is the hit points, the class suits' tracks are chips.
 */
const renderer = createRenderer();
type Element = ReturnType<typeof allElements>[number];

function textOf(el: Element): string {
  return el.childNodes
    .map((child) =>
      "value" in child && child.nodeName === "#text"
        ? child.value
        : "childNodes" in child
          ? textOf(child as Element)
          : "",
    )
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}
const hasClass = (el: Element, name: string) => (attr(el, "class") ?? "").split(/\s+/).includes(name);
const within = (el: Element, cls: string) => allElementsOf(el).filter((e) => hasClass(e, cls));
function allElementsOf(el: Element): Element[] {
  const out: Element[] = [];
  for (const child of el.childNodes) if ("tagName" in child) out.push(child, ...allElementsOf(child));
  return out;
}

function suitCards(): Map<string, Element> {
  const html = renderer.render(CHARACTER_PARTS.suits, characterContext(fx.fullCharacterInput()));
  const cards = allElements(html).filter((e) => e.tagName === "article" && hasClass(e, "suit-card"));
  return new Map(cards.map((card) => [attr(card, "class")!.match(/suit-(clubs|spades|diamonds|hearts)/)![1]!, card]));
}

/** One card's name, effective value and the key its roll button reads. */
function card(article: Element, role: "primary" | "secondary") {
  const el = within(article, role)[0]!;
  return {
    name: textOf(within(el, "card-name")[0]!),
    // SU-3 shows 11 to 14 as face letters; the number is the span's data-value.
    value: Number(attr(within(el, "card-value")[0]!, "data-value")),
    rolls: attr(within(el, "roll-button")[0]!, "data-card"),
  };
}

describe("SU-1: the four suits on the sheet", () => {
  it("SU-1: ♣ Clubs/Strength, ♠ Spades/Cunning, ♦ Diamonds/Knowledge, ♥ Hearts/Charisma, in that order", () => {
    const suits = suitCards();
    expect([...suits.keys()]).toEqual(["clubs", "spades", "diamonds", "hearts"]);
    const shown = [...suits.values()].map((a) => [
      textOf(within(a, "suit-title")[0]!),
      card(a, "primary").name,
      card(a, "secondary").name,
    ]);
    expect(shown).toEqual([
      ["♣ Clubs", "Clubs", "Strength"],
      ["♠ Spades", "Spades", "Cunning"],
      ["♦ Diamonds", "Diamonds", "Knowledge"],
      ["♥ Hearts", "Hearts", "Charisma"],
    ]);
  });

  it("SU-1: each card shows its own effective value and rolls its own card", () => {
    const suits = suitCards();
    const values = [...suits.values()].map((a) => [card(a, "primary"), card(a, "secondary")]);
    // SU-4: race and drain move both cards alike: ♣ 12−1, 9−1; ♠ 9−1, 8−1; ♦ 6, 7; ♥ 8+1−2, 5+1−2.
    expect(values.map(([p, s]) => [p!.value, s!.value])).toEqual([
      [11, 8],
      [8, 7],
      [6, 7],
      [7, 4],
    ]);
    expect(values.map(([p, s]) => [p!.rolls, s!.rolls])).toEqual([
      ["clubs", "strength"],
      ["spades", "cunning"],
      ["diamonds", "knowledge"],
      ["hearts", "charisma"],
    ]);
  });
});

describe("CH-6: Heart chips are the hit points", () => {
  it("CH-6: the ♥ track is labelled hit points and counts HP against the maximum (7 + 2 Toughness)", () => {
    const hearts = suitCards().get("hearts")!;
    const track = within(hearts, "chip-track")[0]!;
    expect(attr(track, "aria-label")).toBe("Heart chips (hit points)");
    expect(textOf(within(track, "chip-count")[0]!)).toBe("5 / 9");
    const chips = allElementsOf(track).filter((e) => attr(e, "data-action") === "toggleChip");
    expect(chips.map((c) => attr(c, "data-suit"))).toEqual(Array(9).fill("hearts"));
  });

  it("CH-6: a class suit's track is its chips (♣ 3 of floor(11/2) = 5), not hit points", () => {
    const clubs = suitCards().get("clubs")!;
    const track = within(clubs, "chip-track")[0]!;
    expect(attr(track, "aria-label")).toBe("Clubs chips");
    expect(textOf(within(track, "chip-count")[0]!)).toBe("3 / 5");
    // ♦ holds no class here: no track at all.
    expect(within(suitCards().get("diamonds")!, "chip-track")).toEqual([]);
  });
});
