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
  "zilchActPlusOne",
  "zilchAccumulate",
  "zilchHold",
  "zilchPass",
  "zilchActHeld",
  "zilchKeepHolding",
  "zilchInterrupt",
  "zilchChallenge",
  "zilchEffort",
  "zilchPressure",
  "zilchMoveUp",
  "zilchMoveDown",
] as const;

export type TrackerAction = (typeof TRACKER_ACTIONS)[number];
