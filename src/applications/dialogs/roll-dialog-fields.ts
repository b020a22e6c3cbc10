/**
 * The roll dialog's fields that follow the form as it changes, updated in place so the user's
 * focus and other entries stay: the chips' limit (CH-7), the injury boxes (INJ-8), the race's
 * bonus (RA-3) and the skill's box (SK-1).
 */
import type { liveRollView } from "./roll-dialog-context";

type LiveView = ReturnType<typeof liveRollView>;

/** CH-7: the chip field follows the chosen card and save; a count above the limit drops to it. */
export function syncChips(root: HTMLElement, view: LiveView): void {
  const i18n = game.i18n;
  const chips = root.querySelector<HTMLInputElement>('input[name="chips"]');
  const hint = root.querySelector("[data-chips-hint]");
  if (chips) {
    chips.max = String(view.chipsMax);
    chips.disabled = view.chipsMax === 0;
    if (Number(chips.value) !== view.chips) chips.value = String(view.chips);
  }
  if (hint) hint.textContent = i18n.format("ZILCH.Roll.ChipsHint", { n: String(view.chipsMax) });
}

/** One ticked box for an offered injury modifier. */
function injuryBox(modifier: LiveView["injuryModifiers"][number]): HTMLLabelElement {
  const i18n = game.i18n;
  const label = document.createElement("label");
  label.className = "check";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.name = `injury-${modifier.source}`;
  box.checked = true;
  const text = i18n.format("ZILCH.Roll.InjuryModifier", {
    effect: i18n.localize(modifier.effectKey),
    location: i18n.localize(modifier.locationKey),
    value: modifier.valueText,
  });
  label.append(box, ` ${text}`);
  return label;
}

/**
 * INJ-8: the pre-ticked boxes follow the card; they are rebuilt only when the offered set changes,
 * so a box the user unticked stays unticked while other fields change. Returns whether it rebuilt.
 */
export function syncInjuries(root: HTMLElement, view: LiveView): boolean {
  const injuries = root.querySelector<HTMLElement>("[data-injuries]");
  const offered = injuries?.querySelector<HTMLInputElement>('input[name="injuriesOffered"]');
  if (!injuries || !offered) return false;
  const sources = [...new Set(view.injuryModifiers.map((m) => m.source))].join(",");
  if (offered.value === sources) return false;
  offered.value = sources;
  const boxes = view.injuryModifiers.map(injuryBox);
  injuries.replaceChildren(offered, ...boxes);
  injuries.hidden = boxes.length === 0;
  const labelId = injuries.getAttribute("aria-labelledby");
  const heading = labelId ? root.querySelector<HTMLElement>(`#${labelId}`) : null;
  if (heading) heading.hidden = boxes.length === 0;
  return true;
}

/** RA-2, RA-3: the race's save box shows only while the request is a save; its tick stays. */
export function syncRaceSave(root: HTMLElement, view: LiveView): void {
  const box = root.querySelector<HTMLElement>("[data-race-save]");
  if (box) box.hidden = !view.raceSave?.shown;
}

/** RA-3: the race's box shows only while the chosen skill's test takes the bonus; its tick stays. */
export function syncRaceBonus(root: HTMLElement, view: LiveView): void {
  const box = root.querySelector<HTMLElement>("[data-race-bonus]");
  if (!box) return;
  box.hidden = view.raceBonus === "";
  const value = box.querySelector("[data-race-bonus-value]");
  if (value) value.textContent = game.i18n.format("ZILCH.Roll.RaceBonus", { value: view.raceBonus });
}

/**
 * SK-1: "Apply skill" shows only while a skill is chosen, with that skill's bonus. A skill chosen
 * where none was ticks the box, as choosing a skill means rolling with it; its tick stays after.
 */
export function syncSkill(root: HTMLElement, skillChosen: boolean, bonus: number): void {
  const box = root.querySelector<HTMLElement>("[data-apply-skill]");
  if (!box) return;
  const tick = box.querySelector<HTMLInputElement>('input[name="skill"]');
  if (tick && box.hidden && skillChosen) tick.checked = true;
  box.hidden = !skillChosen;
  const value = box.querySelector("[data-apply-skill-value]");
  if (value) value.textContent = game.i18n.format("ZILCH.Roll.ApplySkill", { bonus: String(bonus) });
}
