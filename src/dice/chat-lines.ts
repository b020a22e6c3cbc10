/**
 * The chat cards that are a title and a few lines (a recovery, a character's rolled cards, a Grit
 * line): i18n keys with their data, formatted here, and one template, templates/chat/lines-card.hbs,
 * that renders them. The template escapes every line, so names typed by users never become markup.
 * Pure: the caller hands in Foundry's localize and format.
 */
export const LINES_CARD_TEMPLATE = "systems/zilch/templates/chat/lines-card.hbs";

/** One line of a card: an i18n key and its data (a value that is itself an i18n key is localized). */
export interface ChatLine {
  key: string;
  data: Record<string, string | number>;
}

/** Which card: its class is `<kind>-card` under `.zilch`. */
export type LinesCardKind = "recovery" | "chargen" | "grit" | "knack";

/** The template's context (a type, not an interface, so it is a plain record for renderTemplate). */
export type LinesCardContext = { kind: LinesCardKind; title: string; lines: string[] };

type Localize = (key: string) => string;
type Format = (key: string, data: Record<string, string>) => string;

/** A line's text: its data values localized where they are keys, then the line formatted. */
export function formatLine(line: ChatLine, localize: Localize, format: Format): string {
  const data = Object.fromEntries(
    Object.entries(line.data).map(([k, v]) => [
      k,
      typeof v === "string" && v.startsWith("ZILCH.") ? localize(v) : String(v),
    ]),
  );
  return format(line.key, data);
}

/** The card's context: the first line is its title, the others its list. */
export function linesCardContext(
  kind: LinesCardKind,
  lines: readonly ChatLine[],
  localize: Localize,
  format: Format,
): LinesCardContext {
  const text = lines.map((line) => formatLine(line, localize, format));
  return { kind, title: text[0] ?? "", lines: text.slice(1) };
}
