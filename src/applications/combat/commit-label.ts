/**
 * CH-7: the chip window's button says what pressing it commits, as the player types: "Done" for
 * nothing, "Commit 2 chips", "Spend the Boon", "Commit 1 chip and the Boon". The GM's client reads the
 * field's values when the button is pressed (attack-flow.ts `choicesOf`); this only names them.
 */

/** The i18n key and count of the button's words for a commit of `chips` chips and, if `boon`, the Boon. */
export function commitLabel(chips: number, boon: boolean): { key: string; n: number } {
  const n = Number.isFinite(chips) ? Math.max(0, Math.trunc(chips)) : 0;
  const what = n === 0 ? "" : n === 1 ? "One" : "Chips";
  if (!what) return { key: boon ? "ZILCH.Attack.Commit.Boon" : "ZILCH.Attack.Commit.Done", n };
  return { key: `ZILCH.Attack.Commit.${what}${boon ? "Boon" : ""}`, n };
}

/** Keeps the card's commit button in step with its chip field and Boon box as the viewer changes them. */
export function followCommit(card: Element): void {
  const button = card.querySelector<HTMLButtonElement>(
    'button[data-kind="commitAttacker"], button[data-kind="commitDefender"]',
  );
  const window = card.querySelector(".chip-window");
  if (!button || !window) return;
  const update = () => {
    const chips = window.querySelector<HTMLInputElement>('[data-field="chips"]');
    const boon = window.querySelector<HTMLInputElement>('[data-field="boon"]');
    const label = commitLabel(Number(chips?.value ?? 0), Boolean(boon?.checked));
    button.textContent = game.i18n.format(label.key, { n: String(label.n) });
  };
  window.addEventListener("input", update);
  window.addEventListener("change", update);
}
