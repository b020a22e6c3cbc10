/**
 * The one check that a value read from outside (a stored flag, a socket payload, a dropped datum) is
 * a plain object whose fields may be read one by one. Arrays are not records: a field read from an
 * array would read its indices.
 */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
