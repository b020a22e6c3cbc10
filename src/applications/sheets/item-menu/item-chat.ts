/**
 * The item menu's "Show in chat": a card with the item's name, picture, kind and
 * description, spoken as the actor. The description is enriched without secrets (a chat card is read by
 * the whole table), as the spell card's is (src/applications/combat/cast.ts).
 */
export const ITEM_CARD_TEMPLATE = "systems/zilch/templates/chat/item-card.hbs";

/** The template's context; the description is already enriched HTML. */
export function itemCardContext(item: { name: string; img: string; type: string }, description: string) {
  return { name: item.name, img: item.img, typeKey: `TYPES.Item.${item.type}`, description };
}

export async function postItemToChat(actor: Actor.Implementation, item: Item.Implementation): Promise<void> {
  const system: object = item.system;
  const raw = "description" in system && typeof system.description === "string" ? system.description : "";
  const description = await foundry.applications.ux.TextEditor.implementation.enrichHTML(raw, {
    relativeTo: item,
    secrets: false,
  });
  const context = itemCardContext(
    { name: item.name ?? "", img: item.img ?? "", type: item.type },
    description,
  );
  await ChatMessage.create({
    speaker: ChatMessage.getSpeaker({ actor }),
    content: await foundry.applications.handlebars.renderTemplate(ITEM_CARD_TEMPLATE, context),
  });
}
