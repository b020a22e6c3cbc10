/**
 * The item sheets' per-type forms: which stored fields mean something for an item as it now stands
 * (a melee-only weapon has no range, an attack spell heals nobody), so its form and its read view
 * show only those. A field left out is not submitted, so the update leaves it as stored; nothing is
 * cleared by hiding it (test/data/item-form-round-trip.test.ts).
 *
 * Each type's form is its own template (templates/item/forms/<type>.hbs, ITEM_FORMS), included by
 * the details part for the item's type, as Draw Steel keeps one details partial per item type and
 * hands the type's to its details part (MetaMorphic-Digital/draw-steel
 * src/module/applications/sheets/item-sheet.mjs `_preparePartContext`,
 * templates/sheets/item/partials/<type>.hbs). The details part names each partial statically rather
 * than by a name computed at render time, so nothing rests on how core's Handlebars runs a dynamic
 * partial.
 */
import type { ItemType } from "../shared/constants";
import type { FieldView } from "./item-view";
import { WEAPON_TABLE } from "../../../rules/equipment";
import { SKILLS } from "../../../rules/skills";
import { WEAPON_CATEGORIES } from "../../../rules/vocabulary";

type Stored = Record<string, unknown>;
/** Whether a field applies to an item storing `system`; a field with no rule always applies. */
type Applies = (system: Stored) => boolean;

const group = (system: Stored, name: string): Stored => {
  const value = system[name];
  return value && typeof value === "object" ? (value as Stored) : {};
};
const meleeUse = (s: Stored) => group(s, "modes").melee === true;
const rangedUse = (s: Stored) => group(s, "modes").thrown === true || group(s, "modes").launcher === true;
const attackSpell = (s: Stored) => s.isAttack === true;
const spellCondition = (s: Stored) => !attackSpell(s) && typeof s.condition === "string";
const ongoingActive = (s: Stored) => group(s, "ongoing").active === true;

/** By item type, then by field path under `system` (a group's field as "group.field"). */
const APPLIES: Readonly<Partial<Record<ItemType, Readonly<Record<string, Applies>>>>> = {
  weapon: {
    // EQ-3: a Great weapon always takes both hands, whatever is stored.
    hands: (s) => {
      const category = WEAPON_CATEGORIES.find((c) => c === s.category);
      return !category || !WEAPON_TABLE[category].alwaysTwoHanded;
    },
    // EQ-2: reach is a melee weapon's; a range class and reloading are a thrown or shot weapon's.
    reach: meleeUse,
    rangeClass: rangedUse,
    reload: rangedUse,
  },
  // EQ-1, EQ-8: only a buckler is strapped on.
  shield: { strapped: (s) => s.kind === "buckler" },
  // KN-1: a knack that costs no chips (a passive one) has no cost to set.
  knack: { chipCost: (s) => typeof s.chipSuit === "string" },
  // RA-1: the chosen suit is where a choice bonus goes; with no bonus there is nothing to choose.
  race: { chosenSuit: (s) => typeof s.choiceBonus === "number" && s.choiceBonus > 0 },
  // SK-4: a homebrew skill says what it covers; SK-1: a repeatable one names its language or trade.
  skill: {
    scope: (s) => {
      const key = typeof s.key === "string" && s.key in SKILLS ? (s.key as keyof typeof SKILLS) : null;
      return key === null || SKILLS[key].repeatable;
    },
  },
  // OD-1: ongoing damage's numbers once it is on.
  injury: {
    "ongoing.rating": ongoingActive,
    "ongoing.suit": ongoingActive,
    "ongoing.modifier": ongoingActive,
    "ongoing.tag": ongoingActive,
  },
  // MAG-4, MAG-6: an attack spell deals damage; any other heals or puts a condition on its target.
  spell: {
    damage: attackSpell,
    tainted: attackSpell,
    riders: attackSpell,
    healing: (s) => !attackSpell(s),
    condition: (s) => !attackSpell(s),
    duration: spellCondition,
    rounds: (s) => spellCondition(s) && s.duration === "rounds",
  },
};

/** The field path under `system` of a view ("system.ongoing.rating" → "ongoing.rating"). */
const underSystem = (path: string) => path.replace(/^system\./, "");

/** The views of the fields that apply to this item, groups trimmed to their applying fields. */
export function applyingViews(type: ItemType, system: Stored, views: readonly FieldView[]): FieldView[] {
  const rules = APPLIES[type] ?? {};
  const applies = (v: FieldView) => rules[underSystem(v.path)]?.(system) ?? true;
  return views
    .filter(applies)
    .map((v) => (v.kind === "group" ? { ...v, fields: v.fields.filter(applies) } : v));
}

/** The form's fields by their stored name, for the type's template to lay out. */
export function formByName(views: readonly FieldView[]): Record<string, FieldView> {
  return Object.fromEntries(views.map((v) => [v.name, v]));
}
