/**
 * One sheet for every item type: the type's properties come from walking its schema
 * (./item-context.ts), so choices are selects and numbers carry the schema's bounds.
 */
import { HandlebarsItemSheet } from "./bases";
import { itemContext, type FieldClasses } from "./item-context";
import { enrichFields } from "./enrich";
import { ITEM_PARTS, ITEM_PARTIALS, ITEM_SIZE, type ItemType } from "./constants";

export class ZilchItemSheet extends HandlebarsItemSheet {
  static DEFAULT_OPTIONS = {
    classes: ["zilch", "sheet", "item"],
    position: { ...ITEM_SIZE },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      async arrayAdd(this: ZilchItemSheet, _event: PointerEvent, target: HTMLElement) {
        const path = target.dataset.path;
        const item = this.item as Item.Implementation;
        if (!this.isEditable || !path) return;
        const current = (foundry.utils.getProperty(item, path) as unknown[] | undefined) ?? [];
        await item.update({ [path]: [...current, {}] } as never);
      },
      async arrayRemove(this: ZilchItemSheet, _event: PointerEvent, target: HTMLElement) {
        const path = target.dataset.path;
        const index = Number(target.dataset.index);
        const item = this.item as Item.Implementation;
        if (!this.isEditable || !path || !Number.isInteger(index)) return;
        const current = (foundry.utils.getProperty(item, path) as unknown[] | undefined) ?? [];
        await item.update({ [path]: current.filter((_, i) => i !== index) } as never);
      },
    },
  };

  static PARTS = {
    header: { template: ITEM_PARTS.header },
    details: { template: ITEM_PARTS.details, templates: [...ITEM_PARTIALS], scrollable: [""] },
    description: { template: ITEM_PARTS.description },
  };

  override async _prepareContext(options: object) {
    await super._prepareContext(options);
    const item = this.item as Item.Implementation;
    const source = item.toObject() as unknown as { system: Record<string, unknown> };
    const schema = (item.system as unknown as { schema: { fields: Record<string, unknown> } }).schema.fields;
    const description = String(source.system.description ?? "");
    const { description: enrichedDescription } = await enrichFields(item, { description });
    return itemContext({
      id: this.id,
      uuid: item.uuid ?? "",
      name: item.name ?? "",
      img: item.img ?? "",
      type: item.type as ItemType,
      system: source.system,
      schema,
      classes: foundry.data.fields as unknown as FieldClasses,
      editable: this.isEditable,
      enrichedDescription,
    });
  }
}
