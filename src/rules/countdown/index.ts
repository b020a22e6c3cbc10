/**
 * RULES.md §18, the action-dice countdown, as a state machine over plain data: the combat document
 * stores a `CountdownState` and calls these transitions; each returns a new state and events, or a
 * typed error for a move the rules do not allow.
 */
export * from "./types";
export * from "./hand";
export * from "./pool";
export * from "./speeds";
export * from "./order";
export * from "./closing";
export * from "./round";
export * from "./choices";
export * from "./effects";
export * from "./options";
export * from "./turns";
export * from "./visibility";
export * from "./simulate";
