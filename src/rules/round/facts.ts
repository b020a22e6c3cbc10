/**
 * The facts the round reads from a combatant's actor come from a document its owner may
 * write, and v13 validates a change only on the client that sends it (FOUNDRY-FACTS §2, #8967), so the
 * active GM bounds them before any rule reads them: effective ♠ values within what the card bounds and
 * modifiers allow, Burn within a hand's reach, and only the conditions the rules know. Pure.
 */
import { CONDITIONS, type Condition } from "../vocabulary";
import type { CombatantFacts } from "./state";

/** Stored cards are 0-30 (docs/decisions.md "Stored bounds"); effects may add a little beyond. */
const MAX_EFFECTIVE = 40;
/** INJ-7 Burn: more points than any hand holds changes nothing more. */
const MAX_BURN = 30;

const whole = (n: unknown, max: number): number =>
  typeof n === "number" && Number.isFinite(n) ? Math.max(0, Math.min(max, Math.trunc(n))) : 0;
const isCondition = (c: unknown): c is Condition =>
  typeof c === "string" && (CONDITIONS as readonly string[]).includes(c);

/** INI-2, INI-4, ST-3, INJ-7: the facts as the round may trust them. */
export function boundFacts(f: CombatantFacts): CombatantFacts {
  return {
    ...f,
    spades: whole(f.spades, MAX_EFFECTIVE),
    cunning: whole(f.cunning, MAX_EFFECTIVE),
    burn: whole(f.burn, MAX_BURN),
    conditions: [...new Set(f.conditions.filter(isCondition))],
  };
}
