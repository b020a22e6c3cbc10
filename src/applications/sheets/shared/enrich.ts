/**
 * The HTML fields a sheet shows in play mode, enriched once per render by v13's TextEditor (links,
 * rolls, and secret blocks only for the document's owners).
 */
export async function enrichFields<K extends string>(
  document: Actor.Implementation | Item.Implementation,
  fields: Readonly<Record<K, string>>,
): Promise<Record<K, string>> {
  const keys = Object.keys(fields).filter((key): key is K => key in fields);
  const enriched = await Promise.all(
    keys.map((key) =>
      foundry.applications.ux.TextEditor.implementation.enrichHTML(fields[key], {
        relativeTo: document,
        secrets: document.isOwner,
      }),
    ),
  );
  const result: Partial<Record<K, string>> = {};
  keys.forEach((key, i) => (result[key] = enriched[i]));
  return result as Record<K, string>;
}

/**
 * One item's description, enriched relative to the item (so its relative links resolve), with
 * secret blocks only for the item's owners: `foundry.applications.ux.TextEditor.implementation
 * .enrichHTML(content, { relativeTo, secrets })`, as draw-steel 0.11 calls it in
 * src/module/utils/enrich-html.mjs.
 */
export function enrichItemDescription(item: Item.Implementation, description: string): Promise<string> {
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(description, {
    relativeTo: item,
    secrets: item.isOwner,
  });
}
