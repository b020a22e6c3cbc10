/**
 * The Handlebars sheet base classes, typed narrowly. With fvtt-types 13.345.1 a class extending
 * `HandlebarsApplicationMixin(ActorSheetV2)` (or ItemSheetV2) and overriding lifecycle methods makes
 * the compiler recurse (TS2589) until it runs out of memory (3 GB and 90 s for one sheet). Casting the
 * mixed class once to the members our sheets use keeps type checking fast; the members listed are the
 * documented v13 ApplicationV2 / DocumentSheetV2 API.
 */
export interface SheetBase {
  /** ApplicationV2#id: unique per open application. */
  readonly id: string;
  /** DocumentSheetV2#isEditable. */
  readonly isEditable: boolean;
  /** ApplicationV2#tabGroups: the active tab per group. */
  readonly tabGroups: Record<string, string | null | undefined>;
  /**
   * ApplicationV2#_prepareTabs (v13): the tabs of a group from `static TABS`, which also sets
   * `tabGroups[group]` to the group's initial tab on first use.
   */
  _prepareTabs(
    group: string,
  ): Record<string, { id: string; group: string; active: boolean; cssClass: string; label?: string }>;
  /** ApplicationV2#element: the application's root (for a sheet, its form). */
  readonly element: HTMLElement;
  /** ApplicationV2#changeTab (v13): activates a tab of a group without re-rendering. */
  changeTab(tab: string, group: string, options?: object): void;
  /** ApplicationV2#render. */
  render(options?: boolean | object): Promise<unknown>;
  /** ApplicationV2#_prepareContext. */
  _prepareContext(options: object): Promise<object>;
}

export interface ActorSheetBase extends SheetBase {
  /** ActorSheetV2#actor. */
  readonly actor: Actor.Implementation;
  /** ActorSheetV2#_onDropItem (v13): an Item dropped on the sheet, resolved from the drag data. */
  _onDropItem(event: DragEvent, item: Item.Implementation): Promise<unknown>;
  /** ActorSheetV2#_onDragStart (v13): a drag began on a `.draggable` element of the sheet. */
  _onDragStart(event: DragEvent): Promise<void> | void;
}

export interface ItemSheetBase extends SheetBase {
  /** ItemSheetV2#item. */
  readonly item: Item.Implementation;
}

type Constructor<T> = new (options?: object) => T;

const { HandlebarsApplicationMixin } = foundry.applications.api;

/** `HandlebarsApplicationMixin(ActorSheetV2)`, as the narrow type above. */
export const HandlebarsActorSheet = HandlebarsApplicationMixin(
  foundry.applications.sheets.ActorSheetV2 as never,
) as unknown as Constructor<ActorSheetBase>;

/** `HandlebarsApplicationMixin(ItemSheetV2)`, as the narrow type above. */
export const HandlebarsItemSheet = HandlebarsApplicationMixin(
  foundry.applications.sheets.ItemSheetV2 as never,
) as unknown as Constructor<ItemSheetBase>;
