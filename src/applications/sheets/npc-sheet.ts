/**
 * The NPC sheet: a compact stat block (NPC-1) with the same roll buttons as a character.
 */
import { HandlebarsActorSheet } from "./bases";
import { npcContext } from "./npc-context";
import { npcInput } from "./actor-data";
import { ACTOR_ACTION_HANDLERS } from "./actor-actions";
import { NPC_PARTS, NPC_SIZE } from "./constants";
import { onDropItem } from "./drop-handler";


export class NpcSheet extends HandlebarsActorSheet {
  static DEFAULT_OPTIONS = {
    classes: ["zilch", "sheet", "actor", "npc"],
    position: { ...NPC_SIZE },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: ACTOR_ACTION_HANDLERS,
  };

  static PARTS = {
    header: { template: NPC_PARTS.header },
    statblock: { template: NPC_PARTS.statblock, scrollable: [""] },
  };

  editMode = false;

  override async _prepareContext(options: object) {
    await super._prepareContext(options);
    const actor = this.actor as Actor.Implementation;
    const input = npcInput(actor, { id: this.id, editable: this.isEditable, editMode: this.editMode });
    const enrich = (html: string) => foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { relativeTo: actor, secrets: actor.isOwner });
    input.enriched = { description: await enrich(input.system.description), strategy: await enrich(input.system.strategy) };
    return npcContext(input);
  }

  /** v13 ActorSheetV2 drop hook for an Item (not declared by fvtt-types 13.345.1). */
  async _onDropItem(event: DragEvent, item: Item.Implementation) {
    return onDropItem(this.actor as Actor.Implementation, event, item, this.isEditable);
  }
}
