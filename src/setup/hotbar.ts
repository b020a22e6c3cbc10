/**
 * Dragging a weapon or skill from a sheet to the hotbar makes a macro that opens its roll dialog.
 * The macro names the item by UUID, so it rolls that exact item of that actor.
 */
import { isRollableItemType } from "../applications/sheets/drop";
import { rollItem } from "../applications/sheets/actor-actions";

/** Rolls an item by UUID: the macro's command. */
export async function rollItemMacro(uuid: string): Promise<void> {
  const item = (await fromUuid(uuid)) as Item.Implementation | null;
  const actor = item?.actor as Actor.Implementation | null | undefined;
  if (!item || !actor) {
    ui.notifications?.warn(game.i18n!.format("ZILCH.Sheet.Macro.NoItem", { actor: "", name: uuid }));
    return;
  }
  await rollItem(actor, item);
}

export function registerHotbar(): void {
  Reflect.set(globalThis, "zilch", { ...(Reflect.get(globalThis, "zilch") as object | undefined), rollItemMacro });
  Hooks.on("hotbarDrop", (_bar: unknown, data: { type?: string; uuid?: string }, slot: number) => {
    if (data.type !== "Item" || !data.uuid) return true;
    const item = fromUuidSync(data.uuid) as Item.Implementation | null;
    // Only an owned weapon or skill becomes a roll macro; anything else keeps Foundry's default.
    if (!item?.actor || !isRollableItemType(item.type)) return true;
    void (async () => {
      const command = `zilch.rollItemMacro(${JSON.stringify(data.uuid)});`;
      const existing = game.macros?.find((m) => m.command === command);
      const macro = existing ?? (await Macro.create({ name: item.name ?? "", type: "script", img: item.img ?? undefined, command } as never));
      if (macro) await game.user?.assignHotbarMacro(macro as never, slot);
    })();
    // Returning false stops Foundry's default (opening the item) for our items.
    return false;
  });
}
