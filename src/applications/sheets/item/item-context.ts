/**
 * The item sheets' context: one form per item type, built by walking the type's schema so every
 * stored property gets the right input (choices as selects, bounded numbers, checkboxes) and no path
 * can drift from the data model. The field classes are passed in (Foundry's, or the test stand-in's),
 * which keeps this module free of Foundry globals. Labels and hints are in players' words
 * (./item-words.ts); a player who may not edit, or an owner not editing, gets the read view
 * (./item-read.ts) instead of the form.
 */
import type { ItemType } from "../shared/constants";
import { RIDER_FIELDS, RIDER_KINDS } from "../../../data/constants";
import { blankKeyOf, hintKeyOf, labelKeyOf } from "./item-words";
import { derivedRows, READ_BY_DERIVED, readView } from "./item-read";
import { applyingViews, formByName } from "./item-forms";
import type { FieldView, FieldWords } from "./item-view";

export type { FieldView };

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

const choiceValues = (choices: unknown): string[] =>
  Array.isArray(choices)
    ? choices.map(String)
    : choices && typeof choices === "object"
      ? Object.keys(choices)
      : [];

/** Where a field sits: the item type at the top, the parent field's name below it (for its words). */
export type FieldOwner = ItemType | string;

function groupView(f: FieldLike, words: FieldWords, value: unknown, classes: FieldClasses): FieldView {
  const source = (value ?? {}) as Record<string, unknown>;
  const fields = Object.entries(f.fields ?? {})
    .map(([child, field]) =>
      fieldView(field, child, `${words.path}.${child}`, source[child], classes, words.name),
    )
    .filter((v): v is FieldView => v !== null);
  return { ...words, kind: "group", fields };
}

/**
 * DMG-6: a rider row shows its kind and only the fields that kind reads (RIDER_FIELDS); the others
 * keep their initial values and mean nothing to it. Any other array shows every field.
 */
function rowFields(arrayName: string, row: unknown, fields: FieldView[]): FieldView[] {
  if (arrayName !== "riders") return fields;
  const stored = (row ?? {}) as Record<string, unknown>;
  const kind = RIDER_KINDS.find((k) => k === stored.kind);
  if (!kind) return fields;
  const shown = new Set(["kind", ...RIDER_FIELDS[kind]]);
  return fields.filter((field) => shown.has(field.name));
}

/** The add and remove buttons of a list say what they add and remove (a bare "Add" names nothing). */
const LIST_WORDS: Readonly<Record<string, { addKey: string; removeKey: string }>> = {
  riders: { addKey: "ZILCH.Sheet.AddRider", removeKey: "ZILCH.Sheet.RemoveRider" },
  freeSkills: { addKey: "ZILCH.Sheet.AddFreeSkill", removeKey: "ZILCH.Sheet.RemoveFreeSkill" },
};

function arrayView(f: FieldLike, words: FieldWords, value: unknown, classes: FieldClasses): FieldView {
  const rows = ((value ?? []) as unknown[]).map((row, index) => {
    const view = fieldView(f.element, words.name, `${words.path}.${index}`, row, classes, words.name);
    const fields = view === null ? [] : view.kind === "group" ? view.fields : [view];
    return { index, fields: rowFields(words.name, row, fields) };
  });
  const keys = LIST_WORDS[words.name] ?? { addKey: "ZILCH.Sheet.AddRow", removeKey: "ZILCH.Sheet.RemoveRow" };
  return { ...words, kind: "array", rows, ...keys };
}

function stringView(f: FieldLike, words: FieldWords, value: unknown, owner: FieldOwner): FieldView {
  const values = choiceValues(f.choices);
  if (!values.length) return { ...words, kind: "text", value: typeof value === "string" ? value : "" };
  return {
    ...words,
    kind: "select",
    value: typeof value === "string" ? value : null,
    options: Object.fromEntries(values.map((v) => [v, `ZILCH.Item.Choice.${words.name}.${v}`])),
    nullable: Boolean(f.nullable),
    blankKey: blankKeyOf(owner, words.name),
  };
}

/** One schema field as an input description; HTML fields belong to the description part. */
export function fieldView(
  field: unknown,
  name: string,
  path: string,
  value: unknown,
  classes: FieldClasses,
  owner: FieldOwner,
): FieldView | null {
  const f = field as FieldLike;
  const words: FieldWords = {
    path,
    name,
    labelKey: labelKeyOf(owner, name),
    hintKey: hintKeyOf(owner, name),
  };
  const is = (cls: abstract new (...args: never[]) => object) => field instanceof cls;
  if (is(classes.HTMLField)) return null;
  if (is(classes.SchemaField)) return groupView(f, words, value, classes);
  if (is(classes.ArrayField) && !is(classes.SetField)) return arrayView(f, words, value, classes);
  if (is(classes.NumberField)) {
    return {
      ...words,
      kind: "number",
      value: typeof value === "number" ? value : null,
      min: f.min ?? null,
      max: f.max ?? null,
      step: f.integer ? 1 : "any",
      nullable: Boolean(f.nullable),
    };
  }
  if (is(classes.BooleanField)) return { ...words, kind: "checkbox", value: value === true };
  if (is(classes.StringField)) return stringView(f, words, value, owner);
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
  /** Whether this user may change the item (owner, or GM). */
  editable: boolean;
  /** Whether an owner has the form open; a user who may not edit always reads. */
  editMode: boolean;
  enrichedDescription?: string;
}

/** Fields of each type that sit in the header rather than the details form. */
const HEADER_FIELDS = new Set(["description"]);

/** The read view: what the rules make of the item, then the fields that apply to it. */
function readRows(type: ItemType, system: Record<string, unknown>, applying: readonly FieldView[]) {
  const derivedAlready = READ_BY_DERIVED[type];
  const stored = derivedAlready ? applying.filter((v) => !derivedAlready.has(v.name)) : applying;
  return [...derivedRows(type, system), ...readView(stored)];
}

export function itemContext(input: ItemInput) {
  const fields = Object.entries(input.schema)
    .filter(([name]) => !HEADER_FIELDS.has(name))
    .map(([name, field]) =>
      fieldView(field, name, `system.${name}`, input.system[name], input.classes, input.type),
    )
    .filter((v): v is FieldView => v !== null);
  const editing = input.editable && input.editMode;
  const applying = applyingViews(input.type, input.system, fields);
  return {
    id: input.id,
    uuid: input.uuid,
    name: input.name,
    img: input.img,
    type: input.type,
    typeKey: `TYPES.Item.${input.type}`,
    editable: input.editable,
    editing,
    locked: !editing,
    modeKey: editing ? "ZILCH.Sheet.PlayMode" : "ZILCH.Sheet.EditMode",
    /** Every field the type stores, whether it applies now or not (for the words and the paths). */
    fields: editing ? fields : [],
    /** The fields that apply to this item, by name, which the type's form template lays out. */
    form: editing ? formByName(applying) : {},
    read: editing ? [] : readRows(input.type, input.system, applying),
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
