/**
 * The Combat flags Zilch writes (only a GM may write Combat flags: FOUNDRY-FACTS §2,
 * Nimble-Co/FoundryVTT-Nimble#853): the round state and each combatant's round fields
 * (src/documents/combat/stored.ts), so `combat.getFlag("zilch", …)` is typed.
 */
import type { RoundState } from "../documents/combat/round";
import type { StoredCombatants } from "../documents/combat/stored";

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    Combat: { zilch: { round?: RoundState; combatants?: StoredCombatants } };
  }
}

export {};
