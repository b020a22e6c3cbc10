import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { SETTINGS, type SettingKey } from "../../src/data/settings";
import { NOT_YET_AUTOMATED } from "../../src/setup/settings";
import { PREPARED_SETTINGS, SHEET_SETTINGS } from "../../src/setup/reprepare";

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
const read = (paths: string[]) => paths.map((f) => readFileSync(f, "utf8")).join("\n");
const source = read(files(SRC).filter((f) => !f.endsWith(join("setup", "settings.ts"))));
/** Code that runs while documents prepare their data, and code that runs while sheets render. */
const preparing = read(files(join(SRC, "data")));
const sheets = read(files(join(SRC, "applications", "sheets")));

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

  // A setting read while data is prepared must re-prepare documents when it changes (src/setup/reprepare.ts).
  for (const key of Object.keys(SETTINGS) as SettingKey[]) {
    if (isRead(key, preparing))
      it(`${key} feeds data preparation, so a change re-prepares every document`, () => {
        expect(PREPARED_SETTINGS.has(key)).toBe(true);
      });
    else if (isRead(key, sheets))
      it(`${key} is read by a sheet, so a change re-renders open sheets`, () => {
        expect(SHEET_SETTINGS.has(key) || PREPARED_SETTINGS.has(key)).toBe(true);
      });
  }
});
