/**
 * Foundry's own per-row controls, kept beside Zilch's when our template replaces the `tracker` part.
 * Core's CombatTracker registers these `data-action` names itself, so the tracker must not claim them:
 * `toggleHidden` and `toggleDefeated` (GM only), `pingCombatant` (when core's turn context says
 * `canPing`), `panToCombatant` (players; a GM's click on the row pans and selects through the row's
 * `activateCombatant`). Evidence: FOUNDRY-FACTS §8 (draw-steel's turn.hbs, dnd5e's combat-tracker.mjs)
 * and open-source v13 tracker templates that reproduce core's row with exactly these names.
 */

/** The row actions core's CombatTracker handles; ours never registers them (actions.ts). */
export const CORE_ROW_ACTIONS = [
  "activateCombatant",
  "toggleHidden",
  "toggleDefeated",
  "pingCombatant",
  "panToCombatant",
] as const;

/** An active effect's icon on the row, as core's turn context lists it (`effects.icons`). */
export interface RowEffect {
  readonly img: string;
  readonly name: string;
}

/** What core's own turn context says of a row, when it was there to read; absent means none of it. */
export interface CoreRowInput {
  readonly hidden?: boolean;
  readonly defeated?: boolean;
  readonly canPing?: boolean;
  readonly effects?: readonly RowEffect[];
}

/** A core row control: its action, i18n label, its Font Awesome glyph, and (for a toggle) whether it is on. */
export interface CoreRowControl {
  readonly action: string;
  readonly label: string;
  readonly icon: string;
  readonly data: { readonly id: string };
  /** A toggle's state, rendered as `aria-pressed`. */
  readonly pressed?: boolean;
}

/** The core controls this viewer may use on a row, in core's order (hide, defeated, ping, pan). */
export function coreRowControls(
  id: string,
  t: CoreRowInput,
  viewer: { readonly isGM: boolean },
): CoreRowControl[] {
  const controls: CoreRowControl[] = [];
  const add = (action: string, label: string, icon: string, pressed?: boolean) =>
    controls.push({ action, label, icon, data: { id }, ...(pressed === undefined ? {} : { pressed }) });
  if (viewer.isGM) {
    add("toggleHidden", "ZILCH.Combat.Row.Hidden", "fa-eye-slash", t.hidden === true);
    add("toggleDefeated", "ZILCH.Combat.Row.Defeated", "fa-skull", t.defeated === true);
  }
  if (t.canPing) add("pingCombatant", "ZILCH.Combat.Row.Ping", "fa-bullseye-arrow");
  if (!viewer.isGM) add("panToCombatant", "ZILCH.Combat.Row.PanTo", "fa-arrows-to-eye");
  return controls;
}

/**
 * A control inside a row that is none of the row's actions (the named-action select): its clicks stop
 * at it. ApplicationV2 runs an action for the element carrying `data-action` that a click lands in
 * (FOUNDRY-FACTS §7 [DS]), and the row itself carries `activateCombatant`, so opening the select
 * would also pan to and select the row's token.
 */
export function keepClicksFromRow(control: EventTarget): void {
  // One shared listener: a row kept through a re-render (row-patch.ts) is not given a second one.
  control.addEventListener("click", stopAtControl);
}
const stopAtControl = (event: Event): void => event.stopPropagation();
