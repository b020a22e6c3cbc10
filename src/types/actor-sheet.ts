/**
 * ActorSheetV2 members that Foundry v13 core calls but fvtt-types 13.345.1 does not declare
 * (FOUNDRY-FACTS §10, checked with tsc). Evidence that core calls them and that a subclass may
 * override them and call `super`: dnd5e module/applications/actor/api/base-actor-sheet.mjs overrides
 * `_onDragStart(event)` and `_onDropItem(event, item)`; draw-steel's actor-sheet.mjs does the same.
 * ActorSheetV2 binds `_onDragStart` to `.draggable` elements and resolves a dropped Item's drag data
 * before calling `_onDropItem`. The actor sheet base (src/applications/sheets/actor/actor-sheet.ts) merges
 * this interface into its core layer, so the overrides above it can call `super`.
 */
export interface ActorSheetDragDrop {
  /** A drag began on a `.draggable` element of the sheet. */
  _onDragStart(event: DragEvent): void | Promise<void>;
  /** An Item was dropped on the sheet (from a compendium, the sidebar or this sheet). */
  _onDropItem(event: DragEvent, item: Item.Implementation): Promise<unknown>;
}
