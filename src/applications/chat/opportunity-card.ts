/**
 * GW-4 opportunity attacks in the chat: the applying client's whispered post names each offer with a
 * Take button (src/documents/opportunity.ts); each client keeps the button only beside the offers its
 * own user holds, and a click asks the active GM to declare the attack through the attack card's own request,
 * naming the offer. The GM's client checks the offer against the combat's flags, takes the 1 Grit,
 * reveals the attacker's domino (DOM-5) and posts the attack card; nothing here is trusted.
 */
import { rowRangeClass } from "../../rules/attack/row-range";
import type { AttackWeapon } from "../../documents/attack/requests";
import { fromRequestUuid, isActor, statBlockAttacksOf } from "../../documents/attack/actors";
import { opportunityHolders, opportunityOpen, type PostedOpportunity } from "../../documents/opportunity";
import { SYSTEM_ID } from "../../data/settings";
import { declareAttack } from "../combat/attack-flow";
import { isRecord } from "../../rules/records";

/** The offers a post names (an empty list for any other message). */
export function postedOpportunities(message: ChatMessage.Implementation): PostedOpportunity[] {
  const list: unknown = message.getFlag(SYSTEM_ID, "opportunity");
  if (!Array.isArray(list)) return [];
  return list.filter(
    (o): o is PostedOpportunity =>
      isRecord(o) &&
      typeof o.id === "string" &&
      typeof o.actorUuid === "string" &&
      typeof o.targetTokenUuid === "string",
  );
}

/**
 * GW-4, EQ-3: what the attack is made with: the melee weapon in hand with the longest reach (the reach
 * the move left), or for an NPC its melee stat-block attack with the longest reach; null with neither.
 */
export function opportunityWeapon(actor: Actor.Implementation): AttackWeapon | null {
  const weapons = actor.items.contents.filter(
    (i) => i.isOfType("weapon") && i.system.slot === "hands" && i.system.modes.melee,
  );
  const reachOf = (i: Item.Implementation) => (i.isOfType("weapon") ? i.system.reach : 0);
  const item = weapons.sort((a, b) => reachOf(b) - reachOf(a))[0];
  if (item) return item;
  // NPC-1: only a melee row strikes as the target leaves (a ranged row is thrown: row-range.ts).
  const rows = statBlockAttacksOf(actor)
    .map((row, index) => ({ reach: row.reach, index, melee: rowRangeClass(row.range) === null }))
    .filter((row) => row.melee);
  if (rows.length === 0) return null;
  const longest = rows.reduce((best, row) => (row.reach > best.reach ? row : best));
  return { natural: longest.index };
}

/**
 * The offers of a post that this client's own user holds (GW-4: the attacker's owning players, or the
 * GMs) and that are still open: a taken offer, or one of an earlier round, shows no button.
 */
export async function opportunitiesHeldHere(
  message: ChatMessage.Implementation,
): Promise<PostedOpportunity[]> {
  const user = game.user;
  const held: PostedOpportunity[] = [];
  for (const offer of postedOpportunities(message)) {
    if (!opportunityOpen(offer.id)) continue;
    const actor = await fromRequestUuid(offer.actorUuid);
    if (user && isActor(actor) && opportunityHolders(actor).some((u) => u.id === user.id)) held.push(offer);
  }
  return held;
}

/**
 * GW-4: the holder's Take: the attacker's melee attack (aimed at the Chest, AT-1's default) on the
 * token that left its reach, as this offer. Returns whether the GM's client posted the attack card.
 */
export async function takeOpportunity(
  message: ChatMessage.Implementation,
  offerId: string,
): Promise<boolean> {
  const offer = postedOpportunities(message).find((o) => o.id === offerId);
  const actor = offer ? await fromRequestUuid(offer.actorUuid) : null;
  const weapon = isActor(actor) ? opportunityWeapon(actor) : null;
  if (!offer || !isActor(actor) || !weapon) {
    ui.notifications?.warn(game.i18n.localize("ZILCH.Attack.Error.opportunityGone"));
    return false;
  }
  const named = "natural" in weapon ? { natural: weapon.natural } : { itemId: weapon.id ?? "" };
  return declareAttack({
    attackerUuid: actor.uuid,
    ...named,
    targetTokenUuid: offer.targetTokenUuid,
    declaration: { mode: "melee" },
    opportunity: offer.id,
  });
}

/**
 * v13 `renderChatMessageHTML`: each client keeps the Take button only beside the open offers its own
 * user holds (the post carries one per offer), and wires it.
 */
export async function renderOpportunityCard(
  message: ChatMessage.Implementation,
  html: HTMLElement,
): Promise<void> {
  if (postedOpportunities(message).length === 0) return;
  const held = new Set((await opportunitiesHeldHere(message)).map((o) => o.id));
  for (const button of html.querySelectorAll<HTMLButtonElement>('button[data-action="takeOpportunity"]')) {
    const id = button.dataset.offer ?? "";
    if (!held.has(id)) {
      button.remove();
      continue;
    }
    button.addEventListener("click", () => {
      button.disabled = true;
      takeOpportunity(message, id)
        .catch((error: unknown) => console.error("Zilch | the opportunity attack failed", error))
        .finally(() => (button.disabled = false));
    });
  }
}
