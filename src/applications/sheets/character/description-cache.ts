/**
 * Item descriptions enriched for the equipment rows, kept by the sheet between renders, so an
 * open sheet re-renders within its render budget. A row's description is enriched on the first
 * render that shows it, then only when its stored text or the viewer's right to see secrets changes:
 * a re-render after an HP change enriches nothing. Rows whose item is gone are forgotten.
 *
 * Known limit: a link's label is fixed when the description is enriched, so a linked document
 * renamed while the sheet is open shows its old name until the sheet is closed and opened again.
 */

/** A carried item's stored description (HTML the server sanitised: system.json htmlFields). */
export interface DescribedItem {
  id: string;
  description: string;
}

interface Entry {
  source: string;
  secrets: boolean;
  html: string;
}

export class DescriptionCache {
  readonly #entries = new Map<string, Entry>();
  /** How many descriptions were enriched since the sheet opened (read by the tests). */
  enrichedCount = 0;

  /**
   * The enriched description of each item that has one, by item id. `enrich` runs only for items
   * whose text (or `secrets`) differs from what was enriched before.
   */
  async of(
    items: readonly DescribedItem[],
    secrets: boolean,
    enrich: (item: DescribedItem) => Promise<string>,
  ): Promise<Record<string, string>> {
    const described = items.filter((item) => item.description.trim() !== "");
    const html = await Promise.all(described.map((item) => this.#one(item, secrets, enrich)));
    const live = new Set(described.map((item) => item.id));
    for (const id of [...this.#entries.keys()]) if (!live.has(id)) this.#entries.delete(id);
    return Object.fromEntries(described.map((item, i) => [item.id, html[i] ?? ""]));
  }

  async #one(item: DescribedItem, secrets: boolean, enrich: (item: DescribedItem) => Promise<string>) {
    const cached = this.#entries.get(item.id);
    if (cached && cached.source === item.description && cached.secrets === secrets) return cached.html;
    const html = await enrich(item);
    this.enrichedCount += 1;
    this.#entries.set(item.id, { source: item.description, secrets, html });
    return html;
  }
}
