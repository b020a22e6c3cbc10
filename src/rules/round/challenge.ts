/**
 * CD-13 Challenge: a holder challenges the called participant to go first with a ♠ contest that needs
 * an immediate winner (T-8, T-9), the holder being the initiator. The dice come from the caller (the
 * GM's client rolls Foundry `Roll`s so Dice So Nice shows them), never from the asking client.
 */
import { contest, testRoll, type ContestSide, type TestDice } from "../tests";

/** One exchange of the contest: both rolls and what T-8/T-9 made of them. */
export interface ChallengeExchange {
  readonly holder: number;
  readonly acting: number;
  readonly winner: "a" | "b" | "reroll";
}

export interface ChallengeOutcome {
  readonly holderWins: boolean;
  readonly exchanges: readonly ChallengeExchange[];
}

/** T-9 re-rolls only when both fail or cards tie; this bound only stops a broken dice source. */
export const CHALLENGE_MAX_EXCHANGES = 100;

/**
 * CD-13, T-8, T-9: roll the ♠ contest until it has a winner. `holder` and `acting` are each side's ♠
 * target and card; `rollTest` rolls one test's dice (d12, d8 on a 12).
 */
export async function resolveChallenge(
  holder: Pick<ContestSide, "target" | "card">,
  acting: Pick<ContestSide, "target" | "card">,
  rollTest: () => Promise<TestDice>,
): Promise<ChallengeOutcome> {
  const exchanges: ChallengeExchange[] = [];
  while (exchanges.length < CHALLENGE_MAX_EXCHANGES) {
    const a = testRoll(await rollTest());
    const b = testRoll(await rollTest());
    const result = contest(
      { ...holder, roll: a },
      { ...acting, roll: b },
      { immediate: true, initiator: "a" },
    );
    const winner = result.winner === "a" || result.winner === "b" ? result.winner : "reroll";
    exchanges.push({ holder: a, acting: b, winner });
    if (winner !== "reroll") return { holderWins: winner === "a", exchanges };
  }
  throw new Error(`CD-13: no winner after ${CHALLENGE_MAX_EXCHANGES} exchanges; the dice source is broken`);
}
