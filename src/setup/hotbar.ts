/**
 * Dragging a skill, weapon or spell to the hotbar makes a macro that rolls it (a skill opens its
 * roll dialog; a weapon or spell attacks). An owned item is named by UUID, so the macro rolls that
 * exact item of that actor. An item from a compendium or the sidebar belongs to no actor: its macro
 * rolls the item of the same type and name held by the speaking actor (the controlled token's, or
 * the user's character), as players expect a "Longsword" macro to use their own longsword.
 */
import { isRollableItemType, itemUuidShape, macroItemOf } from "../applications/sheets/actor/drop";
import { rollItem } from "../applications/sheets/actor/actor-actions";

/** The actor a macro speaks for: the controlled token's, else the user's assigned character. */
function speakingActor(): Actor.Implementation | null {
  const speaker = ChatMessage.getSpeaker();
  return ChatMessage.getSpeakerActor(speaker) ?? game.user?.character ?? null;
}

/**
 * The item a macro rolls: an owned item itself, else the speaking actor's item of the same type and
 * name (drop.ts `macroItemOf` makes the choice; this keeps the document type).
 */
function ownedItemOf(
  item: Item.Implementation,
  speaker: Actor.Implementation | null,
): Item.Implementation | null {
  if (item.actor) return item;
  return speaker?.items.contents.find((owned) => owned === macroItemOf(item, speaker)) ?? null;
}

/** Rolls an item by UUID: the macro's command. */
export async function rollItemMacro(uuid: string): Promise<void> {
  // A typed Item UUID lets fromUuid resolve to an Item (and later narrow its actor's system).
  const typed = itemUuidShape(uuid) ? uuid : null;
  const item = typed ? await fromUuid(typed) : null;
  const speaker = item?.actor ? null : speakingActor();
  const owned = item ? ownedItemOf(item, speaker) : null;
  const actor = owned?.actor;
  if (item && !item.actor && !speaker) {
    ui.notifications?.warn(game.i18n.format("ZILCH.Sheet.Macro.NoActor", { name: item.name ?? "" }));
    return;
  }
  if (!owned || !actor) {
    ui.notifications?.warn(
      game.i18n.format("ZILCH.Sheet.Macro.NoItem", { actor: speaker?.name ?? "", name: item?.name ?? uuid }),
    );
    return;
  }
  await rollItem(actor, owned);
}

export function registerHotbar(): void {
  Reflect.set(globalThis, "zilch", {
    ...(Reflect.get(globalThis, "zilch") as object | undefined),
    rollItemMacro,
  });
  // v13 `hotbarDrop` (hotbar, data, slot): returning false stops Foundry's own handling of the drop.
  Hooks.on("hotbarDrop", (_bar: unknown, data: { type?: string; uuid?: string }, slot: number) => {
    if (data.type !== "Item" || !data.uuid || !itemUuidShape(data.uuid)) return true;
    // `strict: false`: an item this client cannot resolve at once (an unloaded compendium entry) gives
    // null instead of throwing inside the hook, and core handles the drop (dnd5e
    // module/data/item/templates/physical-item.mjs and draw-steel item-sheet.mjs pass it likewise).
    const item = fromUuidSync(data.uuid, { strict: false });
    if (!item || !isRollableItemType(item.type)) return true;
    void (async () => {
      const command = `zilch.rollItemMacro(${JSON.stringify(data.uuid)});`;
      // Only the user's own macro is reused (dnd5e module/documents/macro.mjs dedupes with `isAuthor`):
      // another user's macro of the same command may be one this user cannot edit or may lose.
      const existing = game.macros?.find((m) => m.command === command && m.isAuthor);
      const macro =
        existing ??
        (await Macro.create({ name: item.name ?? "", type: "script", img: item.img ?? undefined, command }));
      if (macro) await game.user?.assignHotbarMacro(macro, slot);
    })();
    return false;
  });
}
