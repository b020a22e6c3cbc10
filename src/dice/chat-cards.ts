/**
 * Chat-card contexts for tests, saves and contests (T-1, T-3, T-6, T-8, SK-5) as pure functions of
 * the dice and targets. Templates (templates/chat/*.hbs) localize the keys they carry, so the
 * builder stays free of Foundry and every label is checked against lang/en.json by the template tests.
 */
import { capUntrained } from "../rules/skills";
import { BOON_BONUS } from "../rules/talents";
import {
  contest,
  degreeOfSuccess,
  isSuccess,
  testRoll,
  type ContestWinner,
  type TestDice,
} from "../rules/tests";
import type { DegreeOfSuccess } from "../rules/vocabulary";
import type { CardKey } from "../rules/roll-request";

export const TEST_CARD_TEMPLATE = "systems/zilch/templates/chat/test-card.hbs";
export const SAVE_CARD_TEMPLATE = "systems/zilch/templates/chat/save-card.hbs";
export const CONTEST_CARD_TEMPLATE = "systems/zilch/templates/chat/contest-card.hbs";

/** The controls a test or save card carries (handled by the chat-message render hook, test-roll.ts). */
export const CHAT_CARD_ACTIONS = ["spendBoon", "resolveCard"] as const;

export interface DieView {
  faces: 12 | 8;
  result: number;
  /** T-1: a d12 showing 12 is why the d8 was rolled. */
  exploded: boolean;
}

export interface RolledTest {
  actorName: string;
  card: CardKey;
  dice: TestDice;
  target: number;
  /** SK-5: "untrained: cap at F" was ticked. */
  untrained?: boolean;
  /** TL-6: a Boon is already part of the target (from the dialog or the card): one per action. */
  boon?: boolean;
  /** TL-6: the card is resolved (the GM closed it); no Boon may be spent from it any more. */
  resolved?: boolean;
  /** CD-15: the pending Effort (+2) and Pressure (−2) this test took, already in the target. */
  ones?: { effort: number; pressure: number };
}

export interface TestCardContext {
  actorName: string;
  cardKey: string;
  card: CardKey;
  dice: DieView[];
  target: number;
  roll: number;
  dos: DegreeOfSuccess;
  dosKey: string;
  /** T-6: saves speak of success or failure only. */
  success: boolean;
  outcomeKey: string;
  capped: boolean;
  boon: boolean;
  resolved: boolean;
  /** TL-6: the card offers its Boon button (each client then shows it to the roller's owner only). */
  offersBoon: boolean;
  /** CD-15: the Effort and Pressure the test took, as "+2" / "−2", or "". */
  effortText: string;
  pressureText: string;
}

/** T-1: the dice a test shows, d12 first, the d8 only after a 12. */
export function diceView(dice: TestDice): DieView[] {
  const out: DieView[] = [{ faces: 12, result: dice.d12, exploded: dice.d12 === 12 }];
  if (dice.d12 === 12 && dice.d8 !== undefined) out.push({ faces: 8, result: dice.d8, exploded: false });
  return out;
}

/** T-1, T-3, SK-5: a test card: the dice, the roll, the target and the degree of success. */
export function testCardContext(test: RolledTest): TestCardContext {
  const roll = testRoll(test.dice);
  const raw = degreeOfSuccess(roll, test.target);
  const dos = capUntrained(raw, Boolean(test.untrained));
  const success = isSuccess(dos);
  return {
    actorName: test.actorName,
    card: test.card,
    cardKey: `ZILCH.Card.${test.card}`,
    dice: diceView(test.dice),
    target: test.target,
    roll,
    dos,
    dosKey: `ZILCH.DoS.${dos}`,
    success,
    outcomeKey: success ? "ZILCH.Chat.Saved" : "ZILCH.Chat.NotSaved",
    capped: dos !== raw,
    boon: Boolean(test.boon),
    resolved: Boolean(test.resolved),
    offersBoon: !test.boon && !test.resolved,
    ...onesNotes(test),
  };
}

/** CD-15: the Effort and Pressure a card names ("+2", "−2"), or "" for one the test did not take. */
function onesNotes(test: RolledTest): { effortText: string; pressureText: string } {
  const effort = test.ones?.effort ?? 0;
  const pressure = test.ones?.pressure ?? 0;
  return {
    effortText: effort > 0 ? `+${effort}` : "",
    pressureText: pressure < 0 ? `\u2212${Math.abs(pressure)}` : "",
  };
}

/** TL-6: why a Boon cannot be spent from a card now, or null when it can. */
export function boonRefusal(
  test: RolledTest,
  boonsHeld: number,
): "alreadyBoon" | "resolved" | "noBoon" | null {
  if (test.resolved) return "resolved";
  if (test.boon) return "alreadyBoon";
  if (boonsHeld < 1) return "noBoon";
  return null;
}

/** TL-6, T-3: the test after a Boon from the card: +2 on the target, the same dice, DoS read again. */
export function withBoon(test: RolledTest): RolledTest {
  return { ...test, target: test.target + BOON_BONUS, boon: true };
}

/** T-6: a save card is a test card read as binary success or failure. */
export const saveCardContext = testCardContext;

export type ContestSideId = "a" | "b";

/** T-8, TL-6: a rolled contest as its card keeps it, so a Boon from the card can decide it again. */
export interface RolledContest {
  a: RolledTest;
  b: RolledTest;
  /** T-9: the rule that started the contest needs a winner at once. */
  immediate?: boolean;
  /** TL-6: the GM closed the card; neither side may spend a Boon from it any more. */
  resolved?: boolean;
}

export interface ContestCardContext {
  sides: (TestCardContext & { side: ContestSideId; winner: boolean })[];
  winner: ContestWinner;
  resultKey: string;
  winnerName: string;
  pointsWonBy: number | null;
  resolved: boolean;
  /** TL-6: some side may still spend its Boon, so the card carries its controls. */
  offersBoon: boolean;
}

/** T-8, T-9, T-10: a contest card: both sides' tests and who won, by how many points. */
export function contestCardContext(
  a: RolledTest,
  b: RolledTest,
  options: { immediate?: boolean; resolved?: boolean } = {},
): ContestCardContext {
  const resolved = Boolean(options.resolved || a.resolved || b.resolved);
  const ca = testCardContext({ ...a, resolved });
  const cb = testCardContext({ ...b, resolved });
  // SK-5's cap changes a side's DoS, so the contest reads the capped degrees through the targets:
  // a capped success must not win, which a target of −∞ would express; we instead pass the roll
  // against a target it fails.
  const sideA = { target: ca.capped ? ca.roll - 1 : a.target, roll: ca.roll };
  const sideB = { target: cb.capped ? cb.roll - 1 : b.target, roll: cb.roll };
  const result = contest(sideA, sideB, { immediate: options.immediate });
  const resultKey =
    result.winner === "a" || result.winner === "b"
      ? "ZILCH.Chat.ContestWinner"
      : result.winner === "draw"
        ? "ZILCH.Chat.ContestDraw"
        : "ZILCH.Chat.ContestReroll";
  return {
    sides: [
      { ...ca, side: "a", winner: result.winner === "a" },
      { ...cb, side: "b", winner: result.winner === "b" },
    ],
    winner: result.winner,
    resultKey,
    winnerName: result.winner === "a" ? a.actorName : result.winner === "b" ? b.actorName : "",
    pointsWonBy: result.pointsWonBy ?? null,
    resolved,
    offersBoon: ca.offersBoon || cb.offersBoon,
  };
}

/** T-8, TL-6: the card of a stored contest, decided again from its current targets. */
export const rolledContestContext = (rolled: RolledContest): ContestCardContext =>
  contestCardContext(rolled.a, rolled.b, { immediate: rolled.immediate, resolved: rolled.resolved });

/** TL-6: why one side cannot spend a Boon from a contest card now, or null when it can (one per side). */
export function contestBoonRefusal(
  rolled: RolledContest,
  side: ContestSideId,
  boonsHeld: number,
): "alreadyBoon" | "resolved" | "noBoon" | null {
  if (rolled.resolved) return "resolved";
  return boonRefusal(rolled[side], boonsHeld);
}

/** TL-6, T-8, T-9: one side's Boon (+2 on its target, the same dice); the contest is decided again from it. */
export function contestWithBoon(rolled: RolledContest, side: ContestSideId): RolledContest {
  return { ...rolled, [side]: withBoon(rolled[side]) };
}
