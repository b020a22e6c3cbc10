/**
 * A stored record the rules compute whole (an attack's result, its damage, its injury roll...): kept
 * as an object whose shape the rules own, but bounded as data. Every number in it must be finite and
 * within RECORD_LIMIT, strings short, and the nesting shallow, so no stored value can grow without
 * bound or carry a NaN into a total. The GM's client alone writes these, so the bound is a
 * guard against a damaged world, not the only check.
 */

/** The largest number a computed record holds (totals, margins, damage, HP: all far below it). */
export const RECORD_LIMIT = 9999;
/** Names and item labels in a record (a Disarm's held items) stay short. */
const TEXT_LIMIT = 200;
const DEPTH_LIMIT = 6;
const ENTRIES_LIMIT = 64;

/**
 * Whether every leaf of `value` is a bounded number, a short string, a boolean or null (or undefined,
 * an optional part left unset, which storing drops).
 */
export function isBoundedRecord(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value) && Math.abs(value) <= RECORD_LIMIT;
  if (typeof value === "string") return value.length <= TEXT_LIMIT;
  if (typeof value !== "object" || depth >= DEPTH_LIMIT) return false;
  const entries = Array.isArray(value) ? value : Object.values(value);
  return entries.length <= ENTRIES_LIMIT && entries.every((v) => isBoundedRecord(v, depth + 1));
}

/**
 * A plain object type with the same keys as `T`: the stored form of a record interface, which
 * `foundry.data.fields.ObjectField` types as an object with an index signature (tsc, fvtt-types
 * 13.345.1: an interface is not assignable to it, a mapped type is).
 */
export type Stored<T> = { [K in keyof T]: T[K] };

/**
 * A bounded record, or null while the card has not reached it. `validate`/`validationError` are the
 * DataField options dnd5e uses for its own checks (release-5.1.10 module/data/item/class.mjs).
 */
/** The options of a record field: the bounded check and its message. */
export type Checked = { validate: (v: unknown) => boolean; validationError: string };

export function record<T extends object>() {
  return new foundry.data.fields.ObjectField<
    { required: true; nullable: true; initial: null } & Checked,
    Stored<T> | null,
    Stored<T> | null,
    Stored<T> | null
  >({
    required: true,
    nullable: true,
    initial: null,
    validate: (v: unknown) => v === null || isBoundedRecord(v),
    validationError: `must hold only numbers within ±${RECORD_LIMIT} and short texts`,
  });
}

/** A bounded record that is always there (a side's facts, one entry of a list). */
export function requiredRecord<T extends object>() {
  return new foundry.data.fields.ObjectField<
    { required: true; nullable: false } & Checked,
    Stored<T>,
    Stored<T>,
    Stored<T>
  >({
    required: true,
    nullable: false,
    validate: (v: unknown) => isBoundedRecord(v),
    validationError: `must hold only numbers within ±${RECORD_LIMIT} and short texts`,
  });
}

/** A list of bounded records (a side's named modifiers, a weapon's riders). */
export function records<T extends object>() {
  return new foundry.data.fields.ArrayField(requiredRecord<T>(), { required: true, initial: [] });
}
