/**
 * The attack card as a pure state machine (AT-5, CH-7, DMG, HP-2, SW, INJ, SP, GW-4, CD-15, OPT-1), one
 * module per concern: what the card stores (./types.ts), its actions and who takes them
 * (./actions.ts), the declaration's facts (./declaration.ts), the windows and the hit's decision
 * (./windows.ts), the steps nobody decides (./automatic.ts), what follows a hit (./hit.ts), the
 * margin's special results (./margin.ts), Special Attacks and grapples (./specials.ts), and the table
 * that applies an action (./advance.ts). This module is their one entry point for callers outside the
 * attack engine.
 */
export * from "./types";
export * from "./actions";
export * from "./declaration";
export * from "./windows";
export * from "./hit";
export * from "./margin";
export * from "./specials";
export * from "./advance";
export * from "./automatic";
