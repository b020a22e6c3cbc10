/**
 * The stand-in of `foundry.abstract.DataModel` and `foundry.abstract.TypeDataModel` (ARCHITECTURE.md §6):
 * - https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html
 * - https://foundryvtt.com/api/v13/classes/foundry.abstract.TypeDataModel.html
 * The constructor migrates (static migrateData), cleans (static cleanData) and validates (field
 * validation, then static validateJoint) its source, keeps it as `_source`, and initialises each
 * schema field onto the instance. `updateSource` cleans and validates a partial change before applying
 * it. Subclasses must not declare instance fields (they would overwrite the initialised values), the
 * same constraint Foundry's own models have.
 */
import { notImplemented, SchemaField, type DataField } from "./fields";

export interface ModelOptions {
  parent?: unknown;
  /** Throw on invalid data (the v13 default); false keeps the cleaned data as it is. */
  strict?: boolean;
}

/** Expands "a.b.c" keys into nested objects, as foundry.utils.expandObject does for updates. */
export function expandObject(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    if (key.split(".").some((part) => part.startsWith("-=") || part.startsWith("==")))
      notImplemented(`deletion or replacement key "${key}"`);
    const parts = key.split(".");
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      target = (target[part] = typeof next === "object" && next !== null ? next : {}) as Record<
        string,
        unknown
      >;
    }
    const last = parts[parts.length - 1]!;
    const expanded = isPlainObject(value) ? expandObject(value) : value;
    target[last] =
      isPlainObject(target[last]) && isPlainObject(expanded) ? merge(target[last], expanded) : expanded;
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Set);
}

/** Deep merge of `changes` into a copy of `target`; arrays are replaced, as foundry.utils.mergeObject does. */
export function merge(
  target: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(changes))
    out[key] = isPlainObject(value) && isPlainObject(out[key]) ? merge(out[key], value) : value;
  return out;
}

export class DataModelValidationError extends Error {}

const schemas = new WeakMap<object, SchemaField>();

export class DataModel {
  readonly _source: Record<string, unknown>;
  readonly parent: unknown;

  static defineSchema(): Record<string, DataField> {
    return notImplemented(`${this.name}.defineSchema`);
  }

  /** DataModel.schema: the SchemaField of defineSchema, built once per class. */
  static get schema(): SchemaField {
    let schema = schemas.get(this);
    if (!schema) {
      schema = new SchemaField(this.defineSchema());
      schemas.set(this, schema);
    }
    return schema;
  }

  /** DataModel.migrateData: upgrade an old source in place before it is cleaned. */
  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }

  /** DataModel.cleanData: coerce a source to the schema's types and bounds. */
  static cleanData(
    source: Record<string, unknown> = {},
    options: { partial?: boolean } = {},
  ): Record<string, unknown> {
    return this.schema.clean(source, options) as Record<string, unknown>;
  }

  /** DataModel.validateJoint: rules that involve several fields; throws when broken. */
  static validateJoint(_data: Record<string, unknown>): void {}

  constructor(data: Record<string, unknown> = {}, options: ModelOptions = {}) {
    const ctor = this.constructor as typeof DataModel;
    const copy = structuredClone(data);
    const migrated = ctor.migrateData(copy) ?? copy;
    this._source = ctor.cleanData(migrated);
    this.parent = options.parent ?? null;
    this.checkSource(this._source, options.strict ?? true);
    this._initialize();
  }

  /** Field validation then joint validation; a strict check throws a DataModelValidationError. */
  private checkSource(source: Record<string, unknown>, strict: boolean): boolean {
    const ctor = this.constructor as typeof DataModel;
    const failures = ctor.schema.validateEntries(source, "", false).map((f) => `${f.path}: ${f.message}`);
    try {
      ctor.validateJoint(source);
    } catch (error) {
      failures.push((error as Error).message);
    }
    if (failures.length && strict)
      throw new DataModelValidationError(`${ctor.name} validation errors:\n${failures.join("\n")}`);
    return failures.length === 0;
  }

  /** DataModel#validate: whether the current source is valid (throws when strict and it is not). */
  validate(options: { strict?: boolean } = {}): boolean {
    return this.checkSource(this._source, options.strict ?? true);
  }

  /** DataModel#_initialize: the prepared (instance) values from the source. */
  protected _initialize(): void {
    const ctor = this.constructor as typeof DataModel;
    for (const [name, field] of Object.entries(ctor.schema.fields))
      Reflect.set(this, name, field.initialize(structuredClone(this._source[name])));
  }

  /** DataModel#reset: discard prepared changes, re-initialising from the source. */
  reset(): void {
    this._initialize();
  }

  /**
   * DataModel#updateSource: clean the partial change, validate the result, then apply it and
   * re-initialise. Invalid changes throw and leave the source untouched. Returns the applied change.
   */
  updateSource(changes: Record<string, unknown> = {}): Record<string, unknown> {
    const ctor = this.constructor as typeof DataModel;
    const cleaned = ctor.schema.clean(expandObject(changes), { partial: true }) as Record<string, unknown>;
    const next = merge(this._source, cleaned);
    this.checkSource(next, true);
    for (const key of Object.keys(this._source)) delete this._source[key];
    Object.assign(this._source, next);
    this._initialize();
    return cleaned;
  }

  /** DataModel#toObject: a copy of the source (or of the prepared values when `source` is false). */
  toObject(source = true): Record<string, unknown> {
    if (source) return structuredClone(this._source);
    const ctor = this.constructor as typeof DataModel;
    return ctor.schema.toObject(this) as Record<string, unknown>;
  }
}

export class TypeDataModel extends DataModel {
  /** TypeDataModel#prepareBaseData: before embedded documents and active effects. */
  prepareBaseData(): void {}

  /** TypeDataModel#prepareDerivedData: after embedded documents and active effects. */
  prepareDerivedData(): void {}
}
