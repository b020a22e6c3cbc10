/**
 * A step asked for on the attack card, on the active GM's client: check the card's seal and the asker,
 * record the step on the card (./step-journal.ts), take it (./step.ts), then the steps nobody decides
 * after it (./automatic.ts), and write the card once with the next step number.
 */
import { mayAct, type AttackRequester, type AttackState } from "../../rules/attack/index";
import { diceFor } from "../../dice/attack-card";
import type { RequestResult } from "../../requests/channel";
import { refused } from "./refusal";
import type { AttackStepData } from "./requests";
import type { StepContext } from "./context";
import { cardProblem } from "./seals";
import { cardState, writeCard } from "./card";
import { fromRequestUuid, isActor } from "./actors";
import { settleAutomatic, type CardCreatures } from "./automatic";
import { takeStep } from "./step";
import { noteFollowUp } from "./out-of-turn";
import { abandonStep, beginStep, stepInterrupted } from "./step-journal";

/** The creatures of a card, as the GM's client finds them now. */
export async function creaturesOf(state: AttackState): Promise<CardCreatures> {
  const attacker = await fromRequestUuid(state.attacker.actorId);
  const defender = await fromRequestUuid(state.defender.actorId);
  return { attacker: isActor(attacker) ? attacker : null, defender: isActor(defender) ? defender : null };
}

/** The GM's side of a step: check the card and the sender, roll, do the effect, record it, rewrite the card. */
export async function stepOnGM(data: AttackStepData, user: User.Implementation): Promise<RequestResult> {
  const message = game.messages?.get(data.messageId);
  const state = message ? cardState(message) : undefined;
  if (!message || !state) return refused("noMessage");
  // Only a card the GM wrote, at the step the asker saw (a replay or double click is stale).
  const sealed = await cardProblem(message, data.seq);
  if (sealed) return refused(sealed);
  if (stepInterrupted(message)) return refused("stepInterrupted");
  const creatures = await creaturesOf(state);
  const { attacker, defender } = creatures;
  const who: AttackRequester = {
    isGM: user.isGM,
    ownsAttacker: Boolean(attacker?.testUserPermission(user, "OWNER")),
    ownsDefender: Boolean(defender?.testUserPermission(user, "OWNER")),
  };
  const allowed = mayAct(state, data.kind, who);
  if (!allowed.ok) return allowed;
  const context: StepContext = {
    data,
    state,
    attacker,
    defender,
    formulas: diceFor(state, data.kind),
    rolls: [],
  };
  const seq = data.seq ?? 0;
  await beginStep(message, seq);
  const next = await takeStep(context);
  if (!next.ok) {
    await abandonStep(message);
    return next;
  }
  const settled = await settleAutomatic(data.messageId, next.state, creatures);
  await writeCard(message, settled, seq + 1);
  // GW-4: a Dodge or Block that earned a Slip or Parry gives the defender that one attack outside its turn.
  await noteFollowUp(state, settled, defender);
  return { ok: true };
}
