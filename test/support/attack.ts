import type { AttackAction } from "../../src/rules/attack/index";

/** A commit that spends no chip and no Boon, so a test reads only the dice and the sides. */
export const noChips = { chips: 0, boon: false };

/** AT-5: both sides close their window without spending anything. */
export const commitWindows: AttackAction[] = [
  { kind: "commitAttacker", ...noChips },
  { kind: "commitDefender", ...noChips },
];
