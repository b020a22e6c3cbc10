/**
 * What core's own round and turn changes announce, for the saves that move Foundry's round and turn
 * with Zilch's (src/rules/round/turn-sync.ts). Zilch does not call core's `nextRound`/`nextTurn`
 * (they would count a second round, or step through `turns` in Foundry's order), so it does what
 * they do around their update:
 * - `Hooks.callAll("combatRound" | "combatTurn", combat, updateData, updateOptions)` on the
 *   updating client before the update, with `direction: 1` in the options: draw-steel 0.11.1
 *   src/module/documents/combat.mjs `endTurn` does this for the turns it changes without core;
 *   core added the hooks for modules in foundryvtt/foundryvtt#7623;
 * - the world time moves with the combat through the update's `worldTime: { delta }` option
 *   (foundryvtt/foundryvtt#10924: Combat operations take it; #11619: the time is applied before the
 *   Combat update is seen), by `CONFIG.time.roundTime` for a new round (core advances it each round:
 *   Sayshal/Calendaria#157; dnd5e and crucible set `CONFIG.time.roundTime`) and `CONFIG.time.turnTime`
 *   for each turn that starts (#12018: core counts turns too). Zilch's turns do not follow Foundry's
 *   `turns` order, so the time is added per turn started, never computed from the indices (which
 *   could run backwards).
 * Ending a turn with nobody next (`turn: null`) announces nothing and takes no time.
 */

import type { CombatChangeOptions } from "../../types/combat-hooks";

/** The core hook a save announces, and the options its update carries. */
export interface CoreCombatEvent {
  readonly hook: "combatRound" | "combatTurn";
  readonly options: CombatChangeOptions;
}

/** The round and turn a save writes (turn-sync.ts `turnChange`), against the combat's current ones. */
export function coreCombatEvent(
  current: { readonly round: number },
  change: { readonly round?: number; readonly turn?: number | null },
  time: { readonly roundTime: number; readonly turnTime: number },
): CoreCombatEvent | null {
  if (change.round !== undefined && change.round > current.round)
    return { hook: "combatRound", options: { direction: 1, worldTime: { delta: time.roundTime } } };
  if (change.round === undefined && typeof change.turn === "number")
    return { hook: "combatTurn", options: { direction: 1, worldTime: { delta: time.turnTime } } };
  return null;
}
