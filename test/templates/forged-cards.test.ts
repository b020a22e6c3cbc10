/**
 * A player can create a chat message with any flags (FOUNDRY-FACTS §2), so every string a card renders
 * from a message's data is the player's. A forged spell card whose every field holds a script and an
 * image with an `onerror` handler renders, through the card's own template and context, with neither
 * element nor any event-handler attribute: what the card shows of it is text. The description is not
 * among the fields: cards take it from the spell item or keep the one core shows (cast.ts), never from
 * the message's data, so a forged `description` never reaches the template.
 */
import { describe, expect, it } from "vitest";
import { allElements, createRenderer } from "./harness";
import { spellCardContext } from "../../src/dice/spell-card";
import { forgedRecord, PAYLOAD } from "../support/forged-card";

const renderer = createRenderer();
/** The elements and event-handler attributes of rendered HTML that could run script. */
function unsafeNodes(html: string): string[] {
  return allElements(html).flatMap((el) => [
    ...(["script", "img", "iframe", "object", "embed"].includes(el.tagName) ? [`<${el.tagName}>`] : []),
    ...el.attrs.filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName}[${a.name}]`),
  ]);
}

describe("a forged spell card", () => {
  for (const viewer of [null, { isGM: true }, { isGM: false }]) {
    it(`renders its fields as text (${viewer === null ? "stored content" : viewer.isGM ? "GM" : "player"})`, () => {
      // cast.ts passes the item's description (or none): here none, as for a card re-rendered.
      const html = renderer.render(
        "chat/spell-card.hbs",
        spellCardContext(forgedRecord, viewer, { conditionName: PAYLOAD, woundThreshold: 3, description: "" }),
      );
      expect(unsafeNodes(html)).toEqual([]);
      expect(html).toContain("&lt;script&gt;");
    });
  }

  it("would show the script if a description from the message were rendered (the test can fail)", () => {
    const html = renderer.render(
      "chat/spell-card.hbs",
      spellCardContext(forgedRecord, null, { conditionName: "", woundThreshold: 3, description: PAYLOAD }),
    );
    expect(unsafeNodes(html)).toEqual(["<script>", "<img>", "img[onerror]"]);
  });
});
