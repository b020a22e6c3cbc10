/**
 * The array stored at a form path of a document (an ArrayField's value), for the add/remove row
 * actions. v13 replaces a whole array on update (#10833), so the actions write the full array back.
 */
export function arrayAt(document: object, path: string): unknown[] {
  const value: unknown = foundry.utils.getProperty(document, path);
  return Array.isArray(value) ? value : [];
}

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A submitted array (a real one, or an object keyed by row index as dotted names expand to). */
function submittedRows(value: unknown): Map<number, unknown> | null {
  if (Array.isArray(value)) return new Map(value.map((row, i) => [i, row]));
  if (!isPlain(value)) return null;
  const entries = Object.entries(value);
  if (!entries.every(([key]) => /^\d+$/.test(key))) return null;
  return new Map(entries.map(([key, row]) => [Number(key), row]));
}

/** One value of a row: a nested object or array fills its unsent fields from the stored row too. */
function fillRow(sent: unknown, stored: unknown): unknown {
  if (Array.isArray(stored)) return wholeArray(sent, stored) ?? sent;
  if (!isPlain(sent) || !isPlain(stored)) return sent;
  const row: Plain = { ...stored };
  for (const [key, value] of Object.entries(sent))
    row[key] = key in stored ? fillRow(value, stored[key]) : value;
  return row;
}

/**
 * The whole stored array with each sent row laid over its stored row, or null if `sent` is no array.
 * A real array of plain values (a multi-checkbox's or a multi-select's value, such as a character's
 * classes) is the whole new value as the form holds it: an unchecked box is a removed element, never
 * a row the form did not show, so it is taken as sent.
 */
function wholeArray(sent: unknown, stored: readonly unknown[]): unknown[] | null {
  if (Array.isArray(sent) && !sent.some(isPlain) && !stored.some(isPlain)) return [...sent];
  const rows = submittedRows(sent);
  if (!rows) return null;
  const length = Math.max(stored.length, ...[...rows.keys()].map((i) => i + 1));
  return Array.from({ length }, (_, i) => (rows.has(i) ? fillRow(rows.get(i), stored[i]) : stored[i]));
}

/**
 * The form's submit data with every array it touches made whole. v13 replaces an array on update
 * (#10833, #10541), so a form that shows only some fields of each row (an NPC attack's name, not its
 * riders or notes) would erase the rest; the rows are rebuilt from the stored source instead, in
 * `_processFormData` as dnd5e's habitat-config.mjs rebuilds its array (FOUNDRY-FACTS §7, "Arrays").
 * Fields outside arrays pass as sent.
 */
export function withWholeArrays(sentData: object, storedData: object): Plain {
  const sent: Plain = Object.fromEntries(Object.entries(sentData));
  const stored: Plain = Object.fromEntries(Object.entries(storedData));
  const out: Plain = { ...sent };
  for (const [key, value] of Object.entries(sent)) {
    const source = stored[key];
    if (Array.isArray(source)) out[key] = wholeArray(value, source) ?? value;
    else if (isPlain(value) && isPlain(source)) out[key] = withWholeArrays(value, source);
  }
  return out;
}
