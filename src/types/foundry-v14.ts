/**
 * The Foundry v14 members Zilch calls that differ from v13, declared on top of the pinned v13 types
 * (fvtt-types 13.345.1 stays the compile baseline: npm has no v14 types: docs/foundry-versions.md, "Types"). Only
 * src/foundry/compat.ts calls them, and only when `game.release.generation` is 14 or more. Each member
 * names its evidence: a maintained v14 system's code, or a public issue (docs/foundry-versions.md).
 */

/**
 * v14's chat message modes (`CONFIG.ChatMessage.modes`), which replace v13's roll modes publicroll,
 * gmroll, blindroll and selfroll; `ic` (in character) is new and carries no roll. Evidence: the
 * deprecation messages quoted in JohanFalt/Foundry_WoD20#1395 and #1396; vttforge PR #174 (`'gmroll'`
 * becomes `'gm'`); dnd5e 5.3.x module/dice/basic-roll.mjs `getMessageMode` (reads `ic` as `public`).
 */
export type CoreMessageMode = "public" | "gm" | "blind" | "self" | "ic";

/**
 * A v14 context-menu entry: `label`, `visible` and `onClick(event, target)` replace v13's `name`,
 * `condition` and `callback(target)`, which v14 still reads with a deprecation warning. `icon` takes a
 * class name or HTML. Evidence: crucible (v14-only) commit bfbba066 module/chat.mjs; draw-steel PR #1752
 * ("Converted `condition` -> `visible`, `callback` -> `onClick`"); dnd5e 5.3.x dnd5e.mjs silences the
 * `/ContextMenuEntry#/` deprecations its v13 forms raise on v14.
 */
export interface ContextMenuEntryV14 {
  label: string;
  icon?: string;
  visible?: (target: HTMLElement) => boolean;
  onClick: (event: Event, target: HTMLElement) => unknown;
}

declare module "fvtt-types/configuration" {
  /**
   * v14's `core.messageMode` client setting, the chat log's mode; v13 has none (`core.rollMode`
   * instead). Evidence: crucible module/dice/group-check.mjs and standard-check-dialog.mjs read
   * `game.settings.get("core", "messageMode")`; dnd5e 5.3.x basic-roll.mjs `getMessageMode` picks the key
   * by generation; Leetram519/Project-Moon-TTRPG PR #41 (absent on v13).
   */
  interface SettingConfig {
    "core.messageMode": CoreMessageMode;
  }
}

/**
 * v14's `ChatMessage.applyMode(data, mode)`, which replaces `applyRollMode`: it sets the message data's
 * whisper and blind flag for the mode and returns the data. The pinned types do not know it and cannot
 * be merged into (the global ChatMessage is a re-export), so compat.ts checks for the member at run time
 * and calls it through this interface. Evidence: crucible module/dice/group-check.mjs
 * (`ChatMessage.implementation.applyMode(messageData, messageMode || game.settings.get("core",
 * "messageMode"))`); JohanFalt/Foundry_WoD20#1396 (the deprecation message names it).
 */
export interface ChatMessageModes {
  applyMode(data: object, mode: CoreMessageMode): unknown;
}

/**
 * An application's `_createContextMenu(handler, selector, options)` as v14 reads it: the handler may
 * return entries of v14's form (draw-steel 1.0, v14-only, passes `this._getGroupContextOptions`, whose
 * entries are `{label, icon, visible, onClick}`, src/module/applications/sidebar/tabs/combat-tracker.mjs).
 * The pinned types accept v13 entries only and their ApplicationV2 cannot be merged into, so compat.ts
 * checks for the member at run time and calls it through this interface.
 */
export interface ContextMenuHost {
  _createContextMenu(
    handler: () => (ContextMenuEntryV14 | foundry.applications.ux.ContextMenu.Entry<HTMLElement>)[],
    selector: string,
    options: object,
  ): unknown;
}
