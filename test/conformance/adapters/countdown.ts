/** FORMAT.md kinds `countdownPool` (CD-2, CD-3) and `countdownRound` (CD-5, CD-6, CD-10 to CD-12). */
import type { Adapter } from "./index";
import { countdownRoundCalls, poolBounds, poolSize, type RoundInput } from "../../../src/rules/countdown";

export const adapters: Record<string, Adapter> = {
  countdownPool: (input) => {
    const size = poolSize({
      spades: input.spades as number,
      slowed: (input.slowed as boolean | undefined) ?? false,
      modifier: (input.modifier as number | undefined) ?? 0,
    });
    return poolBounds(size);
  },
  countdownRound: (input) =>
    countdownRoundCalls(input.participants as RoundInput[], input.closingDie as number),
};
