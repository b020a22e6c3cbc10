/**
 * A cheater's tools for payloads: take what the player's own client really sent the GM (captured at
 * the GM's end, whatever shape the system's channel gives it) and change it.
 */
import { clone, isPlainObject } from "./objects";

/** Every string equal to `from`, anywhere in `value`, becomes `to`. */
export function replaceStrings(value: unknown, from: string, to: string): unknown {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((v) => replaceStrings(v, from, to));
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceStrings(v, from, to)]));
  return value;
}

/** The paths of every leaf (non-object value) of `value`. */
export function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (isPlainObject(value)) return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
  return prefix.length > 0 ? [prefix] : [];
}

const DELETE = Symbol("delete");

/** A copy of `value` with the leaf at `path` set to `leaf` (or removed). */
export function withLeaf(value: unknown, path: string[], leaf: unknown): unknown {
  const copy = clone(value) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (leaf === DELETE) delete target[last];
  else target[last] = leaf;
  return copy;
}

/** The malformed values each leaf is tried with: missing, wrong types, huge numbers, an unknown name. */
export const MALFORMED: readonly unknown[] = [
  DELETE,
  null,
  1e308,
  -1,
  Number.MAX_SAFE_INTEGER + 2,
  "makeMeGM",
  "x".repeat(100_000),
  {},
  [],
  true,
];

/** Every malformed variant of a captured payload, plus payloads that are not objects at all. */
export function malformedVariants(captured: unknown): unknown[] {
  const variants = leafPaths(captured).flatMap((path) =>
    MALFORMED.map((leaf) => withLeaf(captured, path, leaf)),
  );
  return [
    ...variants,
    null,
    42,
    "declare",
    [],
    {},
    { request: { kind: "makeMeGM" } },
    { type: "makeMeGM", payload: {} },
  ];
}
