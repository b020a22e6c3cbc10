/**
 * Rally, Rest, Sleep and healing items in Foundry (REC-1 to REC-3, REC-6): the ♥ test is rolled with
 * real `Roll`s (`ZilchActor#rollTest`: 1d12, +1d8 on a 12) so Dice So Nice shows it, the ZilchActor method
 * decides and writes the result, and one chat message reports what changed. The message's lines come
 * from `recoveryLines`, a pure function of the summary.
 */
import { FIRST_AID_BONUS } from "../rules/ongoing";
import { SUITS, type Condition, type DegreeOfSuccess, type PerSuit } from "../rules/vocabulary";
import { withRollMode } from "./roll-mode";
import type { ChatLine } from "./chat-lines";
import { renderLinesCard } from "./lines-card";

/**
 * The system's actor class as the type package knows it (src/types/data-models.ts configures
 * Actor.Implementation as ZilchActor), so dice code calls its recovery methods without importing
 * documents/.
 */
type RecoveringActor = Actor.Implementation;
/** What a recovery method of the actor reports (REC-1 to REC-3, REC-6). */
export type RecoveryOutcome = Awaited<ReturnType<RecoveringActor["rest"]>>;
/** The summary of a recovery that happened. */
export type RecoverySummary = Extract<RecoveryOutcome, { ok: true }>["summary"];

/** One line of the recovery card (templates/chat/lines-card.hbs). */
export type RecoveryLine = ChatLine;

/** The rolled ♥ test a Rally or Sleep reads (T-1, T-3). */
export interface HeartsTest {
  roll: number;
  target: number;
  dos: DegreeOfSuccess;
}

const TITLES: Record<RecoverySummary["kind"], string> = {
  rally: "ZILCH.Recovery.Rally",
  rest: "ZILCH.Recovery.Rest",
  sleep: "ZILCH.Recovery.Sleep",
  salveEgg: "ZILCH.Recovery.Item.salveEgg",
  warPitch: "ZILCH.Recovery.Item.warPitch",
  warPitchPatch: "ZILCH.Recovery.Item.warPitchPatch",
  cureAllSyrup: "ZILCH.Recovery.Item.cureAllSyrup",
};

/** Every per-suit change that is not zero, as `key` lines (chips gained, drain and taint moved). */
function suitLines(key: string, changes: PerSuit<number>): RecoveryLine[] {
  return SUITS.filter((s) => changes[s] !== 0).map((suit) => ({
    key,
    data: {
      suit: `ZILCH.Suit.${suit}`,
      change: changes[suit] > 0 ? `+${changes[suit]}` : `${changes[suit]}`,
    },
  }));
}

/**
 * What the card says, in order: the title, the ♥ test, HP (or the GW-9 Wound healed) and temporary
 * pool, chips, drain, taint, waking, Boons, healed injuries and ended conditions. Values named `suit`, `dos` and `condition` are
 * i18n keys the caller localizes before formatting the line.
 */
export function recoveryLines(summary: RecoverySummary, test: HeartsTest | null = null): RecoveryLine[] {
  const lines: RecoveryLine[] = [{ key: TITLES[summary.kind], data: {} }];
  if (test)
    lines.push({
      key: "ZILCH.Recovery.HeartsTest",
      data: { roll: test.roll, target: test.target, dos: `ZILCH.DoS.${test.dos}` },
    });
  // GW-3: under Grit and Wounds (a Sleep then reports woundsHealed) HP is not used, so it is not shown.
  const hpUsed = summary.woundsHealed === undefined;
  if (hpUsed && (summary.hp.before !== summary.hp.after || summary.kind !== "rally"))
    lines.push({ key: "ZILCH.Recovery.Hp", data: { before: summary.hp.before, after: summary.hp.after } });
  if (summary.woundsHealed && summary.woundsHealed.n > 0)
    lines.push({
      key: "ZILCH.Recovery.WoundsHealed",
      data: { n: summary.woundsHealed.n, wounds: summary.woundsHealed.wounds },
    });
  if (hpUsed && summary.temp.before !== summary.temp.after)
    lines.push({
      key: "ZILCH.Recovery.Temp",
      data: { before: summary.temp.before, after: summary.temp.after },
    });
  lines.push(...suitLines("ZILCH.Recovery.Chips", summary.chips));
  if (summary.unusedChips > 0) lines.push({ key: "ZILCH.Recovery.Unused", data: { n: summary.unusedChips } });
  lines.push(...suitLines("ZILCH.Recovery.Drain", summary.drain));
  lines.push(...suitLines("ZILCH.Recovery.Taint", summary.taint));
  if (summary.woke) lines.push({ key: "ZILCH.Recovery.Woke", data: {} });
  if (summary.boons !== null) lines.push({ key: "ZILCH.Recovery.Boons", data: { n: summary.boons } });
  for (const name of summary.healed) lines.push({ key: "ZILCH.Recovery.Healed", data: { name } });
  for (const condition of summary.ended)
    lines.push({
      key: "ZILCH.Recovery.Ended",
      data: { condition: `ZILCH.Condition.${condition as Condition}` },
    });
  return lines;
}

/**
 * T-1, T-2: roll the creature's ♥ test (primary card) through the system's one test path
 * (`ZilchActor#rollTest`), so its lasting injuries and pending Effort and Pressure count as in the
 * roll dialog.
 */
export async function rollHeartsTest(actor: RecoveringActor): Promise<{ test: HeartsTest; rolls: Roll[] }> {
  const rolls: Roll[] = [];
  const { roll, target, dos } = await actor.rollTest({ card: "hearts", save: false }, rolls);
  return { test: { roll, target, dos }, rolls };
}

/** Posts a recovery's chat card (or warns with the refusal) and hands the outcome back. */
export async function reportRecovery(
  actor: RecoveringActor,
  outcome: RecoveryOutcome,
  test: HeartsTest | null,
  rolls: Roll[],
): Promise<RecoveryOutcome> {
  const i18n = game.i18n;
  if (!outcome.ok) {
    ui.notifications?.warn(i18n.localize(`ZILCH.Recovery.Refused.${outcome.problem}`));
    return outcome;
  }
  const content = await renderLinesCard("recovery", recoveryLines(outcome.summary, test));
  await ChatMessage.create(
    withRollMode({
      speaker: ChatMessage.getSpeaker({ actor }),
      content,
      rolls,
    }),
  );
  return outcome;
}

/** REC-1: roll the ♥ test, Rally, post the card. */
export async function rollRally(
  actor: RecoveringActor,
  choice?: Parameters<RecoveringActor["rally"]>[1],
): Promise<RecoveryOutcome> {
  const { test, rolls } = await rollHeartsTest(actor);
  return reportRecovery(actor, await actor.rally(test.dos, choice), test, rolls);
}

/** REC-3: roll the ♥ test, Sleep, post the card. */
export async function rollSleep(actor: RecoveringActor): Promise<RecoveryOutcome> {
  const { test, rolls } = await rollHeartsTest(actor);
  return reportRecovery(actor, await actor.sleep(test.dos), test, rolls);
}

/** REC-2: Rest (no roll), post the card. */
export async function postRest(actor: RecoveringActor): Promise<RecoveryOutcome> {
  return reportRecovery(actor, await actor.rest(), null, []);
}

/** REC-6: use a healing item, post the card. */
export async function postHealingItem(
  actor: RecoveringActor,
  item: Parameters<RecoveringActor["useHealingItem"]>[0],
): Promise<RecoveryOutcome> {
  return reportRecovery(actor, await actor.useHealingItem(item), null, []);
}

/** What a First Aid roll did (OD-5, INJ-9). */
export interface FirstAidOutcome {
  test: HeartsTest;
  stoppedBleeders: number;
  healed: string[];
  /** HP-5: the victim's HP after a try to wake it (null when this First Aid was no such try). */
  revivedTo: number | null;
}

/**
 * OD-5, INJ-9: `tester` gives First Aid to `victim`: a Knowledge test (+5 with the skill, untrained
 * without), then the victim's `receiveFirstAid` (after combat S/CS stops its injury bleeders; S/CS
 * heals Stun and Wind). One card says who tended whom, the roll, and what stopped or healed.
 * HP-5: `revive`, given when the victim lies at 0 HP after a fight, spends its one try to wake it and
 * returns its HP afterwards (src/documents/first-aid.ts; dice code does not import documents/).
 */
export async function rollFirstAid(
  victim: RecoveringActor,
  tester: RecoveringActor,
  revive?: (dos: DegreeOfSuccess) => Promise<number>,
): Promise<FirstAidOutcome> {
  const trained = tester.firstAidTrained;
  const rolls: Roll[] = [];
  // T-2: the tester's Knowledge test through the system's one test path (its lasting injuries count).
  const test = { card: "knowledge", save: false, modifier: trained ? FIRST_AID_BONUS : 0 } as const;
  const { roll, target, dos } = await tester.rollTest(test, rolls);
  const { stoppedBleeders, healed } = await victim.receiveFirstAid(dos);
  const revivedTo = revive ? await revive(dos) : null;
  const lines: ChatLine[] = [
    { key: "ZILCH.Recovery.FirstAid.Title", data: {} },
    {
      key: trained ? "ZILCH.Recovery.FirstAid.Trained" : "ZILCH.Recovery.FirstAid.Untrained",
      data: { tester: tester.name ?? "", victim: victim.name ?? "", roll, target, dos: `ZILCH.DoS.${dos}` },
    },
  ];
  if (stoppedBleeders > 0)
    lines.push({ key: "ZILCH.Recovery.FirstAid.Stopped", data: { n: stoppedBleeders } });
  for (const name of healed) lines.push({ key: "ZILCH.Recovery.Healed", data: { name } });
  if (revivedTo !== null) {
    const key = revivedTo > 0 ? "ZILCH.Recovery.FirstAid.Revived" : "ZILCH.Recovery.FirstAid.StaysDown";
    lines.push({ key, data: { victim: victim.name ?? "" } });
  }
  if (stoppedBleeders === 0 && healed.length === 0 && revivedTo === null)
    lines.push({ key: "ZILCH.Recovery.FirstAid.Nothing", data: {} });
  const content = await renderLinesCard("recovery", lines);
  await ChatMessage.create(
    withRollMode({ speaker: ChatMessage.getSpeaker({ actor: tester }), content, rolls }),
  );
  return { test: { roll, target, dos }, stoppedBleeders, healed, revivedTo };
}
