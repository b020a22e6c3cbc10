/**
 * The attack card's two requests as the one channel hands them to the active GM's client
 * (src/requests/channel.ts; registered in src/setup/queries.ts): the sender is the user the channel
 * proved, the payload is untrusted until its shape is checked (./requests.ts).
 */
import type { RequestResult } from "../../requests/channel";
import { serially } from "../../requests/serial";
import { parseDeclare, parseStep } from "./requests";
import { declareOnGM } from "./declare";
import { stepOnGM } from "./gm-step";
import { refused } from "./refusal";
import { maySealCards } from "./seals";

/** AT-1: a declared attack. */
export async function handleAttackDeclare(
  payload: unknown,
  sender: User.Implementation,
): Promise<RequestResult> {
  const data = parseDeclare(payload);
  if (!data) return { ok: false, code: "malformed" };
  // The card this would post could not be sealed here: refused before a turn is recorded or a chip paid.
  if (!maySealCards()) return refused("cannotSeal");
  // GW-4: two takes of one opportunity attack at once (a double click) are judged one after the other.
  const offer = data.opportunity;
  return offer
    ? serially(`opportunity.${offer}`, () => declareOnGM(data, sender))
    : declareOnGM(data, sender);
}

/** A step on a card: one step at a time per card, each against the state the previous one wrote. */
export async function handleAttackStep(
  payload: unknown,
  sender: User.Implementation,
): Promise<RequestResult> {
  const data = parseStep(payload);
  if (!data) return { ok: false, code: "malformed" };
  // The step's card could not be sealed again here: refused before its effect is applied.
  if (!maySealCards()) return refused("cannotSeal");
  return serially(`card.${data.messageId}`, () => stepOnGM(data, sender));
}
