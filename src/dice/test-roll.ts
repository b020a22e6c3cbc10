/**
 * Rolling tests, saves and contests in Foundry (T-1, T-6, T-8): real `Roll`s ("1d12", then "1d8" on a
 * 12) so Dice So Nice shows the dice, handed to `ChatMessage.create({ rolls })`; the card's content
 * comes from the pure builders in ./chat-cards.
 */
import type { TestDice } from "../rules/tests";
import {
  CONTEST_CARD_TEMPLATE,
  contestCardContext,
  SAVE_CARD_TEMPLATE,
  saveCardContext,
  TEST_CARD_TEMPLATE,
  testCardContext,
  type RolledTest,
} from "./chat-cards";

/** T-1: roll the d12 and, on a 12 only, the d8; both Roll objects are kept for the chat message. */
export async function rollTestDice(): Promise<{ dice: TestDice; rolls: Roll[] }> {
  const d12 = await new Roll("1d12").evaluate();
  const rolls: Roll[] = [d12];
  const dice: TestDice = { d12: Number(d12.total) };
  if (dice.d12 === 12) {
    const d8 = await new Roll("1d8").evaluate();
    rolls.push(d8);
    dice.d8 = Number(d8.total);
  }
  return { dice, rolls };
}

const render = (template: string, context: object): Promise<string> =>
  foundry.applications.handlebars.renderTemplate(template, context as Record<string, unknown>);

export interface TestToPost {
  actor: Actor.Implementation;
  card: RolledTest["card"];
  target: number;
  save: boolean;
  untrained: boolean;
}

/** T-1, T-3, T-6: roll one test or save and post its card. */
export async function postTest(test: TestToPost): Promise<ChatMessage.Implementation | undefined> {
  const { dice, rolls } = await rollTestDice();
  const rolled: RolledTest = { actorName: test.actor.name ?? "", card: test.card, dice, target: test.target, untrained: test.untrained };
  const content = test.save ? await render(SAVE_CARD_TEMPLATE, saveCardContext(rolled)) : await render(TEST_CARD_TEMPLATE, testCardContext(rolled));
  return ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor: test.actor }), content, rolls });
}

/** T-8: both sides roll; one card shows both tests and the winner. */
export async function postContest(a: TestToPost, b: TestToPost): Promise<ChatMessage.Implementation | undefined> {
  const ra = await rollTestDice();
  const rb = await rollTestDice();
  const context = contestCardContext(
    { actorName: a.actor.name ?? "", card: a.card, dice: ra.dice, target: a.target, untrained: a.untrained },
    { actorName: b.actor.name ?? "", card: b.card, dice: rb.dice, target: b.target, untrained: b.untrained },
  );
  const content = await render(CONTEST_CARD_TEMPLATE, context);
  return ChatMessage.create({ speaker: ChatMessage.getSpeaker({ actor: a.actor }), content, rolls: [...ra.rolls, ...rb.rolls] });
}
