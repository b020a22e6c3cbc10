import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import * as fx from "./fixtures";
import { ITEM_PARTS } from "../../src/applications/sheets/shared/constants";

/**
 * DMG-6 on the item edit form: an extra-effect row shows its kind and only the fields that kind
 * reads, and the button that adds one names what it adds.
 */
const renderer = createRenderer();
const html = (type: "weapon" | "spell") =>
  Object.values(ITEM_PARTS)
    .map((part) => renderer.render(part, fx.itemSheet(type, true)))
    .join("\n");
const riderInputs = (markup: string) =>
  allElements(markup)
    .map((el) => attr(el, "name"))
    .filter((name): name is string => name?.startsWith("system.riders.0.") ?? false)
    .map((name) => name.slice("system.riders.0.".length));

describe("an item's extra effects in edit mode", () => {
  it("a Condition row shows the condition, its save (and what it resists) and duration, not a suit, amount, taint or tag", () => {
    expect(riderInputs(html("weapon")).sort()).toEqual(
      ["kind", "condition", "saveSuit", "saveModifier", "saveAgainst", "duration", "rounds"].sort(),
    );
  });

  it("an Energy row shows only its amount", () => {
    expect(riderInputs(html("spell")).sort()).toEqual(["amount", "kind"]);
  });

  it("the add button says what it adds", () => {
    expect(html("weapon")).toContain("</i> Add an extra effect</button>");
  });
});
