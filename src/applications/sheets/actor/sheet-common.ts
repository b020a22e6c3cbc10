/**
 * What the character and NPC sheets' context builders share: the suit glyphs, the embedded-item
 * shape, the identity and mode fields, and the readers of loosely typed item data. Kept apart from
 * both builders so neither (nor the recovery view) imports the other.
 */
import type { Suit } from "../../../rules/vocabulary";

/** The suit glyphs, shown beside the localized names. */
export const SUIT_SYMBOL: Readonly<Record<Suit, string>> = {
  clubs: "\u2663",
  spades: "\u2660",
  diamonds: "\u2666",
  hearts: "\u2665",
};

/** An embedded item: its id, name, image, sort and prepared system data. */
export interface PlainItem {
  id: string;
  name: string;
  img: string;
  type: string;
  sort: number;
  system: Record<string, unknown>;
}

/** What every actor sheet says about its document and its edit/play mode. */
export interface SheetIdentityInput {
  id: string;
  uuid: string;
  name: string;
  img: string;
  editable: boolean;
  editMode: boolean;
}

/** The identity and mode fields shared by the character and NPC sheets: play mode or no right to edit locks it. */
export function sheetIdentity(input: SheetIdentityInput) {
  return {
    id: input.id,
    uuid: input.uuid,
    name: input.name,
    img: input.img,
    editable: input.editable,
    editMode: input.editMode,
    locked: !input.editable || !input.editMode,
    modeKey: input.editMode ? "ZILCH.Sheet.PlayMode" : "ZILCH.Sheet.EditMode",
  };
}

export const num = (value: unknown, fallback = 0): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;
export const str = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);
export const bool = (value: unknown): boolean => value === true;

/** Each part's context builder merged into one context (for the tests, the bench and the roll dialog). */
export function mergeParts<Input, Parts extends Record<string, (input: Input) => object>>(
  parts: Parts,
  input: Input,
): UnionToIntersection<ReturnType<Parts[keyof Parts]>> {
  return Object.assign({}, ...Object.values(parts).map((build) => build(input)));
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;
