/**
 * The one actor-sheet base of the character and NPC sheets: play/edit mode, item drag and drop, and
 * enrichment of the HTML fields. It is a real `HandlebarsApplicationMixin(ActorSheetV2)` subclass.
 * The class is generic, with defaulted type parameters forwarded to the mixin's result: with
 * fvtt-types 13.345.1 a concrete (or missing) type argument list makes tsc recurse (TS2589) for
 * about a minute and ~3 GB, the generic form checks in seconds (FOUNDRY-FACTS §10; the pattern of
 * SkySom/FacetsFoundryVTT src/module/sheets/actor/actor_sheet.ts).
 */
import type { DeepPartial } from "fvtt-types/utils";
import type { ActorSheetDragDrop } from "../../../types/actor-sheet";
import { onDropItem, startItemDrag } from "./drop-handler";
import { enrichFields } from "../shared/enrich";
import { SHARED_ACTION_HANDLERS } from "./actor-actions";
import { partsForViewer } from "./limited";
import { withWholeArrays } from "../shared/document-arrays";
import { itemContextOptions, ITEM_ROW_SELECTOR } from "../item-menu/item-menu-actions";
import { createContextMenu } from "../../../foundry/compat";
import { bindListFilters } from "../controls/list-filter";
import { bindVitalInputs } from "../controls/vital-input";
import { bindChipTracks } from "../controls/chip-keys";

type SheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
type SheetConfiguration = foundry.applications.sheets.ActorSheetV2.Configuration;
type SheetRenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;
/** What `_prepareContext` and `_preparePartContext` receive (as in Facets' actor_sheet.ts). */
export type PrepareOptions<RenderOptions extends object> = DeepPartial<RenderOptions> & {
  isFirstRender: boolean;
};

/** The DEFAULT_OPTIONS keys the actor sheets set; each subclass sets only its own. */
interface ActorSheetDefaults {
  classes?: string[];
  position?: { width: number; height: number };
  window?: { resizable: boolean };
  form?: { submitOnChange: boolean };
  /** Called with `this` = the sheet (each handler names the members it needs) and `(event, target)`. */
  actions?: Record<string, (this: never, event: PointerEvent, target: HTMLElement) => Promise<void>>;
}

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2 } = foundry.applications.sheets;

// The core layer: the mixed class plus the two members core has and the types lack (src/types).
// A merged interface must repeat the class's type parameters, which it does not use itself.
/* eslint-disable @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars -- see above. */
interface CoreActorSheet<
  RenderContext extends SheetContext,
  Configuration extends SheetConfiguration,
  RenderOptions extends SheetRenderOptions,
> extends ActorSheetDragDrop {}
/* eslint-enable @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars */

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above.
class CoreActorSheet<
  RenderContext extends SheetContext = SheetContext,
  Configuration extends SheetConfiguration = SheetConfiguration,
  RenderOptions extends SheetRenderOptions = SheetRenderOptions,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {}

export class ZilchActorSheet<
  RenderContext extends SheetContext = SheetContext,
  Configuration extends SheetConfiguration = SheetConfiguration,
  RenderOptions extends SheetRenderOptions = SheetRenderOptions,
> extends CoreActorSheet<RenderContext, Configuration, RenderOptions> {
  /** Core merges each subclass's own DEFAULT_OPTIONS with these (FOUNDRY-FACTS §7). */
  static override DEFAULT_OPTIONS: ActorSheetDefaults = {
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: SHARED_ACTION_HANDLERS,
  };

  /** Play mode by default: values cannot change by accident during play. */
  editMode = false;

  /** The sheet's inputs are live only in edit mode and for those who may edit the actor. */
  get editing(): boolean {
    return this.editMode && this.isEditable;
  }

  /** A viewer with Limited permission gets the limited view only (limited.ts). */
  override _configureRenderParts(options: Parameters<CoreActorSheet["_configureRenderParts"]>[0]) {
    return partsForViewer(super._configureRenderParts(options), this.document.limited);
  }

  /** Every array the form edits is submitted whole, so fields the form does not show survive. */
  override _processFormData(...args: Parameters<CoreActorSheet["_processFormData"]>) {
    return withWholeArrays(super._processFormData(...args), this.actor.toObject());
  }

  /**
   * The item rows' context menu, created once (it listens on the sheet's element,
   * which re-renders keep), as draw-steel 0.11 creates its rows' menu in `_onFirstRender`
   * (src/module/applications/sheets/actor-sheet.mjs; ../item-menu/item-menu-actions.ts).
   */
  override async _onFirstRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>) {
    await super._onFirstRender(context, options);
    createContextMenu(this, () => itemContextOptions(this), ITEM_ROW_SELECTOR, {
      hookName: "getZilchItemContextOptions",
      parentClassHooks: false,
      fixed: true,
    });
  }

  /** Each list filter box's text, kept while the sheet is open (../controls/list-filter.ts). */
  readonly listFilters = new Map<string, string>();

  /** Every render replaces the parts' elements: the filter boxes get their text back and filter again. */
  override async _onRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>) {
    await super._onRender(context, options);
    bindListFilters(this.element, this.listFilters);
    bindChipTracks(this.element);
    bindVitalInputs(this.element, (text) =>
      ui.notifications?.warn(game.i18n.format("ZILCH.Sheet.VitalEntryRefused", { text })),
    );
  }

  /** The actor's HTML fields, enriched for play mode (links, rolls; secrets for its owners). */
  enrich<K extends string>(fields: Readonly<Record<K, string>>): Promise<Record<K, string>> {
    return enrichFields(this.actor, fields);
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
