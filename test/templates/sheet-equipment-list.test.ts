import { describe, expect, it } from "vitest";
import { allElements, attr, createRenderer } from "./harness";
import * as fx from "./fixtures";
import { CHARACTER_PARTS } from "../../src/applications/sheets/shared/constants";
import { characterContext } from "../../src/applications/sheets/character/character-context";
import { characterInput } from "../../src/applications/sheets/actor/actor-data";

/**
 * The Equipment tab's list: every row keeps one column for its use or attack button and one for
 * Equip, so the buttons line up (EQ-1); Equip is offered only on what can be put in use (not on a
 * salve egg in the pack); spells have their own section with ♦ cost, range and effect (MAG-3 to
 * MAG-6); the add buttons cover shields and spells too.
 */
const renderer = createRenderer();
type El = ReturnType<typeof allElements>[number];
const classes = (el: El) => (attr(el, "class") ?? "").split(/\s+/);
const kids = (el: El) => (el.childNodes as unknown[]).filter((n): n is El => typeof n === "object" && n !== null && "tagName" in n);
const rows = (html: string) =>
  allElements(html).filter((el) => classes(el).includes("item") && attr(el, "data-item-id"));

function caster() {
  const actor = fx.prepared({
    name: "Iri",
    type: "character",
    system: { classes: ["wizard"] },
    items: [
      { _id: "itmSalve00000001", name: "Salve egg", type: "gear", system: { slot: "pack", healingItem: "salveEgg" } },
      { _id: "itmTorch00000001", name: "Torch", type: "gear", system: { slot: "pack", hands: 1 } },
      { _id: "itmDart000000001", name: "Arcane Dart", type: "spell", system: { chipCost: 1, damage: 1, maxRange: "near" } },
      {
        _id: "itmSleep00000001",
        name: "Slumber",
        type: "spell",
        system: { chipCost: 3, isAttack: false, condition: "unconscious", maxRange: "close" },
      },
      { _id: "itmMend000000001", name: "Mend", type: "spell", system: { chipCost: 2, isAttack: false, healing: 3 } },
    ],
  });
  return characterContext(characterInput(actor, { id: "caster", editable: true, editMode: false }));
}

describe("the Equipment tab's rows", () => {
  it("every carried and spell row has the same two control columns, empty or not", () => {
    const html = renderer.render(CHARACTER_PARTS.equipment, fx.fullCharacter(false));
    const list = rows(html);
    expect(list.length).toBeGreaterThan(10);
    for (const row of list) {
      const controls = kids(row).filter((c) => classes(c).includes("carried-controls"));
      expect(controls, attr(row, "data-item-id")).toHaveLength(1);
      const slots = kids(controls[0]!).filter((c) => classes(c).includes("control-slot"));
      expect(slots.map((c) => classes(c)[1])).toEqual(["use-slot", "equip-slot"]);
    }
  });

  it("EQ-1: Equip on a torch in the pack, not on a salve egg (REC-6: used, never held)", () => {
    const html = renderer.render(CHARACTER_PARTS.equipment, caster());
    const equipOf = (id: string) =>
      allElements(html).filter((el) => attr(el, "data-action") === "equip" && attr(el, "data-item-id") === id);
    expect(equipOf("itmTorch00000001")).toHaveLength(1);
    expect(equipOf("itmSalve00000001")).toEqual([]);
    const use = allElements(html).filter((el) => attr(el, "data-action") === "useItem");
    expect(use.map((el) => attr(el, "data-item-id"))).toEqual(["itmSalve00000001"]);
  });
});

describe("the Spells section (MAG-3 to MAG-6)", () => {
  it("shows each spell's ♦ cost, range and effect under its own heading", () => {
    const html = renderer.render(CHARACTER_PARTS.equipment, caster());
    const section = allElements(html).find((el) => classes(el).includes("spell-section"));
    expect(section).toBeDefined();
    const text = html.replace(/\s+/g, " ");
    expect(text).toContain("Cost 1 ♦");
    expect(text).toContain("Range: Near");
    expect(text).toContain("Energy damage 1");
    expect(text).toContain("Cost 3 ♦");
    expect(text).toContain("Makes the target Unconscious");
    expect(text).toContain("Heals 3 HP");
  });

  it("the list offers a shield and a spell among its add buttons", () => {
    const html = renderer.render(CHARACTER_PARTS.equipment, caster());
    const adds = allElements(html)
      .filter((el) => attr(el, "data-action") === "createItem")
      .map((el) => attr(el, "data-type"));
    expect(adds).toEqual(["weapon", "armor", "shield", "gear", "spell"]);
  });
});
