/**
 * A search box over a sheet's long lists (equipment and spells, skills and knacks,
 * an NPC's attacks and items). Rows are hidden in place as the user types, with no re-render; the
 * sheet keeps each box's text (ZilchActorSheet#listFilters) and applies it again after every render.
 * A row matches when its name holds every word typed, ignoring case and accents.
 */

/** The filter box's input; its `data-list-filter` names the list, kept per sheet. */
export const LIST_FILTER_SELECTOR = "input[data-list-filter]";

/**
 * Hides the rows (`li.item`, `li.attack`) of the input's tab or part whose name does not match, and
 * shows the box's "nothing matches" line when a query hides them all. Self-contained (no imports, no
 * module state), so the browser layer runs this very function in Chromium.
 */
export function filterRows(input: HTMLInputElement, query: string): number {
  const fold = (text: string) =>
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  const scope = input.closest(".tab, .statblock, .window-content") ?? input.ownerDocument.body;
  let shown = 0;
  for (const row of scope.querySelectorAll<HTMLElement>("li.item, li.attack")) {
    const name = fold(row.querySelector(".item-name")?.textContent ?? row.textContent ?? "");
    const match = words.every((w) => name.includes(w));
    row.hidden = !match;
    if (match) shown += 1;
  }
  const empty = input.closest(".list-filter")?.querySelector<HTMLElement>(".list-filter-empty");
  if (empty) empty.hidden = words.length === 0 || shown > 0;
  return shown;
}

/** After a render: restore each box's text, filter, and filter again as the user types. */
export function bindListFilters(root: HTMLElement, filters: Map<string, string>): void {
  for (const input of root.querySelectorAll<HTMLInputElement>(LIST_FILTER_SELECTOR)) {
    const list = input.dataset.listFilter ?? "";
    input.value = filters.get(list) ?? "";
    if (input.value) filterRows(input, input.value);
    input.addEventListener("input", () => {
      filters.set(list, input.value);
      filterRows(input, input.value);
    });
  }
}
