import { describe, expect, it } from "vitest";
import { createRenderer } from "./harness";
import * as fx from "./fixtures";
import { ITEM_PARTS } from "../../src/applications/sheets/shared/constants";

/** EQ-2, EQ-4: a weapon's read view says what its category makes of it: its damage and the Strength it needs. */
const renderer = createRenderer();
const read = (type: "weapon" | "armor") =>
  Object.values(ITEM_PARTS)
    .map((part) => renderer.render(part, fx.itemSheet(type, true, { editMode: false })))
    .join("\n")
    .replace(/\s+/g, " ");

describe("a weapon's read view", () => {
  it("a Heavy melee weapon reads Damage 3 and Strength needed 5", () => {
    const html = read("weapon");
    expect(html).toMatch(/<dt>Damage<\/dt> <dd> 3 <\/dd>/);
    expect(html).toMatch(/<dt>Strength needed<\/dt> <dd> 5 <\/dd>/);
  });

  it("armour derives no damage", () => {
    expect(read("armor")).not.toContain("<dt>Damage</dt>");
  });
});
