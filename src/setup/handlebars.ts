/**
 * The system's own Handlebars helpers. They are pure functions of their arguments, so the template
 * tests register exactly these on a fresh Handlebars instance; Foundry gets them on `init`.
 * Names are prefixed `zilch-` so they never shadow Foundry's or another package's helpers.
 */
import { ruleLinkHtml } from "../data/rules-links";

type Helper = (...args: unknown[]) => unknown;

/** A signed modifier as players read it: +2, 0, −3 (a true minus sign). */
export function signed(value: unknown): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return "";
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${Math.abs(n)}`;
  return "0";
}

export const SYSTEM_HELPERS: Readonly<Record<string, Helper>> = {
  "zilch-signed": (value) => signed(value),
  // Zero-based indices read as ordinals to players ("chip 1 of 5").
  "zilch-inc": (value) => Number(value) + 1,
  // A condition, stance or `topic:<name>` as a link to its rules page; HTML, so templates use {{{ }}}.
  // An optional third argument is the link's spoken name, where the label alone repeats down a list.
  "zilch-rule-link": (key, label, name) =>
    ruleLinkHtml(String(key), String(label), typeof name === "string" ? name : undefined),
};

/** Registers SYSTEM_HELPERS with Foundry's global Handlebars; called on `init`. */
export function registerHandlebarsHelpers(): void {
  for (const [name, helper] of Object.entries(SYSTEM_HELPERS)) Handlebars.registerHelper(name, helper);
}
