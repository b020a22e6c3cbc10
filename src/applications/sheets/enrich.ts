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
