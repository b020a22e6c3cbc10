/**
 * KN-1: the chat line a used knack posts: who used which knack and the chips it cost. What the knack
 * does beyond its cost is the table's to apply, as its description says (the line reminds them).
 */
import type { Suit } from "../rules/vocabulary";
import type { ChatLine } from "./chat-lines";
import { renderLinesCard } from "./lines-card";
import { withRollMode } from "./roll-mode";

/**
 * Posts "name uses knack" with its cost (none for a free knack), in the table's roll mode; `applied`
 * is the i18n key of what the system does for a knack it applies (KN-2 Rage).
 */
export async function postKnackUse(
  actor: Actor.Implementation,
  knack: string,
  paid: { suit: Suit; cost: number } | null,
  applied?: string,
): Promise<void> {
  const lines: ChatLine[] = [
    { key: "ZILCH.Knack.Used", data: { name: actor.name ?? "", knack } },
    ...(paid && paid.cost > 0
      ? [{ key: "ZILCH.Knack.Paid", data: { n: paid.cost, suit: `ZILCH.Suit.${paid.suit}` } }]
      : []),
    // A knack the system applies itself names what it does; any other is the table's to apply.
    { key: applied ?? "ZILCH.Knack.ApplyByHand", data: {} },
  ];
  const content = await renderLinesCard("knack", lines);
  await ChatMessage.create(withRollMode({ speaker: ChatMessage.getSpeaker({ actor }), content }));
}

/** KN-2: the line that says a rage has ended (a round passed without an attack), for everyone. */
export async function postRageEnded(actor: Actor.Implementation): Promise<void> {
  const lines: ChatLine[] = [{ key: "ZILCH.Knack.RageEnded", data: { name: actor.name ?? "" } }];
  const content = await renderLinesCard("knack", lines);
  await ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor }), content });
}
