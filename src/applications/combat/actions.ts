/**
 * The tracker's `data-action` names (ApplicationV2 DEFAULT_OPTIONS.actions). One list, so the tracker
 * registers exactly what turn-context.ts emits and the template tests can check every button.
 */
export const TRACKER_ACTIONS = [
  "zilchDeclareStance",
  "zilchShiftStance",
  "zilchForceReveal",
  "zilchDeclareNpcStances",
  "zilchRevealDomino",
  "zilchEndTurn",
  "zilchNextTurn",
  "zilchNextCall",
  "zilchNextRound",
  "zilchAct",
  "zilchAccumulate",
  "zilchAbandonPool",
  "zilchHold",
  "zilchPass",
  "zilchActHeld",
  "zilchKeepHolding",
  "zilchInterrupt",
  "zilchChallenge",
  "zilchEffort",
  "zilchPressure",
  "zilchRecoverStun",
  "zilchBid",
  "zilchLowerClosing",
  "zilchResolveLowering",
  "zilchCombine",
  "zilchSwapIn",
  "zilchBurnInstead",
  "zilchMoveUp",
  "zilchMoveDown",
  "zilchSetAware",
  "zilchPoolUp",
  "zilchPoolDown",
  "zilchPickDie",
  "zilchTogglePlusOne",
  "zilchAttack",
  "zilchTakeAction",
] as const;

export type TrackerAction = (typeof TRACKER_ACTIONS)[number];

/** Whether a `data-action` names one of the tracker's own actions. */
export function isTrackerAction(action: string | undefined): action is TrackerAction {
  return TRACKER_ACTIONS.some((known) => known === action);
}

/** Buttons that change only this viewer's tracker (the picked die, the +1 toggle) or open a dialog; no request is sent. */
export const LOCAL_ACTIONS: ReadonlySet<TrackerAction> = new Set<TrackerAction>([
  "zilchPickDie",
  "zilchTogglePlusOne",
  "zilchAttack",
]);

/**
 * Core tracker controls with no Zilch meaning, taken out of the rendered header and footer: the
 * initiative rolls (draw-steel's combat-tracker.mjs removes `rollAll`/`rollNPC` in `_onRender`;
 * crucible removes the per-combatant roll) and stepping back a turn or round (ZilchCombat refuses
 * both, since dominoes are drawn and choices made). FOUNDRY-FACTS §5, §8.
 */
export const REMOVED_CORE_CONTROLS = [
  "rollAll",
  "rollNPC",
  "rollInitiative",
  "previousTurn",
  "previousRound",
] as const;

/** Core context-menu entries removed for the same reason (draw-steel drops these names, FOUNDRY-FACTS §5). */
export const REMOVED_CONTEXT_ENTRIES: ReadonlySet<string> = new Set([
  "COMBAT.CombatantClear",
  "COMBAT.CombatantReroll",
  "COMBAT.RollAll",
  "COMBAT.RollNPC",
]);

/** The elements of a rendered tracker that carry a removed core control. */
export function removedControls(root: ParentNode): Element[] {
  return REMOVED_CORE_CONTROLS.flatMap((action) => [...root.querySelectorAll(`[data-action="${action}"]`)]);
}
