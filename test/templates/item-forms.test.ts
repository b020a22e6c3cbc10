/**
 * Templates layer: each item type has its own edit form (templates/item/forms/<type>.hbs) showing the
 * fields that apply to the item as it stands, in titled sections, a tick box beside its label, and
 * list buttons that say what they add and remove; the read view leads with what the rules make of
 * the item (a weapon's damage, armour's DR, a shield's defence, a spell's countdown speed).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { allElements, attr, createRenderer, TEMPLATE_ROOT } from "./harness";
import * as fx from "./fixtures";
import { ITEM_FORMS, ITEM_PARTS, ITEM_TYPES, type ItemType } from "../../src/applications/sheets/shared/constants";
import { lookup } from "../support/i18n";

const renderer = createRenderer();
const details = (type: ItemType, stored: Record<string, unknown> = {}, editMode = true) =>
  renderer.render(ITEM_PARTS.details, fx.itemSheet(type, true, { editMode }, stored));
/** The stored fields (under `system.`) the edit form submits, rows of lists as "riders.0.kind". */
const inputs = (type: ItemType, stored: Record<string, unknown> = {}) =>
  allElements(details(type, stored))
    .map((el) => attr(el, "name"))
    .filter((name): name is string => name !== undefined)
    .map((name) => name.replace(/^system\./, ""))
    .sort();
const flat = (html: string) => html.replace(/\s+/g, " ");

/** What each type's form shows for the fixture's item (fixtures.ts ITEM_FULL), in any order. */
const SHOWN: Record<ItemType, string[]> = {
  weapon: [
    "slot", "quantity", "category", "hands", "modes.melee", "modes.thrown", "modes.launcher", "reach",
    "temporary", "brawling", "doubleEnded", "focus", "tainted",
    "riders.0.kind", "riders.0.condition", "riders.0.saveSuit", "riders.0.saveModifier", "riders.0.saveAgainst", "riders.0.duration", "riders.0.rounds",
  ],
  armor: ["slot", "quantity", "category", "reinforced", "drBonus"],
  shield: ["slot", "quantity", "kind", "spikes"],
  gear: ["slot", "quantity", "hands", "focus", "healingItem"],
  skill: ["key", "steps", "free", "card"],
  knack: ["key", "class", "chipSuit", "chipCost", "trigger", "freeWhen"],
  race: [
    "key", "modifiers.clubs", "modifiers.spades", "modifiers.diamonds", "modifiers.hearts", "choiceBonus",
    "chosenSuit", "size", "extraTalents", "vision", "traits", "freeSkills.0",
  ],
  injury: ["kind", "location", "effect", "modifier", "daysRemaining", "ongoing.active"],
  spell: ["chipCost", "isAttack", "damage", "tainted", "riders.0.kind", "riders.0.amount", "maxRange", "runeCount", "caster"],
};

describe("each item type's own edit form", () => {
  for (const type of ITEM_TYPES) {
    it(`${type}: shows the fields that apply to it, each once`, () => {
      expect(inputs(type)).toEqual([...SHOWN[type]].sort());
    });
  }

  it("each type has its own form template, included for that type only, titled in sections", () => {
    expect(new Set(Object.values(ITEM_FORMS)).size).toBe(ITEM_TYPES.length);
    const source = readFileSync(join(TEMPLATE_ROOT, "item", "details.hbs"), "utf8");
    for (const type of ITEM_TYPES)
      expect(source, type).toContain(`{{#if (eq type "${type}")}}{{> "${ITEM_FORMS[type]}"}}`.replace("{{#if", type === ITEM_TYPES[0] ? "{{#if" : "{{else if"));
    for (const type of ITEM_TYPES) {
      const html = details(type);
      expect(html, type).toContain(`item-form-${type}`);
      expect(allElements(html).filter((el) => attr(el, "class")?.startsWith("form-section")).length, type).toBeGreaterThan(0);
    }
  });

  it("a weapon thrown or shot shows its range and reloading; one only thrown or shot has no reach", () => {
    const bow = inputs("weapon", { modes: { melee: false, thrown: false, launcher: true } });
    expect(bow).toEqual(expect.arrayContaining(["rangeClass", "reload"]));
    expect(bow).not.toContain("reach");
    const spear = inputs("weapon", { modes: { melee: true, thrown: true, launcher: false } });
    expect(spear).toEqual(expect.arrayContaining(["reach", "rangeClass", "reload"]));
  });

  it("a Great weapon has no Hands to set (always both)", () => {
    expect(inputs("weapon", { category: "great" })).not.toContain("hands");
  });

  it("a spell that is not an attack heals or lays a condition, and counts rounds only for a duration in rounds", () => {
    const charm = inputs("spell", { isAttack: false, condition: "entangled", duration: "rounds" });
    expect(charm).toEqual(expect.arrayContaining(["healing", "condition", "duration", "rounds"]));
    expect(charm.filter((f) => f === "damage" || f === "tainted" || f.startsWith("riders"))).toEqual([]);
    expect(inputs("spell", { isAttack: false, condition: "entangled", duration: "endOfEncounter" })).not.toContain("rounds");
    const heal = inputs("spell", { isAttack: false, condition: null });
    expect(heal).toContain("healing");
    expect(heal).not.toContain("duration");
  });

  it("a buckler may be strapped on; a knack with a chip suit has a cost; a race's bonus has a suit to go to", () => {
    expect(inputs("shield", { kind: "buckler" })).toContain("strapped");
    expect(inputs("knack", { chipSuit: null })).not.toContain("chipCost");
    expect(inputs("race", { choiceBonus: 0 })).not.toContain("chosenSuit");
  });

  it("a homebrew or repeatable skill says what it covers; a listed one-off skill does not", () => {
    expect(inputs("skill", { key: null })).toContain("scope");
    expect(inputs("skill", { key: "language" })).toContain("scope");
    expect(inputs("skill")).not.toContain("scope");
  });

  it("ongoing damage shows its numbers once it is on", () => {
    expect(inputs("injury", { ongoing: { active: true, rating: 2, suit: "hearts", modifier: 0, tag: "bleeding" } })).toEqual(
      expect.arrayContaining(["ongoing.rating", "ongoing.suit", "ongoing.modifier", "ongoing.tag"]),
    );
  });

  it("puts each tick box just before its own label", () => {
    const all = allElements(details("weapon"));
    const boxes = all.filter((el) => el.tagName === "input" && attr(el, "type") === "checkbox");
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      const parent = all.find((el) => el.childNodes.includes(box))!;
      const siblings = parent.childNodes.filter((n) => "tagName" in n);
      const next = siblings[siblings.indexOf(box) + 1]!;
      expect(["label", attr(next as never, "for")]).toEqual([(next as { tagName: string }).tagName, attr(box, "id")]);
    }
  });

  it("names what a list's buttons add and remove", () => {
    const weapon = flat(details("weapon"));
    expect(weapon).toContain(`</i> ${lookup("ZILCH.Sheet.AddRider")}</button>`);
    expect(weapon).toContain(`aria-label="${lookup("ZILCH.Sheet.RemoveRider")}"`);
    const race = flat(details("race"));
    expect(race).toContain(`</i> ${lookup("ZILCH.Sheet.AddFreeSkill")}</button>`);
    expect(race).toContain(`aria-label="${lookup("ZILCH.Sheet.RemoveFreeSkill")}"`);
    expect(weapon + race).not.toMatch(/>\s*Add\s*<\/button>/);
  });
});

describe("the read view's derived numbers", () => {
  const row = (label: string, value: string) => new RegExp(`<dt[^>]*>${label}</dt> <dd> ${value} </dd>`);

  it("armour reads its DR when worn and the Strength it needs", () => {
    // Plate, reinforced: DR 3 + 1 (EQ-5), Strength 9 + 1.
    const html = flat(details("armor", {}, false));
    expect(html).toMatch(row(lookup("ZILCH.Item.Derived.dr")!, "4"));
    expect(html).toMatch(row(lookup("ZILCH.Item.Derived.strength")!, "10"));
    expect(flat(details("armor", { drBonus: 2 }, false))).toMatch(row(lookup("ZILCH.Item.Derived.dr")!, "6"));
  });

  it("a shield reads its defence and its Guarded defence", () => {
    const html = flat(details("shield", {}, false));
    expect(html).toMatch(row(lookup("ZILCH.Item.Derived.defence")!, "\\+2"));
    expect(html).toMatch(row(lookup("ZILCH.Item.Derived.guarded")!, "\\+4"));
  });

  it("a spell reads its countdown speed, cost, range and damage; an attack spell no healing", () => {
    const html = flat(details("spell", { runeCount: 2, chipCost: 3, maxRange: "near" }, false));
    expect(html).toMatch(row(lookup("ZILCH.Item.Derived.castSpeed")!, "5"));
    expect(html).toMatch(row(lookup("ZILCH.Item.Field.chipCost")!, "3"));
    expect(html).toMatch(row(lookup("ZILCH.Item.Field.damage")!, "2"));
    expect(html).toContain(lookup("ZILCH.Item.Choice.maxRange.near"));
    expect(html).not.toMatch(new RegExp(`<dt[^>]*>${lookup("ZILCH.Item.Field.healing")}</dt>`));
  });

  it("leaves out a bonus or healing of 0, which adds nothing", () => {
    const armour = flat(details("armor", { drBonus: 0 }, false));
    expect(armour).not.toContain(`>${lookup("ZILCH.Item.Field.drBonus")}</dt>`);
    expect(flat(details("armor", { drBonus: 1 }, false))).toContain(`>${lookup("ZILCH.Item.Field.drBonus")}</dt>`);
    const entangle = flat(details("spell", { isAttack: false, condition: "entangled", healing: 0 }, false));
    expect(entangle).not.toContain(`>${lookup("ZILCH.Item.Field.healing")}</dt>`);
  });

  it("a weapon reads its reach in melee and its range when thrown or shot, after its damage", () => {
    const reach = `>${lookup("ZILCH.Item.Derived.reach")}</dt>`;
    expect(flat(details("weapon", {}, false))).toContain(reach);
    const bow = flat(details("weapon", { modes: { melee: false, thrown: false, launcher: true }, rangeClass: "long" }, false));
    expect(bow).not.toContain(reach);
    expect(bow).toMatch(row(lookup("ZILCH.Item.Derived.range")!, lookup("ZILCH.Item.Choice.rangeClass.long")!));
    // Damage first, then reach and range, as the Equipment row reads them; neither listed twice.
    const sword = flat(details("weapon", {}, false));
    expect(sword.indexOf(reach)).toBeGreaterThan(sword.indexOf(`>${lookup("ZILCH.Sheet.Damage")}</dt>`));
    expect(sword.split(reach)).toHaveLength(2);
  });
});
