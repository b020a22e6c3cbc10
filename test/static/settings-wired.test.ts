import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { NOT_YET_AUTOMATED, SETTINGS, type SettingKey } from "../../src/setup/settings";

/**
 * A setting shown to the GM must change what the system does: every shown SET-1 setting is read by
 * code outside src/setup/settings.ts, and every hidden one (NOT_YET_AUTOMATED) is not yet read, so
 * wiring one up forces showing it.
 */
const SRC = join(import.meta.dirname, "..", "..", "src");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
const source = files(SRC)
  .filter((f) => !f.endsWith(join("setup", "settings.ts")))
  .map((f) => readFileSync(f, "utf8"))
  .join("\n");

/** Whether code reads the setting: its key as a string argument (getSetting("key"), worldSetting("key")). */
export const isRead = (key: string, code: string): boolean => new RegExp(`\\(\\s*["']${key}["']`).test(code);

describe("world settings", () => {
  for (const key of Object.keys(SETTINGS) as SettingKey[]) {
    const hidden = NOT_YET_AUTOMATED.has(key);
    it(`${key} is ${hidden ? "hidden and not yet read" : "shown and read by the system"}`, () => {
      expect(isRead(key, source)).toBe(!hidden);
    });
  }
  it("the check sees a read and a missing one", () => {
    expect(isRead("cdCombine", 'x = getSetting("cdCombine")')).toBe(true);
    expect(isRead("cdCombine", "x = getSetting('cdBidding')")).toBe(false);
  });
});
