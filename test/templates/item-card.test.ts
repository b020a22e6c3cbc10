/** The item menu's "Show in chat" card renders the item's name, kind and description. */
import { describe, expect, it } from "vitest";
import { createRenderer, rootElements } from "./harness";
import { itemCardContext } from "../../src/applications/sheets/item-menu/item-chat";

const renderer = createRenderer();
const render = (description: string) =>
  renderer.render(
    "chat/item-card.hbs",
    itemCardContext({ name: "Greatsword", img: "icons/sword.webp", type: "weapon" }, description),
  );

describe("item chat card", () => {
  for (const description of ["", "<p>Heavy and <em>sharp</em>.</p>"]) {
    it(`one root, its kind localised, ${description ? "with" : "without"} a description`, () => {
      const html = render(description);
      const { elements, strayText } = rootElements(html);
      expect(elements).toHaveLength(1);
      expect(strayText).toEqual([]);
      expect(html).toContain("Greatsword");
      expect(html).not.toMatch(/TYPES\.|ZILCH\./);
      expect(html.includes("item-card-description")).toBe(description !== "");
    });
  }
});
