/**
 * Core's `combatRound` and `combatTurn` hooks as core and systems call them: `(combat, updateData,
 * updateOptions)` on the updating client just before the Combat update. The pinned types (13.345.1)
 * declare `updateData` as `{ round: number; turn: number }` and the options as `{ advanceTime,
 * direction }`, narrower than what is passed today:
 * - `turn` may be null: draw-steel 0.11.1 src/module/documents/combat.mjs `endTurn` passes
 *   `{ round, turn: null }` to `combatTurn`;
 * - the time moves by the update's `worldTime: { delta }` option (foundryvtt/foundryvtt#10924), which
 *   draw-steel passes in the same options; other v13 systems' `nextRound` pass their whole update
 *   (flags or system included) with `{ direction: 1, worldTime: { delta } }`.
 * So the call is declared here once, with those arguments.
 */

/** The options a round or turn change carries: forward, and the seconds the world time moves. */
export interface CombatChangeOptions {
  readonly direction: 1;
  readonly worldTime: { readonly delta: number };
}

type CombatHookCall = (
  hook: "combatRound" | "combatTurn",
  combat: Combat.Implementation,
  updateData: { round?: number; turn?: number | null },
  updateOptions: CombatChangeOptions,
) => true;

/** `Hooks.callAll("combatRound" | "combatTurn", combat, updateData, updateOptions)`. */
export const callCombatHook: CombatHookCall = (hook, combat, updateData, updateOptions) =>
  (Hooks.callAll as unknown as CombatHookCall)(hook, combat, updateData, updateOptions);
