/**
 * The character sheet (ApplicationV2): one PART per tab plus header and tab navigation, actions in
 * DEFAULT_OPTIONS, submit on change, scroll kept per tab. `_prepareContext` gathers the documents and
 * calls the pure `characterContext`.
 */
import { HandlebarsActorSheet } from "./bases";
import { characterContext } from "./character-context";
import { characterInput } from "./actor-data";
import { CHARACTER_ACTION_HANDLERS } from "./actor-actions";
import { CHARACTER_PARTS, CHARACTER_SIZE, CHARACTER_TABS } from "./constants";
import { onDropItem } from "./drop-handler";


const TAB_PARTS = new Set<string>(CHARACTER_TABS);

export class CharacterSheet extends HandlebarsActorSheet {
  static DEFAULT_OPTIONS = {
    classes: ["zilch", "sheet", "actor", "character"],
    position: { ...CHARACTER_SIZE },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: CHARACTER_ACTION_HANDLERS,
  };

  static PARTS = Object.fromEntries(
    Object.entries(CHARACTER_PARTS).map(([id, template]) => [id, TAB_PARTS.has(id) ? { template, scrollable: [""] } : { template }]),
  );

  static TABS = {
    primary: { tabs: CHARACTER_TABS.map((id) => ({ id })), initial: "suits", labelPrefix: "ZILCH.Sheet.Tab" },
  };

  /** Play mode by default: values cannot change by accident during play. */
  editMode = false;

  override async _prepareContext(options: object) {
    await super._prepareContext(options);
    const actor = this.actor as Actor.Implementation;
    const input = characterInput(actor, {
      id: this.id,
      editable: this.isEditable,
      editMode: this.editMode,
      activeTab: this.tabGroups.primary ?? "suits",
    });
    const enrich = (html: string) => foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { relativeTo: actor, secrets: actor.isOwner });
    input.enriched = { biography: await enrich(input.system.biography), notes: await enrich(input.system.notes) };
    return characterContext(input);
  }

  /** v13 ActorSheetV2 drop hook for an Item (not declared by fvtt-types 13.345.1). */
  async _onDropItem(event: DragEvent, item: Item.Implementation) {
    return onDropItem(this.actor as Actor.Implementation, event, item, this.isEditable);
  }
}
