import { readFileSync } from "node:fs";
import { join } from "node:path";

/** lang/en.json, the one source of user-facing strings. */
export const EN: Record<string, unknown> = JSON.parse(
  readFileSync(join(import.meta.dirname, "..", "..", "lang", "en.json"), "utf8"),
) as Record<string, unknown>;

/** The string at a dotted key, or undefined when lang/en.json has none. */
export function lookup(key: string): string | undefined {
  let node: unknown = EN;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** True when lang/en.json has the key, as a string or as a group of keys (a prefix the code extends). */
export function hasKey(key: string): boolean {
  let node: unknown = EN;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return false;
    node = (node as Record<string, unknown>)[part];
  }
  return node !== undefined;
}

export class MissingI18nKeyError extends Error {
  constructor(readonly key: string) {
    super(`lang/en.json has no key "${key}"`);
  }
}

/**
 * Mirrors Foundry v13 `game.i18n.localize` / `format` (https://foundryvtt.com/api/v13/classes/foundry.helpers.Localization.html)
 * but throws on a missing key instead of echoing it, so a test finds every missing string.
 */
export function localize(key: string, data: Record<string, unknown> = {}): string {
  const text = lookup(key);
  if (text === undefined) throw new MissingI18nKeyError(key);
  return text.replace(/{([^}]+)}/g, (whole, name: string) => (name in data ? String(data[name]) : whole));
}
