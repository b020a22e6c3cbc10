/**
 * Sheet, dialog and chat-card contexts for the template, browser and benchmark layers. Actors are
 * real documents of the stand-in (test/stand-in) with the system's own data models registered, so
 * the sheets are fed the data the models prepared (effective cards, capacities, DR, warnings…) through
 * the same `characterInput`/`npcInput` the sheet classes call: an empty character (the models'
 * initial values), a full one (30 items, 5 injuries), an NPC, one sheet per item type, the roll
 * dialog and each chat card.
 */
import { makeActor } from "../data/models-setup";
import * as standInFields from "../stand-in/fields";
import type { DocumentData } from "../stand-in/documents";
import { characterContext, type CharacterInput } from "../../src/applications/sheets/character/character-context";
import { npcContext, type NpcInput } from "../../src/applications/sheets/npc/npc-context";
import { characterInput, npcInput as npcInputOf, type ActorLike } from "../../src/applications/sheets/actor/actor-data";
import { itemContext, type FieldClasses } from "../../src/applications/sheets/item/item-context";
import { ITEM_TYPES, type ItemType } from "../../src/applications/sheets/shared/constants";
import { rollDialogContext } from "../../src/applications/dialogs/roll-dialog-context";
import { contestCardContext, saveCardContext, testCardContext } from "../../src/dice/chat-cards";
import type { ChargenMethod } from "../../src/rules/generation";
import type { CardSet } from "../../src/rules/suits";

const { defineCharacterSchema } = await import("../../src/data/actor/character-schema");
const { defineNpcSchema } = await import("../../src/data/actor/npc");
const itemModules = Object.fromEntries(
  await Promise.all(ITEM_TYPES.map(async (type) => [type, (await import(`../../src/data/item/${type}.ts`)) as Record<string, unknown>] as const)),
) as Record<ItemType, Record<string, unknown>>;

/** Inline images, so the browser layer loads nothing from the network (a failed load logs an error). */
export const PORTRAIT =
  "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#8a7f6d"/><circle cx="48" cy="36" r="18" fill="#d8cfbf"/><rect x="20" y="60" width="56" height="30" rx="14" fill="#d8cfbf"/></svg>');
export const ICON =
  "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="4" fill="#8a7f6d"/><path d="M8 10h12v12H8z" fill="#d8cfbf"/></svg>');

export const FIELD_CLASSES = standInFields as unknown as FieldClasses;

type SchemaRecord = Record<string, standInFields.DataField>;
/** The initial source of a schema, as a fresh document would hold it. */
export function initialOf(schema: SchemaRecord): Record<string, unknown> {
  return new standInFields.SchemaField(schema).getInitialValue() as Record<string, unknown>;
}
export const characterSchema = () => defineCharacterSchema() as unknown as SchemaRecord;
export const npcSchema = () => defineNpcSchema() as unknown as SchemaRecord;
export function itemSchema(type: ItemType): SchemaRecord {
  const define = Object.entries(itemModules[type]).find(([name]) => /^define\w*Schema$/.test(name))?.[1] as () => SchemaRecord;
  return define();
}

/** Every input path a schema accepts, with array indices as `N` (e.g. system.attacks.N.name). */
export function schemaPaths(schema: SchemaRecord, prefix = "system"): Set<string> {
  const out = new Set<string>();
  const walk = (field: standInFields.DataField, path: string) => {
    if (field instanceof standInFields.SchemaField) for (const [name, child] of Object.entries(field.fields)) walk(child, `${path}.${name}`);
    else if (field instanceof standInFields.ArrayField && !(field instanceof standInFields.SetField)) {
      out.add(path);
      walk(field.element, `${path}.N`);
    } else out.add(path);
  };
  for (const [name, field] of Object.entries(schema)) walk(field, `${prefix}.${name}`);
  return out;
}

const item = (type: ItemType, name: string, system: Record<string, unknown>): DocumentData => ({ name, type, system });

/**
 * A stand-in actor document with the system's models, prepared as Foundry prepares it. Items get the
 * inline icon and their creation order as sort (the stand-in documents hold neither).
 */
export function prepared(data: DocumentData): ActorLike {
  const actor = makeActor(data) as unknown as ActorLike & { uuid?: string };
  const contents = actor.items.contents.map((i, sort) => Object.assign(i, { img: ICON, sort }));
  return { id: actor.id, uuid: `Actor.${actor.id}`, name: actor.name, img: PORTRAIT, system: actor.system, items: { contents }, statuses: actor.statuses, toObject: () => actor.toObject?.() };
}

export function emptyCharacterInput(): CharacterInput {
  // Created blank: ZilchActor#_preCreate stores `started: false` until the guide's "Ready to play".
  return characterInput(prepared({ name: "", type: "character", system: { started: false } }), { id: "sheet-empty", editable: true, editMode: false });
}

/** A Dwarf Fighter/Rogue with 30 items, 5 of them injuries, in a combat. */
export function fullCharacterInput(editMode = false): CharacterInput {
  const system = {
    suits: {
      clubs: { primary: 12, secondary: 9, drain: 1, taint: 0 },
      spades: { primary: 9, secondary: 8, drain: 0, taint: 1 },
      diamonds: { primary: 6, secondary: 7, drain: 0, taint: 0 },
      hearts: { primary: 8, secondary: 5, drain: 2, taint: 0 },
    },
    classes: ["fighter", "rogue"],
    chips: { clubs: 3, spades: 4, diamonds: 0 },
    hp: { value: 5, temp: 1 },
    boons: 1,
    biography: "<p>Born under the mountain, Brom left to see the sky.</p>",
    notes: "<p>Owes the guild 30 crowns.</p>",
  };
  const items: DocumentData[] = [item("race", "Dwarf", { key: "dwarf", modifiers: { clubs: 0, spades: -1, diamonds: 0, hearts: 1 }, size: "medium" })];
  const skills: [string, string][] = [["Athletics", "athletics"], ["Notice", "notice"], ["Stealth", "stealth"], ["Intimidate", "intimidate"], ["Survival", "survival"], ["Examine", "examine"], ["Language (Elvish)", "language"], ["Language (Orcish)", "language"]];
  for (const [name, key] of skills) items.push(item("skill", name, { key, free: key === "intimidate" }));
  for (const name of ["Rage", "Toughness", "Sneak Attack"]) items.push(item("knack", name, { key: name === "Toughness" ? "toughness" : null, chipSuit: name === "Toughness" ? null : "clubs", chipCost: name === "Toughness" ? 0 : 1 }));
  items.push(item("weapon", "Longsword", { slot: "hands", category: "heavy", hands: 1 }));
  items.push(item("shield", "Small shield", { slot: "hands", kind: "small" }));
  items.push(item("armor", "Chain shirt", { slot: "armor", category: "heavy", reinforced: true }));
  for (const name of ["Dagger", "Hand axe", "Sling"]) items.push(item("weapon", name, { slot: "handy", category: "light" }));
  for (const name of ["Rope (50 ft)", "Torch"]) items.push(item("gear", name, { slot: name === "Rope (50 ft)" ? "pack" : "handy", quantity: name === "Torch" ? 3 : 1 }));
  items.push(item("gear", "Salve egg", { slot: "handy", quantity: 2, healingItem: "salveEgg" }));
  for (const name of ["Bedroll", "Rations", "Whetstone"]) items.push(item("gear", name, { slot: "pack" }));
  items.push(item("spell", "Spark", { chipCost: 1 }));
  const injuries: [string, Record<string, unknown>][] = [
    ["Broken arm", { location: "rightArm", effect: "broken", daysRemaining: 12 }],
    ["Flesh wound", { location: "leftLeg", effect: "fleshWound", daysRemaining: 2 }],
    ["Lost an eye", { location: "head", effect: "sight", modifier: -5, daysRemaining: 28 }],
    ["Gut wound", { kind: "specificWound", location: "abdomen", effect: "gutWound" }],
    ["Winded", { kind: "specificWound", location: "chest", effect: "winded" }],
  ];
  for (const [name, data] of injuries) items.push(item("injury", name, data));
  if (items.length !== 30) throw new Error(`the full character must hold 30 items, has ${items.length}`);
  const actor = prepared({ name: "Brom Ironfoot", type: "character", system, items });
  return characterInput(actor, {
    id: "sheet-full",
    editable: true,
    editMode,
    combat: { initiative: 11, stance: "bold", domino: { state: "revealed", offense: 5, defense: 2 }, pool: null },
  });
}

/**
 * GEN-1: a character being built with the world's method, in edit mode. `build` is EX-GEN-1's
 * ♣13, Strength 10, ♠6, Cunning 6, ♦4, Knowledge 4, ♥6, Charisma 4; `race` adds a race item with
 * those modifiers (EX-GEN-1's Half-orc: +1 ♣).
 */
export const EX_GEN_1 = {
  clubs: { primary: 13, secondary: 10 },
  spades: { primary: 6, secondary: 6 },
  diamonds: { primary: 4, secondary: 4 },
  hearts: { primary: 6, secondary: 4 },
};
export function chargenCharacterInput(
  method: ChargenMethod,
  options: { base?: number; suits?: Record<string, { primary: number; secondary: number }>; race?: Record<string, number>; redrawOf?: CardSet | null } = {},
): CharacterInput {
  const items = options.race ? [item("race", "Half-orc", { key: null, modifiers: options.race, size: "medium" })] : [];
  const actor = prepared({ name: "New hero", type: "character", system: { started: false, ...(options.suits ? { suits: options.suits } : {}) }, items });
  const input = characterInput(actor, { id: `sheet-chargen-${method}`, editable: true, editMode: true });
  input.chargen = { method, base: options.base ?? 4, redrawOf: options.redrawOf ?? null };
  return input;
}
export const chargenCharacter = (method: ChargenMethod, options: Parameters<typeof chargenCharacterInput>[1] = {}) =>
  characterContext(chargenCharacterInput(method, options));

export const emptyCharacter = () => characterContext(emptyCharacterInput());
export const fullCharacter = (editMode = false) => characterContext(fullCharacterInput(editMode));

export function npcInput(full: boolean, editMode = false): NpcInput {
  const system: Record<string, unknown> = {};
  if (full) {
    system.attacks = [
      { name: "Bite", category: "light", damageType: "physical", reach: 1, brawling: false, nature: "natural", notes: "" },
      { name: "Claw", category: "heavy", damageType: "physical", reach: 2, brawling: false, nature: "natural", notes: "two at once" },
    ];
    system.specialAttacks = [{ name: "Howl", nature: "magical", text: "All within Near make a ♥ save or are Shaken." }];
    system.specialQualities = [{ name: "Keen nose", nature: "natural", text: "+2 on Notice tests by scent." }];
    system.chips = { clubs: { value: 2, max: 3 } };
    system.dr = 1;
    system.creatureType = "Beast";
    system.movement = { walk: 8 };
    system.senses = "Low-light vision";
    system.strategy = "<p>Circles, then lunges at the weakest.</p>";
  }
  const items = full ? [item("weapon", "Great tusk", { slot: "hands", category: "heavy" }), item("skill", "Notice", { key: "notice" })] : [];
  const actor = prepared({ name: full ? "Dire wolf" : "", type: "npc", system, items, statuses: full ? ["prone"] : [] });
  return npcInputOf(actor, { id: full ? "npc-full" : "npc-empty", editable: true, editMode });
}
export const npc = (full: boolean, editMode = false) => npcContext(npcInput(full, editMode));

const ITEM_FULL: Record<ItemType, Record<string, unknown>> = {
  weapon: { category: "heavy", riders: [{ kind: "condition", condition: "prone", amount: 1 }] },
  armor: { category: "plate", reinforced: true },
  shield: { kind: "large" },
  gear: { quantity: 3 },
  skill: { key: "athletics", steps: 5 },
  knack: { key: "rage", chipSuit: "clubs", chipCost: 2 },
  race: { key: "human", chosenSuit: "clubs", choiceBonus: 1, freeSkills: ["Intimidate"], modifiers: { clubs: 0, spades: -1, diamonds: 1, hearts: 0 } },
  injury: { effect: "broken", location: "rightArm", daysRemaining: 10 },
  spell: { riders: [{ kind: "energy", amount: 2 }] },
};
/** An item sheet's context; by default an owner editing it (the form), or as `view` says (the read view); `stored` overrides fields. */
export function itemSheet(type: ItemType, full: boolean, view: { editable?: boolean; editMode?: boolean } = {}, stored: Record<string, unknown> = {}) {
  const schema = itemSchema(type);
  const system = { ...initialOf(schema), ...(full ? ITEM_FULL[type] : {}), ...stored };
  const rows = (value: unknown, key: string) =>
    Array.isArray(value) ? value.map((row) => (typeof row === "object" ? { ...(initialOf({ x: (schema[key] as standInFields.ArrayField).element } as SchemaRecord).x as object), ...(row as object) } : row)) : value;
  for (const key of Object.keys(system)) system[key] = rows(system[key], key);
  return itemContext({ id: `item-${type}`, uuid: `Item.item${type}`, name: full ? `A ${type}` : "", img: ICON, type, system, schema, classes: FIELD_CLASSES, editable: view.editable ?? true, editMode: view.editMode ?? true, enrichedDescription: full ? "<p>Enriched <a class=\"content-link\">text</a></p>" : undefined });
}

export const rollDialog = () =>
  rollDialogContext({
    id: "roll",
    request: { card: "clubs", difficulty: "hard", modifier: 1, skill: true, save: true, chips: 1, boon: false, untrained: false },
    facts: { cards: { clubs: 11, spades: 8, diamonds: 6, hearts: 6, strength: 9, cunning: 7, knowledge: 7, charisma: 6 }, skillBonus: 5, chips: { clubs: 3, spades: 4 }, boons: 1, pips: { offense: 5, defense: 2 } },
    skills: [{ id: "skill0", label: "Athletics (+5)" }],
    skillId: "skill0",
    opponents: [{ id: "npc1", name: "Dire wolf" }],
  });

/** A plain ♦ test with no skill chosen: chips closed (a test takes none), "Apply skill" hidden. */
export const rollDialogPlain = () =>
  rollDialogContext({
    id: "roll",
    request: { card: "diamonds", difficulty: "normal", modifier: 0, skill: false, save: false, chips: 0, boon: false, untrained: false },
    facts: { cards: { clubs: 11, spades: 8, diamonds: 6, hearts: 6, strength: 9, cunning: 7, knowledge: 7, charisma: 6 }, skillBonus: 0, chips: { clubs: 3, spades: 4 }, boons: 0, pips: null },
    skills: [{ id: "skill0", label: "Athletics (+5)" }],
    opponents: [],
  });

export const testCard = () => testCardContext({ actorName: "Brom Ironfoot", card: "strength", dice: { d12: 12, d8: 3 }, target: 9 });
export const saveCard = () => saveCardContext({ actorName: "Brom Ironfoot", card: "hearts", dice: { d12: 4 }, target: 8 });
export const contestCard = () =>
  contestCardContext(
    { actorName: "Brom Ironfoot", card: "clubs", dice: { d12: 3 }, target: 8 },
    { actorName: "Dire wolf", card: "clubs", dice: { d12: 9 }, target: 6 },
  );

/** A fighter with a described longbow (long range) and an undescribed dagger. */
export function armedInput() {
  const bow = { name: "Longbow", type: "weapon", system: { slot: "hands", category: "heavy", hands: 2, modes: { melee: false, thrown: false, launcher: true }, rangeClass: "long", description: "<p>Yew, taller than its archer.</p>" } };
  const dagger = { name: "Dagger", type: "weapon", system: { slot: "handy", category: "tiny", reach: 1 } };
  const rope = { name: "Rope", type: "gear", system: { slot: "pack" } };
  return characterInput(prepared({ name: "Archer", type: "character", system: { classes: ["fighter"] }, items: [bow, dagger, rope] }), {
    id: "archer",
    editable: true,
    editMode: false,
  });
}
