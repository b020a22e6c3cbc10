/**
 * What the item sheets know of one stored field: built by ./item-context.ts from
 * the schema, shown as a form input (templates/item/field.hbs) or read (./item-read.ts).
 */
/** What every field view carries: where it is stored, and the words a player reads for it. */
export interface FieldWords {
  path: string;
  name: string;
  labelKey: string;
  /** A sentence saying what the field means in the game, or null where the label says it all. */
  hintKey: string | null;
}

export type FieldView = FieldWords &
  (
    | {
        kind: "number";
        value: number | null;
        min: number | null;
        max: number | null;
        step: number | "any";
        nullable: boolean;
      }
    | {
        kind: "select";
        value: string | null;
        options: Record<string, string>;
        nullable: boolean;
        /** What the empty choice means here ("Homebrew skill", or plain "None"). */
        blankKey: string;
      }
    | { kind: "checkbox"; value: boolean }
    | { kind: "text"; value: string }
    | { kind: "group"; fields: FieldView[] }
    | { kind: "array"; rows: { index: number; fields: FieldView[] }[]; addKey: string; removeKey: string }
  );
