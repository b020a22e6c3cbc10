/**
 * The character sheet (ApplicationV2): one PART per tab plus header and tab navigation, actions in
 * DEFAULT_OPTIONS (called with `this` = the sheet and `(event, target)`), submit on change, scroll
 * kept per tab. `_prepareContext` hands the actor's prepared data to the pure `characterContext`.
 */
import { HandlebarsActorSheet } from "./bases";
import { characterContext } from "./character-context";
import { enrichFields } from "./enrich";
import { characterInput, combatFacts } from "./actor-data";
import { CHARACTER_ACTION_HANDLERS } from "./actor-actions";
import { CHARACTER_PARTS, CHARACTER_SIZE, CHARACTER_TABS, type CharacterTab } from "./constants";
import { onDropItem, startItemDrag } from "./drop-handler";
import { CHARGEN_ACTION_HANDLERS, sheetChargen } from "./chargen-actions";
import type { CardSet } from "../../rules/suits";

const TAB_PARTS = new Set<string>(CHARACTER_TABS);

export class CharacterSheet extends HandlebarsActorSheet {
  static DEFAULT_OPTIONS = {
    classes: ["zilch", "sheet", "actor", "character"],
    position: { ...CHARACTER_SIZE },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { ...CHARACTER_ACTION_HANDLERS, ...CHARGEN_ACTION_HANDLERS },
  };

  static PARTS = Object.fromEntries(
    Object.entries(CHARACTER_PARTS).map(([id, template]) => [
      id,
      TAB_PARTS.has(id) ? { template, scrollable: [""] } : { template },
    ]),
  );

  /** v13 tab configuration: the core `tab` action and `changeTab` switch `.tab[data-group][data-tab]`. */
  static TABS = {
    primary: { tabs: CHARACTER_TABS.map((id) => ({ id })), initial: "suits", labelPrefix: "ZILCH.Sheet.Tab" },
  };

  /** Play mode by default: values cannot change by accident during play. */
  editMode = false;

  /** GEN-1 quick draw: the draw that may still be redrawn (kept while the sheet is open). */
  chargenRedraw: CardSet | null = null;

  override async _prepareContext(options: object) {
    await super._prepareContext(options);
    const actor = this.actor;
    // Preparing the tabs sets tabGroups.primary on first render, which changeTab relies on.
    const tabs = this._prepareTabs("primary");
    const active = Object.values(tabs).find((t) => t.active)?.id ?? this.tabGroups.primary ?? "suits";
    const input = characterInput(actor as never, {
      id: this.id,
      editable: this.isEditable,
      editMode: this.editMode && this.isEditable,
      activeTab: active as CharacterTab,
      combat: combatFacts(actor),
    });
    input.chargen = sheetChargen(this);
    input.enriched = await enrichFields(actor, {
      biography: input.system.biography,
      notes: input.system.notes,
    });
    return characterContext(input);
  }

  /** changeTab moves the `active` class only; the nav's pressed state follows it for screen readers. */
  override changeTab(tab: string, group: string, options?: object) {
    super.changeTab(tab, group, options);
    for (const button of this.element.querySelectorAll<HTMLElement>(
      `[data-action="tab"][data-group="${group}"]`,
    ))
      button.setAttribute("aria-pressed", String(button.dataset.tab === tab));
  }

  /** v13 ActorSheetV2 hook for an Item dropped from a compendium, the sidebar or this sheet. */
  override async _onDropItem(event: DragEvent, item: Item.Implementation) {
    return onDropItem(this.actor, event, item, this.isEditable && this.actor.isOwner);
  }

  /** An item row dragged to the hotbar, another sheet or a new place in this one. */
  override async _onDragStart(event: DragEvent) {
    if (!startItemDrag(this.actor, event)) await super._onDragStart(event);
  }
}
