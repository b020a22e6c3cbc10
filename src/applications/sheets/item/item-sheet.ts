/**
 * One sheet for every item type: the type's properties come from walking its schema
 * (./item-context.ts), so choices are selects and numbers carry the schema's bounds; each type lays
 * out the fields that apply to it in its own form template (./item-forms.ts). A real
 * `HandlebarsApplicationMixin(ItemSheetV2)` subclass, generic with defaulted type parameters as the
 * actor sheets (FOUNDRY-FACTS §10: with concrete type arguments tsc takes 1 min 45 s and 3.3 GB; the
 * `ItemSheetV2.*` types are unreachable, so the defaults are DocumentSheetV2's for an Item).
 */
import type { DeepPartial } from "fvtt-types/utils";
import { itemContext, type FieldClasses } from "./item-context";
import { enrichFields } from "../shared/enrich";
import { arrayAt, withWholeArrays } from "../shared/document-arrays";
import { ITEM_PARTS, ITEM_PARTIALS, ITEM_SIZE, isItemType } from "../shared/constants";

type SheetContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;
type SheetConfiguration = foundry.applications.api.DocumentSheetV2.Configuration<Item.Implementation>;
type SheetRenderOptions = foundry.applications.api.DocumentSheetV2.RenderOptions;

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ItemSheetV2 } = foundry.applications.sheets;

/** The fields of the item type's data model (DataModel#schema), which the form walks. */
function schemaFields(item: Item.Implementation): Record<string, unknown> {
  const model: unknown = item.system;
  return model instanceof foundry.abstract.DataModel ? model.schema.fields : {};
}

/** The core sheet, named so its members' types can be read for the overrides below. */
class CoreItemSheet<
  RenderContext extends SheetContext = SheetContext,
  Configuration extends SheetConfiguration = SheetConfiguration,
  RenderOptions extends SheetRenderOptions = SheetRenderOptions,
> extends HandlebarsApplicationMixin(ItemSheetV2)<RenderContext, Configuration, RenderOptions> {}

export class ZilchItemSheet<
  RenderContext extends SheetContext = SheetContext,
  Configuration extends SheetConfiguration = SheetConfiguration,
  RenderOptions extends SheetRenderOptions = SheetRenderOptions,
> extends CoreItemSheet<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["zilch", "sheet", "item"],
    position: { ...ITEM_SIZE },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      /** An owner switches between reading the item and editing it. */
      async toggleMode(this: ZilchItemSheet) {
        if (!this.isEditable) return;
        this.editMode = !this.editMode;
        await this.render();
      },
      async arrayAdd(this: ZilchItemSheet, _event: PointerEvent, target: HTMLElement) {
        const path = target.dataset.path;
        if (!this.isEditable || !path) return;
        // An empty object lets the schema fill every field with its initial value.
        await this.item.update({ [path]: [...arrayAt(this.item, path), {}] });
      },
      async arrayRemove(this: ZilchItemSheet, _event: PointerEvent, target: HTMLElement) {
        const path = target.dataset.path;
        const index = Number(target.dataset.index);
        if (!this.isEditable || !path || !Number.isInteger(index)) return;
        await this.item.update({ [path]: arrayAt(this.item, path).filter((_, i) => i !== index) });
      },
    },
  };

  static override PARTS = {
    header: { template: ITEM_PARTS.header },
    details: { template: ITEM_PARTS.details, templates: [...ITEM_PARTIALS], scrollable: [""] },
    description: { template: ITEM_PARTS.description },
  };

  /**
   * Whether an owner has the form open. An item in the sidebar or a compendium is being made or
   * changed, so it opens as a form; an item a creature carries opens to be read (Edit opens the
   * form). `isEmbedded` is v13 Document's own (typed by the package, so tsc checks it). A new
   * homebrew item from the character sheet is opened with editMode set (../actor/actor-actions.ts).
   */
  editMode: boolean = !this.item.isEmbedded;

  /**
   * Every list the form edits is submitted whole: an extra effect's row shows only the fields its
   * kind reads, and v13 replaces a whole array on update, so the rest would be reset
   * (FOUNDRY-FACTS §7 "Arrays"; ../shared/document-arrays.ts). Fields a type's form leaves out are simply
   * not sent, so the update keeps them as stored.
   */
  override _processFormData(...args: Parameters<CoreItemSheet["_processFormData"]>) {
    return withWholeArrays(super._processFormData(...args), this.item.toObject());
  }

  override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const item = this.item;
    const source: { system?: Record<string, unknown> } = item.toObject();
    const system = source.system ?? {};
    const description = typeof system.description === "string" ? system.description : "";
    const { description: enrichedDescription } = await enrichFields(item, { description });
    return {
      ...context,
      ...itemContext({
        id: this.id,
        uuid: item.uuid ?? "",
        name: item.name ?? "",
        img: item.img ?? "",
        type: isItemType(item.type) ? item.type : "gear",
        system,
        schema: schemaFields(item),
        classes: foundry.data.fields satisfies FieldClasses,
        editable: this.isEditable,
        editMode: this.editMode,
        enrichedDescription,
      }),
    };
  }
}
