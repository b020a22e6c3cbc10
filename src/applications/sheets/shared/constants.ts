/**
 * The sheets' action names, tabs, parts and default window sizes as plain constants (no Foundry
 * global), so the template tests can check every `data-action` is registered and the browser tests
 * open each sheet at its default size.
 */
export const CHARACTER_TABS = ["suits", "skills", "equipment", "injuries", "combat", "biography"] as const;
export type CharacterTab = (typeof CHARACTER_TABS)[number];

const T = "systems/zilch/templates";

/** One PART per tab plus the header and the tab navigation. */
export const CHARACTER_PARTS = {
  header: `${T}/actor/character/header.hbs`,
  tabs: `${T}/actor/tabs.hbs`,
  suits: `${T}/actor/character/suits.hbs`,
  skills: `${T}/actor/character/skills.hbs`,
  equipment: `${T}/actor/character/equipment.hbs`,
  injuries: `${T}/actor/character/injuries.hbs`,
  combat: `${T}/actor/character/combat.hbs`,
  biography: `${T}/actor/character/biography.hbs`,
} as const;

/**
 * Partials the actor sheets' parts include: the conditions block (header of both sheets), the Combat
 * tab's attack list and each attack's to-hit and cost line (Combat tab and NPC stat block).
 */
export const ACTOR_PARTIALS = [
  `${T}/actor/conditions.hbs`,
  `${T}/actor/attack-list.hbs`,
  `${T}/actor/attack-numbers.hbs`,
  `${T}/actor/list-filter.hbs`,
] as const;

export const NPC_PARTS = {
  header: `${T}/actor/npc/header.hbs`,
  statblock: `${T}/actor/npc/statblock.hbs`,
} as const;

/** The only part a viewer with Limited permission gets (limited.ts). */
export const LIMITED_TEMPLATE = `${T}/actor/limited.hbs`;

export const ITEM_TYPES = [
  "weapon",
  "armor",
  "shield",
  "gear",
  "skill",
  "knack",
  "race",
  "injury",
  "spell",
] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** The item sheet's parts: header, the type's properties (walked from its schema), description. */
export const ITEM_PARTS = {
  header: `${T}/item/header.hbs`,
  details: `${T}/item/details.hbs`,
  description: `${T}/item/description.hbs`,
} as const;
/**
 * Each item type's edit form, a partial templates/item/details.hbs includes for the item's type
 * (../item/item-forms.ts), so each type lays out only its own fields.
 */
export const ITEM_FORMS = {
  weapon: `${T}/item/forms/weapon.hbs`,
  armor: `${T}/item/forms/armor.hbs`,
  shield: `${T}/item/forms/shield.hbs`,
  gear: `${T}/item/forms/gear.hbs`,
  skill: `${T}/item/forms/skill.hbs`,
  knack: `${T}/item/forms/knack.hbs`,
  race: `${T}/item/forms/race.hbs`,
  injury: `${T}/item/forms/injury.hbs`,
  spell: `${T}/item/forms/spell.hbs`,
} as const satisfies Record<ItemType, string>;
/** Partials the parts include: one field, one read row, and every type's form. */
export const ITEM_PARTIALS = [
  `${T}/item/field.hbs`,
  `${T}/item/read-row.hbs`,
  ...Object.values(ITEM_FORMS),
] as const;

/** The roll dialog's parts: its fields, the live summary (re-rendered alone on change) and its buttons. */
export const ROLL_DIALOG_PARTS = {
  fields: `${T}/dialogs/roll-dialog.hbs`,
  summary: `${T}/dialogs/roll-summary.hbs`,
  buttons: `${T}/dialogs/roll-buttons.hbs`,
} as const;
/** REC-1: the multiclass Rally's split of regained chips. */
export const RALLY_SPLIT_TEMPLATE = `${T}/dialogs/rally-split.hbs`;

/**
 * The actions core registers itself, which templates may name: ApplicationV2's `tab` (FOUNDRY-FACTS
 * §7; draw-steel actor-sheet.mjs, dnd5e templates/shared/sidebar-tabs.hbs) and DocumentSheetV2's
 * `editImage` (#11719; dnd5e templates/items/header.hbs). The sheets' own actions are read from their
 * DEFAULT_OPTIONS.actions (test/templates/registered-actions.ts), never listed twice.
 */
export const CORE_ACTIONS = ["tab", "editImage"] as const;

/** Default window sizes (DEFAULT_OPTIONS.position). */
export const CHARACTER_SIZE = { width: 760, height: 720 } as const;
export const NPC_SIZE = { width: 600, height: 640 } as const;
export const ITEM_SIZE = { width: 520, height: 500 } as const;
/**
 * The narrowest each sheet may be resized to, set in CSS (styles/partials/_sheets.scss, which must
 * agree): below it the suit cards and tab names no longer fit (the browser layer checks both widths).
 */
export const SHEET_MIN_WIDTH = { character: 620, npc: 480, item: 480 } as const;
/** The roll dialog opens at height "auto"; this height fits its fullest content (skills, contest, injuries, buttons). */
export const ROLL_DIALOG_SIZE = { width: 420, height: 578 } as const;

/** A tab id of the character sheet (e.g. read back from `tabGroups`). */
export const isCharacterTab = (id: unknown): id is CharacterTab =>
  (CHARACTER_TABS as readonly unknown[]).includes(id);
/** An item type this system defines. */
export const isItemType = (type: unknown): type is ItemType =>
  (ITEM_TYPES as readonly unknown[]).includes(type);
