/**
 * A step of the attack card is applied at most once, even across a dropped connection. The GM's client
 * records on the card the step number it is about to apply before it applies anything of that step,
 * and the card's write at the end of the step (a new step number) leaves the record behind. A card
 * whose record names its current step number is one whose step began and never finished: the GM's
 * connection dropped after some of the step's effects (damage, chips, an injury…) may have reached the
 * server and before the card was written. socket.io, Foundry's link, gives no delivery guarantee for
 * an event in flight when the connection breaks, and the server keeps nothing for a client that missed
 * one (foundryvtt/foundryvtt#10562). Such a step is not applied again: the asker is told, and the GM
 * settles what is left by hand.
 *
 * The record is the step's key (card and step number), kept on the card rather than with each effect:
 * one step writes several documents (HP, chips, Grit, items, conditions, the combat's flags) with its
 * dice rolled between them, so no one write could carry it. Only GMs may update a GM's message
 * (FOUNDRY-FACTS §2, "ChatMessage"), so a player can neither set the record nor clear it; the seal
 * (./seals.ts) covers the card's state and step number, not this flag.
 */
import { SYSTEM_ID } from "../../data/settings";
import { storedCard } from "./stored";

/** The card's flag that holds the step number being applied. */
const APPLYING = "applying";

/** Whether the card's current step began on the GM's client and never finished (see above). */
export function stepInterrupted(message: ChatMessage.Implementation): boolean {
  const applying: unknown = message.getFlag(SYSTEM_ID, APPLYING);
  return typeof applying === "number" && applying === storedCard(message)?.seq;
}

/** Before anything of the step at `seq` is applied: the record reaches the server first. */
export async function beginStep(message: ChatMessage.Implementation, seq: number): Promise<void> {
  await message.setFlag(SYSTEM_ID, APPLYING, seq);
}

/** The step was refused before anything of it was applied: the card may be asked again. */
export async function abandonStep(message: ChatMessage.Implementation): Promise<void> {
  await message.unsetFlag(SYSTEM_ID, APPLYING);
}
