/**
 * Whether the active GM's client may act on a non-attack spell card: its healing to selected tokens,
 * or its Apply button. The card is posted by the caster's own client (../../applications/combat/cast.ts),
 * and any user may create a message with any flags (FOUNDRY-FACTS §2), so a player could post a card
 * for a spell nobody holds. A GM's card is trusted; a player's only when its caster is an actor that
 * player owns, holding a spell of the card's name whose healing and condition are the card's. What this
 * cannot see (whether the ♦ chips were paid) is answered in docs/multiplayer.md.
 * The caster is the one the card names by uuid: an unlinked token's own actor (the token's changes,
 * its items included, applied to its world actor: foundryvtt#9131) shares the world actor's id, which
 * is all the speaker holds, and the world actor need not hold the token's spells. A card posted before
 * the uuid was recorded falls back to the speaker's world actor.
 */
import { spellOf } from "../attack/cast-check";
import { actorFromUuid } from "../../dice/uuid";

/** What a card claims was cast. */
interface Claimed {
  readonly spellName: string;
  readonly healing: number;
  readonly condition: string | null;
  /** Read from a card's flags, so anything a console wrote: used only when it is a string. */
  readonly casterUuid?: unknown;
}

/** MAG-6, REC-4: the card's claim matches a spell its author's own caster holds (or a GM posted it). */
export async function spellCardTrusted(
  message: ChatMessage.Implementation,
  record: Claimed,
): Promise<boolean> {
  const author = message.author;
  if (!author) return false;
  if (author.isGM) return true;
  const caster = await casterOf(message, record);
  if (!caster?.testUserPermission(author, "OWNER")) return false;
  return caster.items.some((item) => {
    if (item.type !== "spell" || item.name !== record.spellName) return false;
    const spell = spellOf(item);
    return spell.healing === record.healing && spell.condition === record.condition;
  });
}

/** The card's caster: the actor its uuid names, else (an older card) the speaker's world actor. */
async function casterOf(
  message: ChatMessage.Implementation,
  record: Claimed,
): Promise<Actor.Implementation | null> {
  if (typeof record.casterUuid === "string") return actorFromUuid(record.casterUuid);
  const casterId = message.speaker?.actor;
  return (casterId ? game.actors?.get(casterId) : undefined) ?? null;
}
