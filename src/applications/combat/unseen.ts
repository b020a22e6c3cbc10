/**
 * No drawing for a tracker nobody can see. Every combat update asks every client's tracker to render,
 * about 300 times in one countdown round of 50 combatants, yet a client whose sidebar shows another
 * tab (the chat, most of the time) sees none of it. While the tracker's sidebar tab is not the one
 * shown, a render request is noted and dropped; when the tab is shown again, one render draws the
 * latest state.
 *
 * How v13 and v14 report it: a sidebar tab's `active` is true while it is the tab shown (`ui.combat.active`,
 * beside `ui.sidebar.tabGroups.primary`), its pop-out is a separate window (`#combat-popout`,
 * `popout.rendered`), and `_onActivate()` runs when the tab is shown again (a v13 sidebar tab renders
 * itself there: DFreds' notifications tab). Anything this cannot read as a boolean counts as shown:
 * the tracker then draws as before (fail safe).
 */

/** What the tracker knows of itself as a sidebar tab. */
export interface SidebarTabState {
  readonly isPopout: unknown;
  readonly active: unknown;
  /** The pop-out window of this tab, if one was opened. */
  readonly popout?: { readonly rendered?: unknown } | null;
}

/**
 * Whether the tracker is surely out of sight: the sidebar's own tracker (not a pop-out), which says it
 * is not the tab shown, with no pop-out of it open (a pop-out may be drawn from this one).
 */
export function surelyUnseen(tab: SidebarTabState): boolean {
  const poppedOut = tab.popout != null && tab.popout.rendered !== false;
  return tab.isPopout === false && tab.active === false && !poppedOut;
}

/** The render requests a hidden tracker dropped: whether it must draw once it is shown. */
export class UnseenRenders {
  #missed = false;

  /** A render asked for; returns true when it may be dropped (the tab is surely unseen). */
  drop(tab: SidebarTabState): boolean {
    if (!surelyUnseen(tab)) return false;
    this.#missed = true;
    return true;
  }

  /** The tab is shown again: whether a render was dropped meanwhile (asked once, then cleared). */
  shown(): boolean {
    const missed = this.#missed;
    this.#missed = false;
    return missed;
  }
}
