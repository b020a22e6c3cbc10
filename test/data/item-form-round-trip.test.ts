/**
 * Data layer: an item's per-type edit form shows only the fields that apply (a melee weapon has no
 * range, an attack spell heals nobody, an extra effect shows what its kind reads), and submitting it
 * loses nothing: each type's form, rendered from the item's real schema and submitted as v13's
 * FormDataExtended reads it, through the sheet's own list handling, leaves every stored field as it
 * was but the one the player changed.
 */
import { describe, expect, it } from "vitest";
import { ITEM_MODELS } from "./models-setup";
import { allElements, attr, createRenderer } from "../templates/harness";
import { expandObject } from "../stand-in/data-model";
import { itemContext, type FieldClasses } from "../../src/applications/sheets/item/item-context";
import { ITEM_PARTS, type ItemType } from "../../src/applications/sheets/shared/constants";
import { withWholeArrays } from "../../src/applications/sheets/shared/document-arrays";

type Source = Record<string, unknown>;
interface ItemModel {
  toObject(): Source;
  updateSource(changes: Source): Source;
}
type ModelClass = (new (source: Source) => ItemModel) & { schema: { fields: Record<string, unknown> } };
const modelOf = (type: ItemType) => ITEM_MODELS[type] as unknown as ModelClass;

const renderer = createRenderer();
type Element = ReturnType<typeof allElements>[number];

/** What v13's FormDataExtended submits: a tick box's state, a number input's number, a select's choice. */
function submitted(html: string): Source {
  const fields: Source = {};
  for (const el of allElements(html)) {
    const name = attr(el, "name");
    if (!name?.startsWith("system.")) continue;
    const type = attr(el, "type");
    if (el.tagName === "input") {
      const value = attr(el, "value") ?? "";
      fields[name] =
        type === "checkbox"
          ? attr(el, "checked") !== undefined
          : type === "number"
            ? value === ""
              ? null
              : Number(value)
            : value;
    }
    if (el.tagName === "select") {
      const options = el.childNodes.filter((c): c is Element => "tagName" in c && c.tagName === "option");
      fields[name] = attr(options.find((o) => attr(o, "selected") !== undefined) ?? options[0]!, "value");
    }
  }
  return fields;
}

/** Each type's item with every field away from its initial value, those its form hides included. */
const STORED: Record<ItemType, Source> = {
  weapon: {
    slot: "handy",
    quantity: 2,
    category: "great",
    hands: 2,
    modes: { melee: true, thrown: false, launcher: false },
    reach: 2,
    rangeClass: "short",
    reload: "slow",
    temporary: true,
    brawling: true,
    doubleEnded: true,
    focus: true,
    tainted: true,
    riders: [
      {
        kind: "condition",
        amount: 4,
        suit: "spades",
        tainted: true,
        condition: "prone",
        saveSuit: "clubs",
        saveModifier: -2,
        duration: "rounds",
        rounds: 3,
        tag: "bleeding",
      },
    ],
  },
  armor: { slot: "pack", quantity: 2, category: "plate", reinforced: true, drBonus: 2 },
  shield: { slot: "handy", quantity: 2, kind: "large", strapped: true, spikes: true },
  gear: { slot: "handy", quantity: 5, hands: 2, focus: true, healingItem: "salveEgg" },
  skill: { key: "athletics", scope: "Climbing", steps: 3, free: true, card: "strength" },
  knack: {
    key: null,
    class: "rogue",
    chipSuit: null,
    chipCost: 2,
    trigger: "minor",
    freeWhen: "afterDamage",
  },
  race: {
    key: "dwarf",
    modifiers: { clubs: 1, spades: -1, diamonds: 0, hearts: 1 },
    choiceBonus: 0,
    chosenSuit: "hearts",
    size: "small",
    extraTalents: 1,
    vision: "darkvision",
    traits: "Hardy",
    freeSkills: ["Stonecunning", "Smithing"],
  },
  injury: {
    kind: "specificWound",
    location: "leftLeg",
    effect: "broken",
    modifier: -5,
    daysRemaining: 12,
    ongoing: { active: false, rating: 3, suit: "spades", modifier: 2, tag: "bleeding" },
  },
  spell: {
    chipCost: 4,
    isAttack: true,
    damage: 3,
    tainted: true,
    riders: [{ kind: "energy", amount: 2, suit: "clubs", saveModifier: 1 }],
    maxRange: "far",
    runeCount: 2,
    caster: "wizard",
    healing: 5,
    condition: "entangled",
    duration: "endOfEncounter",
    rounds: 4,
  },
};

/** What a player changes on each form (a field the form shows). */
const EDIT: Record<ItemType, [string, unknown]> = {
  weapon: ["system.quantity", 3],
  armor: ["system.drBonus", 1],
  shield: ["system.spikes", false],
  gear: ["system.quantity", 4],
  skill: ["system.steps", 4],
  knack: ["system.trigger", "free"],
  race: ["system.traits", "Stubborn"],
  injury: ["system.daysRemaining", 11],
  spell: ["system.riders.0.amount", 3],
};

function form(type: ItemType, source: Source) {
  const Model = modelOf(type);
  const context = itemContext({
    id: "it",
    uuid: "Item.it",
    name: "It",
    img: "",
    type,
    system: source,
    schema: Model.schema.fields,
    classes: foundry.data.fields satisfies FieldClasses,
    editable: true,
    editMode: true,
  });
  return renderer.render(ITEM_PARTS.details, context);
}

describe("an item's edit form keeps what it does not show", () => {
  for (const type of Object.keys(STORED) as ItemType[]) {
    it(`${type}: an edit changes that one field and leaves every other as stored`, () => {
      const model = new (modelOf(type))(structuredClone(STORED[type]));
      const before = model.toObject();
      const [path, value] = EDIT[type];
      const sent = withWholeArrays(expandObject({ ...submitted(form(type, before)), [path]: value }), {
        system: before,
      });
      model.updateSource(sent.system as Source);
      const expected = expandObject({ [path.replace(/^system\./, "")]: value });
      const merge = (a: Source, b: Source): Source =>
        Object.fromEntries(
          Object.entries(a).map(([k, v]) => [
            k,
            k in b
              ? Array.isArray(v)
                ? v.map((row, i) =>
                    i in (b[k] as Source) ? merge(row as Source, (b[k] as Source)[i] as Source) : row,
                  )
                : typeof v === "object" && v !== null
                  ? merge(v as Source, b[k] as Source)
                  : b[k]
              : v,
          ]),
        );
      expect(model.toObject()).toEqual(merge(before, expected));
    });
  }

  it("the forms hide fields: a melee-only weapon's range, an attack spell's healing, a condition effect's amount", () => {
    const names = (type: ItemType) =>
      Object.keys(submitted(form(type, new (modelOf(type))(structuredClone(STORED[type])).toObject())));
    expect(names("weapon")).not.toContain("system.rangeClass");
    expect(names("weapon")).not.toContain("system.riders.0.amount");
    expect(names("spell")).not.toContain("system.healing");
    expect(names("race")).not.toContain("system.chosenSuit");
  });

  it("without the sheet's list handling, the hidden fields of an extra effect would be reset (so the check above can fail)", () => {
    const model = new (modelOf("weapon"))(structuredClone(STORED.weapon));
    model.updateSource(expandObject(submitted(form("weapon", model.toObject()))).system as Source);
    const rider = (model.toObject().riders as Source[])[0]!;
    expect(rider.amount).toBe(1);
    expect(rider.tag).toBeNull();
  });
});
