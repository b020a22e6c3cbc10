/**
 * Chat-card contexts for tests, saves and contests (T-1, T-3, T-6, T-8, SK-5) as pure functions of
 * the dice and targets. Templates (templates/chat/*.hbs) localize the keys they carry, so the
 * builder stays free of Foundry and every label is checked against lang/en.json by the template tests.
 */
import { capUntrained } from "../rules/skills";
import { contest, degreeOfSuccess, isSuccess, testRoll, type ContestWinner, type TestDice } from "../rules/tests";
import type { DegreeOfSuccess } from "../rules/vocabulary";
import type { CardKey } from "./roll-request";

export const TEST_CARD_TEMPLATE = "systems/zilch/templates/chat/test-card.hbs";
export const SAVE_CARD_TEMPLATE = "systems/zilch/templates/chat/save-card.hbs";
export const CONTEST_CARD_TEMPLATE = "systems/zilch/templates/chat/contest-card.hbs";

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
  };
}

/** T-6: a save card is a test card read as binary success or failure. */
export const saveCardContext = testCardContext;

export interface ContestCardContext {
  sides: (TestCardContext & { side: "a" | "b"; winner: boolean })[];
  winner: ContestWinner;
  resultKey: string;
  winnerName: string;
  pointsWonBy: number | null;
}

/** T-8, T-9, T-10: a contest card: both sides' tests and who won, by how many points. */
export function contestCardContext(a: RolledTest, b: RolledTest, options: { immediate?: boolean } = {}): ContestCardContext {
  const ca = testCardContext(a);
  const cb = testCardContext(b);
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
  };
}
