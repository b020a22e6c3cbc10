/**
 * The array stored at a form path of a document (an ArrayField's value), for the add/remove row
 * actions. v13 replaces a whole array on update (#10833), so the actions write the full array back.
 */
export function arrayAt(document: object, path: string): unknown[] {
  const value: unknown = foundry.utils.getProperty(document, path);
  return Array.isArray(value) ? value : [];
}
