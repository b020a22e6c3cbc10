/**
 * The vitals a player changes in play (HP, temporary HP, Boons, Grit, Wounds, adrenaline) take a
 * change as well as a value, as dnd5e's sheet does (module/utils.mjs parseInputDelta and parseDelta,
 * bound in module/applications/actor/api/base-actor-sheet.mjs to `input[type="text"][data-dtype=
 * "Number"]` on change): "−3" or "-3" takes 3 off what the sheet shows, "+2" adds 2, "=5" or "5" sets
 * 5; the result is clamped to the field's bounds (its `data-min` and `data-max`, which the schema's and
 * the derived maximum's). The input's own change listener rewrites its value before the event reaches
 * the form, whose submit-on-change then saves the number (dnd5e lets the event bubble on for a named
 * input and stops it only for one it saves itself). Anything else is refused: the input shows the
 * stored value again, the event stops there so nothing is submitted, and the player is told why.
 */

/** The inputs that take a change: text inputs (so "+2" can be typed) read as numbers. */
export const VITAL_INPUT_SELECTOR = "input[data-vital]";

/**
 * Reads what was typed into a vital input against the value it was rendered with (its default
 * value) and rewrites it as the number to save; false when the text is neither a number nor a
 * change, the input then showing its rendered value again. Self-contained (no imports), so the
 * browser layer runs this very function in Chromium.
 */
export function applyVitalEntry(input: HTMLInputElement): boolean {
  const shown = Number(input.defaultValue) || 0;
  const text = input.value.trim().replace(/^\u2212/, "-");
  const match = /^([+\-=]?)\s*(\d+)$/.exec(text);
  if (!match) {
    input.value = input.defaultValue;
    return false;
  }
  const [, sign, digits] = match;
  const n = Number(digits);
  const wanted = sign === "+" ? shown + n : sign === "-" ? shown - n : n;
  const min = Number(input.dataset.min ?? 0);
  const max = input.dataset.max === undefined ? Infinity : Number(input.dataset.max);
  input.value = String(Math.min(max, Math.max(min, wanted)));
  return true;
}

/** After a render: each vital input reads a change on change; a refused entry is said and not submitted. */
export function bindVitalInputs(root: HTMLElement, refused: (text: string) => void): void {
  for (const input of root.querySelectorAll<HTMLInputElement>(VITAL_INPUT_SELECTOR)) {
    input.addEventListener("change", (event) => {
      const text = input.value;
      if (applyVitalEntry(input)) return;
      event.stopPropagation();
      refused(text);
    });
  }
}
