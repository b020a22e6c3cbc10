/**
 * An unlinked token's own actor (the "synthetic" actor), as far as the evidence shows it:
 * - It is the token's world actor (its base actor) with the token's own changes applied; the changes
 *   live in the token's ActorDelta, embedded in the token, never in the world actor
 *   (foundryvtt#6892, #9131: `TokenDocument#actor` is that actor, `token.delta` holds the changes).
 * - It keeps its base actor's id; its uuid is `Scene.<id>.Token.<id>.Actor.<id>` (foundryvtt#11544),
 *   and `game.actors.get(id)` gives the base actor, never a token's (foundry-vtt-mcp#111).
 * - A change to the base actor shows through wherever the token has not changed the same thing
 *   (Rughalt/D35E#353: unlinked tokens follow their base actor until they differ).
 * - Its ownership is the base actor's merged with the token's own (foundryvtt#11034, a Foundry
 *   developer's console session), and an owner of the base actor may update it (foundryvtt#9509).
 *
 * How a delta stores a change is Foundry's business: the table keeps a delta as the difference
 * between the synthetic actor and its base (changed values; embedded items and effects whole, by id;
 * the ids of the base's items and effects the token removed). How Foundry keeps a key that the base
 * actor holds and the token removed is not in our evidence: that change throws.
 */
import { notImplemented } from "../stand-in/fields";
import { clone, isPlainObject } from "./objects";

/** The embedded collections a delta keeps by id, and where it keeps the ids the token removed. */
const EMBEDDED = ["items", "effects"] as const;
type Source = Record<string, unknown>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The synthetic actor's source: the base actor's with the token's delta applied. */
export function syntheticSource(base: Source, delta: Source | undefined): Source {
  const out = clone(base);
  if (!delta) return out;
  const { removed, ...rest } = delta as Source & { removed?: Record<string, string[]> };
  for (const [key, value] of Object.entries(rest)) {
    if ((EMBEDDED as readonly string[]).includes(key)) continue;
    out[key] = merged(out[key], value);
  }
  for (const key of EMBEDDED) {
    const own = (delta[key] ?? []) as Source[];
    const gone = new Set(removed?.[key] ?? []);
    const kept = ((base[key] ?? []) as Source[])
      .filter((d) => !gone.has(String(d._id)))
      .map((d) => clone(own.find((o) => o._id === d._id) ?? d));
    const added = own.filter((o) => !kept.some((d) => d._id === o._id));
    if (kept.length + added.length > 0 || key in base) out[key] = [...kept, ...clone(added)];
  }
  return out;
}

function merged(base: unknown, change: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(change)) return clone(change);
  const out = clone(base);
  for (const [key, value] of Object.entries(change)) out[key] = merged(out[key], value);
  return out;
}

/** The delta that turns `base` into `synthetic` (the inverse of `syntheticSource`). */
export function deltaOf(base: Source, synthetic: Source): Source {
  const delta: Source = {};
  for (const [key, value] of Object.entries(synthetic)) {
    if (key === "_id" || (EMBEDDED as readonly string[]).includes(key)) continue;
    const change = difference(base[key], value, key);
    if (change !== undefined) delta[key] = change;
  }
  for (const key of Object.keys(base))
    if (!(key in synthetic) && !(EMBEDDED as readonly string[]).includes(key))
      notImplemented(`removing "${key}", which the base actor holds, from an unlinked token's actor`);
  const removed: Record<string, string[]> = {};
  for (const key of EMBEDDED) {
    const mine = (synthetic[key] ?? []) as Source[];
    const theirs = (base[key] ?? []) as Source[];
    const own = mine.filter(
      (d) =>
        !same(
          d,
          theirs.find((t) => t._id === d._id),
        ),
    );
    if (own.length > 0) delta[key] = clone(own);
    const gone = theirs.filter((t) => !mine.some((d) => d._id === t._id)).map((t) => String(t._id));
    if (gone.length > 0) removed[key] = gone;
  }
  if (Object.keys(removed).length > 0) delta.removed = removed;
  return delta;
}

function difference(base: unknown, value: unknown, path: string): unknown {
  if (same(base, value)) return undefined;
  if (!isPlainObject(base) || !isPlainObject(value)) return clone(value);
  const out: Source = {};
  for (const [key, inner] of Object.entries(value)) {
    const change = difference(base[key], inner, `${path}.${key}`);
    if (change !== undefined) out[key] = change;
  }
  for (const key of Object.keys(base))
    if (!(key in value))
      notImplemented(`removing "${path}.${key}", which the base actor holds, from an unlinked token's actor`);
  return out;
}
