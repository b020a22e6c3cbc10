/**
 * Registers the system's sheets as the defaults for their document types, loads the partials the
 * parts include, and wires the test and save chat cards' controls.
 */
import { CharacterSheet } from "../applications/sheets/character/character-sheet";
import { NpcSheet } from "../applications/sheets/npc/npc-sheet";
import { ZilchItemSheet } from "../applications/sheets/item/item-sheet";
import { ACTOR_PARTIALS, ITEM_PARTIALS, ITEM_TYPES } from "../applications/sheets/shared/constants";
import { SYSTEM_ID } from "../data/settings";
import { onRenderTestCard } from "../dice/test-roll";
import { onRenderSpellCard } from "../applications/combat/cast";

export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, CharacterSheet, {
    types: ["character"],
    makeDefault: true,
    label: "TYPES.Actor.character",
  });
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, NpcSheet, {
    types: ["npc"],
    makeDefault: true,
    label: "TYPES.Actor.npc",
  });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, ZilchItemSheet, {
    types: [...ITEM_TYPES],
    makeDefault: true,
    label: "ZILCH.Sheet.ItemSheet",
  });
  // Test and save cards: the Boon and close buttons, per viewer (TL-6).
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) =>
    onRenderTestCard(message, html),
  );
  // MAG-6: a non-attack spell's card offers the GM its Apply buttons while the effect waits.
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    void onRenderSpellCard(message, html);
  });
  void foundry.applications.handlebars.loadTemplates([
    ...ITEM_PARTIALS,
    ...ACTOR_PARTIALS,
    "systems/zilch/templates/chat/dice.hbs",
  ]);
}
