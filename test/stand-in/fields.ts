/**
 * The stand-in of `foundry.data.fields` (ARCHITECTURE.md §6): only the field classes the data models
 * use, with the cleaning, validation and initial values the v13 API documents:
 * - https://foundryvtt.com/api/v13/classes/foundry.data.fields.DataField.html
 * - https://foundryvtt.com/api/v13/classes/foundry.data.fields.SchemaField.html
 * - https://foundryvtt.com/api/v13/classes/foundry.data.fields.NumberField.html
 * - https://foundryvtt.com/api/v13/classes/foundry.data.fields.StringField.html
 * - https://foundryvtt.com/api/v13/classes/foundry.data.fields.BooleanField.html
 * - https://foundryvtt.com/api/v13/classes/foundry.data.fields.HTMLField.html
 * - https://foundryvtt.com/api/v13/classes/foundry.data.fields.ArrayField.html
 * - https://foundryvtt.com/api/v13/classes/foundry.data.fields.SetField.html
 * - https://foundryvtt.com/api/v13/classes/foundry.data.fields.ObjectField.html
 * Every field takes the documented `validate` option, a function of the value that returns false (or
 * throws) for a bad one, with `validationError` as the message [dnd5e release-5.1.10
 * module/data/item/class.mjs passes both].
 * Any option or member not listed here throws `not implemented by the stand-in: <member>`.
 */

export function notImplemented(member: string): never {
  throw new Error(`not implemented by the stand-in: ${member}`);
}

export interface CleanOptions {
  /** A partial update: keys absent from the data stay absent (SchemaField#clean). */
  partial?: boolean;
  source?: unknown;
}

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  label?: string;
  hint?: string;
  [option: string]: unknown;
}

/** One failed value: its path inside the model and why (DataModelValidationFailure, simplified). */
export interface ValidationFailure {
  path: string;
  message: string;
}

const KNOWN_COMMON = new Set([
  "required",
  "nullable",
  "initial",
  "label",
  "hint",
  "validate",
  "validationError",
]);

/** DataField: the shared clean → cast → cleanType, and validate → validateType, pipeline. */
export abstract class DataField {
  readonly options: FieldOptions;
  required: boolean;
  nullable: boolean;
  initial: unknown;
  name = "";

  constructor(options: FieldOptions = {}, known: readonly string[] = []) {
    for (const key of Object.keys(options))
      if (!KNOWN_COMMON.has(key) && !known.includes(key))
        notImplemented(`${this.constructor.name} option "${key}"`);
    const merged = { ...this.defaults(), ...options };
    this.options = merged;
    this.required = Boolean(merged.required);
    this.nullable = Boolean(merged.nullable);
    this.initial = merged.initial;
  }

  protected defaults(): FieldOptions {
    return { required: false, nullable: false, initial: undefined };
  }

  /** DataField#getInitialValue: call a function initial, otherwise a deep copy of it. */
  getInitialValue(source?: unknown): unknown {
    const initial = this.initial;
    if (typeof initial === "function") return (initial as (data: unknown) => unknown)(source);
    return structuredClone(initial);
  }

  /** DataField#clean: null is kept only when nullable, otherwise (like undefined) becomes the initial value. */
  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === null) {
      if (this.nullable) return null;
      value = undefined;
    }
    if (value === undefined) return this.getInitialValue(options.source);
    return this._cleanType(this._cast(value), options);
  }

  protected _cast(value: unknown): unknown {
    return value;
  }

  protected _cleanType(value: unknown, _options: CleanOptions): unknown {
    return value;
  }

  /** DataField#validate: the failures of this value (empty when valid). */
  validate(value: unknown, path: string): ValidationFailure[] {
    if (value === undefined) return this.required ? [{ path, message: "may not be undefined" }] : [];
    if (value === null) return this.nullable ? [] : [{ path, message: "may not be null" }];
    const message = this._validateType(value, path);
    if (Array.isArray(message)) return message.length ? message : this.validateOption(value, path);
    return message ? [{ path, message }] : this.validateOption(value, path);
  }

  /** The `validate` option, run after the type's own check passes. */
  private validateOption(value: unknown, path: string): ValidationFailure[] {
    const check = this.options.validate;
    if (check === undefined) return [];
    if (typeof check !== "function")
      return notImplemented(`${this.constructor.name} validate that is not a function`);
    let ok: unknown;
    try {
      ok = check(value);
    } catch (error) {
      return [{ path, message: (error as Error).message }];
    }
    if (ok !== false) return [];
    const message = this.options.validationError;
    return [{ path, message: typeof message === "string" ? message : "is not a valid value" }];
  }

  protected abstract _validateType(value: unknown, path: string): string | ValidationFailure[] | undefined;

  /** DataField#initialize: the prepared value from a source value. */
  initialize(value: unknown): unknown {
    return value;
  }

  /** DataField#toObject: the source form of a prepared value. */
  toObject(value: unknown): unknown {
    return structuredClone(value);
  }
}

/** SchemaField: an object of named fields; unknown keys are dropped when cleaning. */
export class SchemaField extends DataField {
  readonly fields: Record<string, DataField>;

  constructor(fields: Record<string, DataField>, options: FieldOptions = {}) {
    super(options);
    this.fields = fields;
    for (const [name, field] of Object.entries(fields)) field.name = name;
  }

  protected override defaults(): FieldOptions {
    return { required: true, nullable: false, initial: undefined };
  }

  override getInitialValue(source?: unknown): unknown {
    if (this.initial !== undefined) return super.getInitialValue(source);
    const value: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(this.fields)) value[name] = field.getInitialValue(source);
    return value;
  }

  has(name: string): boolean {
    return name in this.fields;
  }

  get(name: string): DataField | undefined {
    return this.fields[name];
  }

  protected override _cast(value: unknown): unknown {
    return typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value } : {};
  }

  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    const data = value as Record<string, unknown>;
    for (const key of Object.keys(data)) if (!this.has(key)) delete data[key];
    for (const [name, field] of Object.entries(this.fields)) {
      if (options.partial && !(name in data)) continue;
      data[name] = field.clean(data[name], { ...options, source: data });
    }
    return data;
  }

  protected override _validateType(value: unknown, path: string): string | ValidationFailure[] | undefined {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return "must be an object";
    return this.validateEntries(value as Record<string, unknown>, path, false);
  }

  /** Validates each field; a partial validation skips the keys that are absent. */
  validateEntries(data: Record<string, unknown>, path: string, partial: boolean): ValidationFailure[] {
    const failures: ValidationFailure[] = [];
    for (const [name, field] of Object.entries(this.fields)) {
      if (partial && !(name in data)) continue;
      failures.push(...field.validate(data[name], path ? `${path}.${name}` : name));
    }
    return failures;
  }

  override initialize(value: unknown): unknown {
    if (value === null || value === undefined) return value;
    const data = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(this.fields)) out[name] = field.initialize(data[name]);
    return out;
  }

  override toObject(value: unknown): unknown {
    if (value === null || value === undefined) return value;
    const data = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(this.fields)) out[name] = field.toObject(data[name]);
    return out;
  }
}

/** NumberField: casts with Number(); cleaning rounds integers and clamps into [min, max]. */
export class NumberField extends DataField {
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly integer: boolean;
  readonly positive: boolean;

  constructor(options: FieldOptions = {}) {
    super(options, ["min", "max", "integer", "positive"]);
    this.min = options.min as number | undefined;
    this.max = options.max as number | undefined;
    this.integer = Boolean(options.integer);
    this.positive = Boolean(options.positive);
  }

  protected override defaults(): FieldOptions {
    return { required: false, nullable: true, initial: null };
  }

  protected override _cast(value: unknown): unknown {
    return Number(value);
  }

  protected override _cleanType(value: unknown): unknown {
    if (typeof value !== "number" || Number.isNaN(value)) return value;
    let n = this.integer ? Math.round(value) : value;
    if (this.min !== undefined && n < this.min) n = this.min;
    if (this.max !== undefined && n > this.max) n = this.max;
    return n;
  }

  protected override _validateType(value: unknown): string | undefined {
    if (typeof value !== "number" || !Number.isFinite(value)) return "must be a finite number";
    if (this.integer && !Number.isInteger(value)) return "must be an integer";
    if (this.positive && value <= 0) return "must be positive";
    if (this.min !== undefined && value < this.min) return `must be at least ${this.min}`;
    if (this.max !== undefined && value > this.max) return `must be at most ${this.max}`;
    return undefined;
  }
}

type Choices = readonly string[] | Record<string, string>;

/** StringField: casts with String(), trims; a blank value where blank is not allowed becomes null or the initial. */
export class StringField extends DataField {
  readonly blank: boolean;
  readonly trim: boolean;
  readonly choices: Choices | undefined;

  constructor(options: FieldOptions = {}) {
    super(options, ["blank", "trim", "choices"]);
    const merged = this.options;
    this.blank = merged.blank !== false;
    this.trim = merged.trim !== false;
    this.choices = merged.choices as Choices | undefined;
    if (typeof this.choices === "function") notImplemented("StringField choices as a function");
  }

  protected override defaults(): FieldOptions {
    return { required: false, nullable: false, initial: undefined, blank: true, trim: true };
  }

  override clean(value: unknown, options: CleanOptions = {}): unknown {
    if (typeof value === "string" && this.trim) value = value.trim();
    if (value === "" && !this.blank) value = this.nullable ? null : undefined;
    return super.clean(value, options);
  }

  protected override _cast(value: unknown): unknown {
    return String(value);
  }

  private allowed(value: string): boolean {
    if (!this.choices) return true;
    return Array.isArray(this.choices) ? this.choices.includes(value) : Object.hasOwn(this.choices, value);
  }

  protected override _validateType(value: unknown): string | undefined {
    if (typeof value !== "string") return "must be a string";
    if (!this.blank && value === "") return "may not be a blank string";
    if (!this.allowed(value)) return `"${value}" is not a valid choice`;
    return undefined;
  }
}

/** HTMLField: a StringField holding markup (sanitising happens at render, not in the field). */
export class HTMLField extends StringField {
  protected override defaults(): FieldOptions {
    return { required: true, nullable: false, initial: undefined, blank: true, trim: true };
  }
}

/** BooleanField: the strings "true"/"false" cast as written; other values by truthiness. */
export class BooleanField extends DataField {
  protected override defaults(): FieldOptions {
    return { required: true, nullable: false, initial: false };
  }

  protected override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }

  protected override _validateType(value: unknown): string | undefined {
    return typeof value === "boolean" ? undefined : "must be a boolean";
  }
}

/** ArrayField: a list of one element field; a Set or an index-keyed object (form data) becomes an array. */
export class ArrayField extends DataField {
  readonly element: DataField;

  constructor(element: DataField, options: FieldOptions = {}) {
    super(options);
    this.element = element;
  }

  protected override defaults(): FieldOptions {
    return { required: true, nullable: false, initial: () => [] };
  }

  protected override _cast(value: unknown): unknown {
    if (value instanceof Set) return [...value];
    if (Array.isArray(value)) return [...value];
    if (typeof value === "object" && value !== null) return Object.values(value);
    return [value];
  }

  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    return (value as unknown[]).map((v) => this.element.clean(v, { ...options, partial: false }));
  }

  protected override _validateType(value: unknown, path: string): string | ValidationFailure[] | undefined {
    if (!Array.isArray(value)) return "must be an array";
    return value.flatMap((v, i) => this.element.validate(v, `${path}.${i}`));
  }

  override initialize(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.initialize(v)) : value;
  }

  override toObject(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.toObject(v)) : value;
  }
}

/** SetField: an ArrayField of unique values, stored as an array and initialised as a Set. */
export class SetField extends ArrayField {
  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    return [...new Set(super._cleanType(value, options) as unknown[])];
  }

  protected override _validateType(value: unknown, path: string): string | ValidationFailure[] | undefined {
    const failures = super._validateType(value, path);
    if (failures && !Array.isArray(failures)) return failures;
    if (new Set(value as unknown[]).size !== (value as unknown[]).length) return "must hold unique values";
    return failures;
  }

  override initialize(value: unknown): unknown {
    return Array.isArray(value) ? new Set(value.map((v) => this.element.initialize(v))) : value;
  }

  override toObject(value: unknown): unknown {
    return value instanceof Set ? [...value].map((v) => this.element.toObject(v)) : super.toObject(value);
  }
}

/** ObjectField: a free-form plain object (its content is not cleaned); anything else cleans to {}. */
export class ObjectField extends DataField {
  protected override defaults(): FieldOptions {
    return { required: true, nullable: false, initial: () => ({}) };
  }

  protected override _cast(value: unknown): unknown {
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
  }

  protected override _validateType(value: unknown): string | undefined {
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? undefined
      : "must be an object";
  }
}
