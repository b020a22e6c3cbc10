/**
 * The item sheets' context: one form per item type, built by walking the type's schema so every
 * stored property gets the right input (choices as selects, bounded numbers, checkboxes) and no path
 * can drift from the data model. The field classes are passed in (Foundry's, or the test stand-in's),
 * which keeps this module free of Foundry globals.
 */
import type { ItemType } from "./constants";

/** The field classes the walker tells apart (v13 `foundry.data.fields`). */
export interface FieldClasses {
  SchemaField: abstract new (...args: never[]) => object;
  NumberField: abstract new (...args: never[]) => object;
  StringField: abstract new (...args: never[]) => object;
  HTMLField: abstract new (...args: never[]) => object;
  BooleanField: abstract new (...args: never[]) => object;
  ArrayField: abstract new (...args: never[]) => object;
  SetField: abstract new (...args: never[]) => object;
}

interface FieldLike {
  fields?: Record<string, unknown>;
  element?: unknown;
  min?: number;
  max?: number;
  integer?: boolean;
  nullable?: boolean;
  choices?: unknown;
}

export type FieldView =
  | {
      kind: "number";
      path: string;
      name: string;
      labelKey: string;
      value: number | null;
      min: number | null;
      max: number | null;
      step: number | "any";
      nullable: boolean;
    }
  | {
      kind: "select";
      path: string;
      name: string;
      labelKey: string;
      value: string | null;
      options: Record<string, string>;
      nullable: boolean;
    }
  | { kind: "checkbox"; path: string; name: string; labelKey: string; value: boolean }
  | { kind: "text"; path: string; name: string; labelKey: string; value: string }
  | { kind: "group"; path: string; name: string; labelKey: string; fields: FieldView[] }
  | {
      kind: "array";
      path: string;
      name: string;
      labelKey: string;
      rows: { index: number; fields: FieldView[] }[];
    };

const choiceValues = (choices: unknown): string[] =>
  Array.isArray(choices)
    ? choices.map(String)
    : choices && typeof choices === "object"
      ? Object.keys(choices)
      : [];

/** One schema field as an input description; HTML fields belong to the description part. */
export function fieldView(
  field: unknown,
  name: string,
  path: string,
  value: unknown,
  classes: FieldClasses,
): FieldView | null {
  const f = field as FieldLike;
  const labelKey = `ZILCH.Item.Field.${name}`;
  const is = (cls: abstract new (...args: never[]) => object) => field instanceof cls;
  if (is(classes.HTMLField)) return null;
  if (is(classes.SchemaField)) {
    const source = (value ?? {}) as Record<string, unknown>;
    const fields = Object.entries(f.fields ?? {})
      .map(([child, childField]) => fieldView(childField, child, `${path}.${child}`, source[child], classes))
      .filter((v): v is FieldView => v !== null);
    return { kind: "group", path, name, labelKey, fields };
  }
  if (is(classes.ArrayField) && !is(classes.SetField)) {
    const rows = ((value ?? []) as unknown[]).map((row, index) => {
      const view = fieldView(f.element, name, `${path}.${index}`, row, classes);
      const fields = view === null ? [] : view.kind === "group" ? view.fields : [view];
      return { index, fields };
    });
    return { kind: "array", path, name, labelKey, rows };
  }
  if (is(classes.NumberField)) {
    return {
      kind: "number",
      path,
      name,
      labelKey,
      value: typeof value === "number" ? value : null,
      min: f.min ?? null,
      max: f.max ?? null,
      step: f.integer ? 1 : "any",
      nullable: Boolean(f.nullable),
    };
  }
  if (is(classes.BooleanField)) return { kind: "checkbox", path, name, labelKey, value: value === true };
  if (is(classes.StringField)) {
    const values = choiceValues(f.choices);
    if (values.length) {
      const options = Object.fromEntries(values.map((v) => [v, `ZILCH.Item.Choice.${name}.${v}`]));
      return {
        kind: "select",
        path,
        name,
        labelKey,
        value: typeof value === "string" ? value : null,
        options,
        nullable: Boolean(f.nullable),
      };
    }
    return { kind: "text", path, name, labelKey, value: typeof value === "string" ? value : "" };
  }
  // A field kind the item sheets do not edit (none today): shown nowhere rather than guessed at.
  return null;
}

export interface ItemInput {
  id: string;
  /** The document UUID the description editor binds to (v13 `<prose-mirror document-uuid>`). */
  uuid: string;
  name: string;
  img: string;
  type: ItemType;
  system: Record<string, unknown>;
  /** The type's schema fields (TypeDataModel.schema.fields). */
  schema: Record<string, unknown>;
  classes: FieldClasses;
  editable: boolean;
  enrichedDescription?: string;
}

/** Fields of each type that sit in the header rather than the details form. */
const HEADER_FIELDS = new Set(["description"]);

export function itemContext(input: ItemInput) {
  const fields = Object.entries(input.schema)
    .filter(([name]) => !HEADER_FIELDS.has(name))
    .map(([name, field]) => fieldView(field, name, `system.${name}`, input.system[name], input.classes))
    .filter((v): v is FieldView => v !== null);
  return {
    id: input.id,
    uuid: input.uuid,
    name: input.name,
    img: input.img,
    type: input.type,
    typeKey: `TYPES.Item.${input.type}`,
    editable: input.editable,
    locked: !input.editable,
    fields,
    description: input.enrichedDescription ?? String(input.system.description ?? ""),
    descriptionRaw: String(input.system.description ?? ""),
  };
}
export type ItemContext = ReturnType<typeof itemContext>;

/** Every input path a view list renders (for the template tests and the arrays' add/remove). */
export function viewPaths(views: readonly FieldView[]): string[] {
  return views.flatMap((v) =>
    v.kind === "group"
      ? viewPaths(v.fields)
      : v.kind === "array"
        ? v.rows.flatMap((r) => viewPaths(r.fields))
        : [v.path],
  );
}
