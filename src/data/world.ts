/**
 * The world settings derived data reads. A data model can be prepared before settings are
 * registered (Foundry prepares documents while it initialises, and tests run without a game), so
 * an unready settings store reads as SET-1's defaults.
 */
import { getSetting, settingDefault, type SettingKey, type SettingValue } from "./settings";

export function worldSetting<K extends SettingKey>(key: K): SettingValue<K> {
  const settings = (
    globalThis as { game?: { ready?: boolean; settings?: { settings?: Map<string, unknown> } } }
  ).game?.settings;
  if (!settings?.settings?.has(`zilch.${key}`)) return settingDefault(key);
  return getSetting(key);
}

/** A setting read as one of a rules table's values; anything else (an edited store) is the fallback. */
export function worldChoice<const T extends readonly string[]>(
  key: SettingKey,
  table: T,
  fallback: T[number],
): T[number] {
  const value = worldSetting(key);
  return typeof value === "string" && (table as readonly string[]).includes(value) ? value : fallback;
}
