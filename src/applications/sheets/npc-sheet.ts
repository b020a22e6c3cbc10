/**
 * The NPC sheet: a compact stat block (NPC-1) with the same roll buttons as a character, from the
 * actor's prepared data.
 */
import { HandlebarsActorSheet } from "./bases";
import { npcContext } from "./npc-context";
import { enrichFields } from "./enrich";
import { npcInput } from "./actor-data";
import { NPC_ACTION_HANDLERS } from "./actor-actions";
import { NPC_PARTS, NPC_SIZE } from "./constants";
import { onDropItem, startItemDrag } from "./drop-handler";

export class NpcSheet extends HandlebarsActorSheet {
  static DEFAULT_OPTIONS = {
    classes: ["zilch", "sheet", "actor", "npc"],
    position: { ...NPC_SIZE },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: NPC_ACTION_HANDLERS,
  };

  static PARTS = {
    header: { template: NPC_PARTS.header },
    statblock: { template: NPC_PARTS.statblock, scrollable: [""] },
  };

  editMode = false;

  override async _prepareContext(options: object) {
    await super._prepareContext(options);
    const actor = this.actor;
    const input = npcInput(actor as never, {
      id: this.id,
      editable: this.isEditable,
      editMode: this.editMode && this.isEditable,
    });
    const source = actor.toObject() as unknown as { system: { description: string; strategy: string } };
    input.enriched = await enrichFields(actor, {
      description: source.system.description,
      strategy: source.system.strategy,
    });
    return npcContext(input);
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
