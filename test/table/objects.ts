/**
 * How Foundry merges an update into a document's source, as far as the table needs it
 * (foundry.utils.expandObject / mergeObject): "a.b" keys expand into nested objects, objects merge,
 * arrays and other values replace, and a "-=key" entry deletes `key` (used by `unsetFlag`).
 * https://foundryvtt.com/api/v13/functions/foundry.utils.mergeObject.html
 */

export const clone = <T>(value: T): T => (value === undefined ? value : structuredClone(value));

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** foundry.utils.expandObject. */
export function expand(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split(".");
    let target = out;
    for (const part of parts.slice(0, -1)) {
      if (!isPlainObject(target[part])) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1]!;
    const expanded = isPlainObject(value) ? expand(value) : value;
    target[last] =
      isPlainObject(target[last]) && isPlainObject(expanded) ? { ...target[last], ...expanded } : expanded;
  }
  return out;
}

/**
 * Merges an (unexpanded) update into `target` in place; `_id` is never changed. With the update
 * option `recursive: false` each key the update names is replaced whole instead of merged ("If false,
 * inner objects will be replaced explicitly": the option as the v13 types document it, quoted in the
 * API review; dnd5e and crucible pass it to write objects whole).
 */
export function applyChanges(
  target: Record<string, unknown>,
  changes: Record<string, unknown>,
  options: { recursive?: unknown } = {},
): void {
  const { _id: _ignored, ...rest } = changes;
  if (options.recursive !== false) return mergeInto(target, expand(rest));
  for (const [key, value] of Object.entries(expand(rest))) {
    if (key.startsWith("-=")) delete target[key.slice(2)];
    else target[key] = clone(value);
  }
}

function mergeInto(target: Record<string, unknown>, changes: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(changes)) {
    if (key.startsWith("-=")) {
      delete target[key.slice(2)];
      continue;
    }
    if (isPlainObject(value) && isPlainObject(target[key])) mergeInto(target[key], value);
    else target[key] = clone(value);
  }
}

/** foundry.utils.getProperty. */
export function getProperty(object: unknown, path: string): unknown {
  let value = object;
  for (const part of path.split(".")) {
    if (!isPlainObject(value)) return undefined;
    value = value[part];
  }
  return value;
}
