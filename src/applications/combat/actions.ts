/**
 * The tracker's `data-action` names (ApplicationV2 DEFAULT_OPTIONS.actions). One list, so the tracker
 * registers exactly what turn-context.ts emits and the template tests can check every button.
 */
export const TRACKER_ACTIONS = [
  "zilchDeclareStance",
  "zilchShiftStance",
  "zilchForceReveal",
  "zilchRevealDomino",
  "zilchEndTurn",
  "zilchNextTurn",
  "zilchNextCall",
  "zilchNextRound",
  "zilchAct",
  "zilchAccumulate",
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
  "zilchMoveUp",
  "zilchMoveDown",
  "zilchPickDie",
  "zilchTogglePlusOne",
  "zilchAttack",
] as const;

export type TrackerAction = (typeof TRACKER_ACTIONS)[number];

/** Buttons that change only this viewer's tracker (the picked die, the +1 toggle) or open a dialog; no request is sent. */
export const LOCAL_ACTIONS: ReadonlySet<TrackerAction> = new Set<TrackerAction>([
  "zilchPickDie",
  "zilchTogglePlusOne",
  "zilchAttack",
]);
