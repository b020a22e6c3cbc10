/**
 * The NPC sheet: a compact stat block (NPC-1) with the same roll buttons as a character, from the
 * actor's prepared data. Each part's context comes from its pure builder (NPC_PART_CONTEXT).
 */
import { ZilchActorSheet, type PrepareOptions } from "../actor/actor-sheet";
import { limitedView } from "../actor/limited";
import { NPC_PART_CONTEXT, npcShared, type NpcInput } from "./npc-context";
import { npcInput } from "../actor/actor-data";
import { NPC_ACTION_HANDLERS } from "../actor/actor-actions";
import { ACTOR_PARTIALS, NPC_PARTS, NPC_SIZE } from "../shared/constants";

type SheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
type SheetConfiguration = foundry.applications.sheets.ActorSheetV2.Configuration;
type SheetRenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;

const isPart = (id: string): id is keyof typeof NPC_PART_CONTEXT => id in NPC_PART_CONTEXT;

export type NpcRenderContext = SheetContext & ReturnType<typeof npcShared> & { sheetInput: NpcInput };

export class NpcSheet<
  RenderContext extends NpcRenderContext = NpcRenderContext,
  Configuration extends SheetConfiguration = SheetConfiguration,
  RenderOptions extends SheetRenderOptions = SheetRenderOptions,
> extends ZilchActorSheet<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["zilch", "sheet", "actor", "npc"],
    position: { ...NPC_SIZE },
    actions: NPC_ACTION_HANDLERS,
  };

  static override PARTS = {
    header: { template: NPC_PARTS.header, templates: [...ACTOR_PARTIALS] },
    statblock: { template: NPC_PARTS.statblock, templates: [...ACTOR_PARTIALS], scrollable: [""] },
  };

  override async _prepareContext(options: PrepareOptions<RenderOptions>) {
    const context = await super._prepareContext(options);
    const input = npcInput(this.actor, { id: this.id, editable: this.isEditable, editMode: this.editing });
    input.enriched = await this.enrich({
      description: input.system.description,
      strategy: input.system.strategy,
    });
    return { ...context, ...npcShared(input), sheetInput: input };
  }

  /** Each part's own fields, from its pure builder. */
  override async _preparePartContext(
    partId: string,
    context: RenderContext,
    options: PrepareOptions<RenderOptions>,
  ) {
    const shared = await super._preparePartContext(partId, context, options);
    const input = context.sheetInput;
    if (partId === "limited")
      return { ...shared, ...limitedView({ ...input, description: input.enriched?.description ?? "" }) };
    return isPart(partId) ? { ...shared, ...NPC_PART_CONTEXT[partId](input) } : shared;
  }
}
