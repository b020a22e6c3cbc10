/**
 * Whether the active GM's client may act on a non-attack spell card: its healing to selected tokens,
 * or its Apply button. The card is posted by the caster's own client (../../applications/combat/cast.ts),
 * and any user may create a message with any flags (FOUNDRY-FACTS §2), so a player could post a card
 * for a spell nobody holds. A GM's card is trusted; a player's only when its speaker is an actor that
 * player owns, holding a spell of the card's name whose healing and condition are the card's. What this
 * cannot see (whether the ♦ chips were paid) is answered in docs/multiplayer.md.
 */
import { spellOf } from "../attack/cast-check";

/** What a card claims was cast. */
interface Claimed {
  readonly spellName: string;
  readonly healing: number;
  readonly condition: string | null;
}

/** MAG-6, REC-4: the card's claim matches a spell its author's own caster holds (or a GM posted it). */
export function spellCardTrusted(message: ChatMessage.Implementation, record: Claimed): boolean {
  const author = message.author;
  if (!author) return false;
  if (author.isGM) return true;
  const casterId = message.speaker?.actor;
  const caster = casterId ? game.actors?.get(casterId) : undefined;
  if (!caster?.testUserPermission(author, "OWNER")) return false;
  return caster.items.some((item) => {
    if (item.type !== "spell" || item.name !== record.spellName) return false;
    const spell = spellOf(item);
    return spell.healing === record.healing && spell.condition === record.condition;
  });
}
