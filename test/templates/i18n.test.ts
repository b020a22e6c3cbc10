import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { hasKey, lookup } from "../support/i18n";
import { SETTINGS, settingLabels, type SettingKey } from "../../src/data/settings";

/**
 * Every user-facing string comes from lang/en.json: every literal key the code names exists there,
 * and so does every key built from the system's own tables (settings).
 */
const SRC = join(import.meta.dirname, "..", "..", "src");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });

/**
 * i18n keys written as string literals in source. A key ending in "." is a prefix the code extends;
 * a literal naming a group of keys (a prefix without the dot) must exist as that group.
 */
export function literalKeys(source: string): string[] {
  return [...source.matchAll(/["'`]((?:ZILCH|TYPES)\.[A-Za-z0-9_.]+)["'`]/g)]
    .map((m) => m[1]!)
    .filter((key) => !key.endsWith("."));
}

describe("i18n keys", () => {
  for (const file of files(SRC)) {
    const keys = literalKeys(readFileSync(file, "utf8"));
    if (keys.length === 0) continue;
    it(`${file.slice(SRC.length + 1)} names only keys lang/en.json has`, () => {
      expect(keys.filter((key) => !hasKey(key))).toEqual([]);
    });
  }

  it("has a name, a hint and choice labels for every world setting", () => {
    const missing: string[] = [];
    for (const key of Object.keys(SETTINGS) as SettingKey[]) {
      const labels = settingLabels(key);
      for (const k of [labels.name, labels.hint, ...Object.values(labels.choices)]) if (!lookup(k)) missing.push(k);
    }
    expect(missing).toEqual([]);
  });

  it("finds a missing key (the check can fail)", () => {
    expect(literalKeys('localize("ZILCH.No.Such.Key"); const p = "ZILCH.Prefix.";')).toEqual(["ZILCH.No.Such.Key"]);
    expect(lookup("ZILCH.No.Such.Key")).toBeUndefined();
  });
});
