/**
 * The HTML fields a sheet shows in play mode, enriched once per render by v13's TextEditor (links,
 * rolls, and secret blocks only for the document's owners).
 */
export async function enrichFields<K extends string>(
  document: foundry.abstract.Document.Any,
  fields: Readonly<Record<K, string>>,
): Promise<Record<K, string>> {
  const owner = (document as unknown as { isOwner?: boolean }).isOwner ?? false;
  const entries = await Promise.all(
    (Object.entries(fields) as [K, string][]).map(
      async ([key, html]) =>
        [
          key,
          await foundry.applications.ux.TextEditor.implementation.enrichHTML(html, {
            relativeTo: document as never,
            secrets: owner,
          }),
        ] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<K, string>;
}
