/**
 * A chip track is one tab stop (the WAI-ARIA toolbar pattern's roving tabindex): the template gives
 * one chip `tabindex="0"` and the rest `-1`; the arrow keys, Home and End move that stop and the
 * focus along the track, and Space or Enter presses the focused chip as a click does (a native
 * button). A Clubs track of 13 chips costs one Tab instead of 13.
 */

/** The chip tracks' markup (templates/actor/character/suits.hbs). */
export const CHIP_TRACK_SELECTOR = ".chip-track[role='toolbar']";

/**
 * Moves the track's tab stop for a key press; true when the key was the track's. Self-contained
 * (no imports), so the browser layer runs this very function in Chromium.
 */
export function moveChipFocus(track: HTMLElement, key: string): boolean {
  const chips = [...track.querySelectorAll<HTMLButtonElement>("button.chip")];
  const at = chips.findIndex((chip) => chip === track.ownerDocument.activeElement);
  if (at < 0 || !chips.length) return false;
  const steps: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  let next: number;
  if (key === "Home") next = 0;
  else if (key === "End") next = chips.length - 1;
  else if (key in steps) next = Math.min(chips.length - 1, Math.max(0, at + (steps[key] ?? 0)));
  else return false;
  chips.forEach((chip, i) => chip.setAttribute("tabindex", i === next ? "0" : "-1"));
  chips[next]!.focus();
  return true;
}

/** After a render: each chip track answers the arrow keys, Home and End. */
export function bindChipTracks(root: HTMLElement): void {
  for (const track of root.querySelectorAll<HTMLElement>(CHIP_TRACK_SELECTOR))
    track.addEventListener("keydown", (event) => {
      if (moveChipFocus(track, event.key)) event.preventDefault();
    });
}
