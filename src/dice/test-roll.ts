/**
 * Rolling tests, saves and contests in Foundry (T-1, T-6, T-8): real `Roll`s ("1d12", then "1d8" on a
 * 12) so Dice So Nice shows the dice, handed to `ChatMessage.create({ rolls })`; the card's content
 * comes from the pure builders in ./chat-cards.
 */
import type { TestDice } from "../rules/tests";
import { SYSTEM_ID } from "../data/settings";
import {
  boonRefusal,
  withBoon,
  CONTEST_CARD_TEMPLATE,
  contestBoonRefusal,
  contestWithBoon,
  rolledContestContext,
  SAVE_CARD_TEMPLATE,
  saveCardContext,
  TEST_CARD_TEMPLATE,
  testCardContext,
  type ContestSideId,
  type RolledContest,
  type RolledTest,
} from "./chat-cards";
import { withRollMode, type RollMode } from "./roll-mode";
import { ZilchTestRoll } from "./zilch-test-roll";
import { actorFromUuid, fromCreatureUuidSync, isActor } from "./uuid";

const render = (template: string, context: object): Promise<string> =>
  foundry.applications.handlebars.renderTemplate(template, { ...context });

export interface TestToPost {
  actor: Actor.Implementation;
  card: RolledTest["card"];
  target: number;
  save: boolean;
  untrained: boolean;
  /** TL-6: a Boon was spent in the dialog (one per action, so the card offers none). */
  boon?: boolean;
  /** CD-15: the pending Effort and Pressure the test took (already in `target`), named on the card. */
  ones?: { effort: number; pressure: number };
  /** Who sees the card, as chosen in the roll dialog; absent, the chat log's mode. */
  rollMode?: RollMode;
}

/** What a test or save card keeps in `flags.zilch.test`, so a Boon can re-read it (TL-6). */
export interface TestCardFlags {
  actorUuid: string;
  save: boolean;
  test: RolledTest;
}

/** Flags live under the system's id, the scope Foundry accepts for a system's flags. */
const FLAG_SCOPE = SYSTEM_ID;
const cardHtml = (save: boolean, test: RolledTest) =>
  save
    ? render(SAVE_CARD_TEMPLATE, saveCardContext(test))
    : render(TEST_CARD_TEMPLATE, testCardContext(test));

/** T-1, T-3, T-6: roll one test or save and post its card. */
export async function postTest(test: TestToPost): Promise<ChatMessage.Implementation | undefined> {
  const { dice, rolls } = await ZilchTestRoll.rollTest();
  const rolled: RolledTest = {
    actorName: test.actor.name ?? "",
    card: test.card,
    dice,
    target: test.target,
    untrained: test.untrained,
    boon: Boolean(test.boon),
    ...(test.ones ? { ones: test.ones } : {}),
  };
  const flags: TestCardFlags = { actorUuid: test.actor.uuid, save: test.save, test: rolled };
  const content = await cardHtml(test.save, rolled);
  return ChatMessage.create(
    withRollMode(
      {
        speaker: ChatMessage.getSpeaker({ actor: test.actor }),
        content,
        rolls,
        flags: { [FLAG_SCOPE]: { test: flags } },
      },
      test.rollMode,
    ),
  );
}

/** What a contest card keeps in `flags.zilch.contest`: each side's roller and the rolled contest (TL-6). */
export interface ContestCardFlags {
  actorUuids: Record<ContestSideId, string>;
  contest: RolledContest;
}

const flagsOf = (message: ChatMessage.Implementation) => message.getFlag(FLAG_SCOPE, "test");
const contestFlagsOf = (message: ChatMessage.Implementation) => message.getFlag(FLAG_SCOPE, "contest");
/** TL-6: the Boons a roller holds (only characters hold any). */
const boonsOf = (actor: Actor.Implementation | null | undefined) =>
  actor?.isOfType("character") ? actor.system.boons : 0;
/** The roller a card names, from the client's cache (a render hook cannot wait). */
const rollerOf = (uuid: string): Actor.Implementation | null => {
  const doc = fromCreatureUuidSync(uuid);
  return isActor(doc) ? doc : null;
};

/** TL-6: spend the roller's Boon from the card: +2 on the target, the card re-rendered with the new DoS. */
async function spendBoonFromCard(message: ChatMessage.Implementation): Promise<void> {
  const flags = flagsOf(message);
  const actor = flags ? await actorFromUuid(flags.actorUuid) : null;
  if (!flags || !actor?.isOwner) return;
  if (!(await spendCardBoon(actor, boonRefusal(flags.test, boonsOf(actor))))) return;
  const test = withBoon(flags.test);
  await message.update({
    content: await cardHtml(flags.save, test),
    flags: { [FLAG_SCOPE]: { test: { ...flags, test } } },
  });
}

/**
 * TL-6: spends the roller's Boon for a card unless the card refuses it (or the actor has none);
 * warns with the reason and says whether the Boon was spent.
 */
async function spendCardBoon(actor: Actor.Implementation, refusal: string | null): Promise<boolean> {
  const reason = refusal ?? (await actor.creature.spendBoon());
  if (!reason) return true;
  ui.notifications?.warn(game.i18n.localize(`ZILCH.Chat.BoonRefused.${reason}`));
  return false;
}

/** TL-6: the GM closes a card; no Boon may be spent from it afterwards. */
async function resolveCard(message: ChatMessage.Implementation): Promise<void> {
  const flags = flagsOf(message);
  if (!flags || !game.user?.isGM) return;
  const test = { ...flags.test, resolved: true };
  await message.update({
    content: await cardHtml(flags.save, test),
    flags: { [FLAG_SCOPE]: { test: { ...flags, test } } },
  });
}

/** A card button runs once at a time: disabled while its update is in flight. */
const once = (button: HTMLButtonElement | null | undefined, run: () => Promise<void>) =>
  button?.addEventListener("click", (event) => {
    event.preventDefault();
    button.disabled = true;
    void run().finally(() => (button.disabled = false));
  });

/**
 * v13 `renderChatMessageHTML` (message, html: HTMLElement): each client keeps the Boon button only
 * for a user who sees the result, owns the roller, may update the message (its author or a GM) and whose roller holds
 * a Boon, and the close button only for a GM, then wires both.
 */
export function onRenderTestCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (contestFlagsOf(message)) {
    onRenderContestCard(message, html);
    return;
  }
  const flags = flagsOf(message);
  if (!flags) return;
  const user = game.user;
  const actor = rollerOf(flags.actorUuid);
  const boonsHeld = boonsOf(actor);
  // A blind roll hides the result from its roller (FOUNDRY-FACTS §6: check isContentVisible), so no
  // Boon is offered on a result the user cannot see.
  const mayBoon =
    message.isContentVisible &&
    Boolean(actor?.isOwner) &&
    (message.isAuthor || Boolean(user?.isGM)) &&
    boonRefusal(flags.test, boonsHeld) === null;
  const boon = html.querySelector<HTMLButtonElement>('[data-action="spendBoon"]');
  const close = html.querySelector<HTMLButtonElement>('[data-action="resolveCard"]');
  if (!mayBoon) boon?.remove();
  if (!user?.isGM) close?.remove();
  once(html.querySelector<HTMLButtonElement>('[data-action="spendBoon"]'), () => spendBoonFromCard(message));
  once(html.querySelector<HTMLButtonElement>('[data-action="resolveCard"]'), () => resolveCard(message));
  const controls = html.querySelector(".card-controls");
  if (controls && !controls.querySelector("button")) controls.remove();
}

/** T-8: both sides roll; one card shows both tests and the winner, and keeps them for a Boon (TL-6). */
export async function postContest(
  a: TestToPost,
  b: TestToPost,
): Promise<ChatMessage.Implementation | undefined> {
  const ra = await ZilchTestRoll.rollTest();
  const rb = await ZilchTestRoll.rollTest();
  const side = (t: TestToPost, dice: TestDice): RolledTest => ({
    actorName: t.actor.name ?? "",
    card: t.card,
    dice,
    target: t.target,
    untrained: t.untrained,
    boon: Boolean(t.boon),
    ...(t.ones ? { ones: t.ones } : {}),
  });
  const rolled: RolledContest = { a: side(a, ra.dice), b: side(b, rb.dice) };
  const flags: ContestCardFlags = { actorUuids: { a: a.actor.uuid, b: b.actor.uuid }, contest: rolled };
  return ChatMessage.create(
    withRollMode(
      {
        speaker: ChatMessage.getSpeaker({ actor: a.actor }),
        content: await render(CONTEST_CARD_TEMPLATE, rolledContestContext(rolled)),
        rolls: [...ra.rolls, ...rb.rolls],
        flags: { [FLAG_SCOPE]: { contest: flags } },
      },
      a.rollMode,
    ),
  );
}

/** TL-6, T-8, T-9: one side's owner spends its Boon; the card shows the contest decided again. */
async function spendContestBoon(message: ChatMessage.Implementation, side: ContestSideId): Promise<void> {
  const flags = contestFlagsOf(message);
  const actor = flags ? await actorFromUuid(flags.actorUuids[side]) : null;
  if (!flags || !actor?.isOwner) return;
  if (!(await spendCardBoon(actor, contestBoonRefusal(flags.contest, side, boonsOf(actor))))) return;
  const contest = contestWithBoon(flags.contest, side);
  await message.update({
    content: await render(CONTEST_CARD_TEMPLATE, rolledContestContext(contest)),
    flags: { [FLAG_SCOPE]: { contest: { ...flags, contest } } },
  });
}

/** TL-6: the GM closes a contest card; neither side may spend a Boon from it afterwards. */
async function resolveContestCard(message: ChatMessage.Implementation): Promise<void> {
  const flags = contestFlagsOf(message);
  if (!flags || !game.user?.isGM) return;
  const contest = { ...flags.contest, resolved: true };
  await message.update({
    content: await render(CONTEST_CARD_TEMPLATE, rolledContestContext(contest)),
    flags: { [FLAG_SCOPE]: { contest: { ...flags, contest } } },
  });
}

/**
 * TL-6 on a contest card: each side's Boon button stays only for a user who owns that side's roller,
 * may update the message (its author or a GM) and whose roller may still spend; the close button
 * for a GM only.
 */
function onRenderContestCard(message: ChatMessage.Implementation, html: HTMLElement): void {
  const flags = contestFlagsOf(message);
  if (!flags) return;
  const user = game.user;
  const mayUpdate = message.isContentVisible && (message.isAuthor || Boolean(user?.isGM));
  for (const button of html.querySelectorAll<HTMLButtonElement>('[data-action="spendBoon"]')) {
    const side = button.dataset.side === "b" ? "b" : "a";
    const actor = rollerOf(flags.actorUuids[side]);
    const may =
      Boolean(actor?.isOwner) &&
      mayUpdate &&
      contestBoonRefusal(flags.contest, side, boonsOf(actor)) === null;
    if (!may) {
      button.remove();
      continue;
    }
    once(button, () => spendContestBoon(message, side));
  }
  const close = html.querySelector<HTMLButtonElement>('[data-action="resolveCard"]');
  if (!user?.isGM) close?.remove();
  else once(close, () => resolveContestCard(message));
  const controls = html.querySelector(".card-controls");
  if (controls && !controls.querySelector("button")) controls.remove();
}
