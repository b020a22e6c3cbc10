import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * What v14 deprecates or reshapes stays in the one compatibility module, src/foundry/compat.ts
 * (docs/foundry-versions.md): v13's roll modes (`core.rollMode`, `ChatMessage.applyRollMode`, the
 * "gmroll"-style names) and a whole-array write of `CONFIG.statusEffects`, which empties v14's
 * id-keyed registry. src/types/ may name them in declarations; everything else calls compat.ts.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const DEPRECATED = [
  /\bapplyRollMode\b/,
  /["']core["']\s*,\s*["']rollMode["']/,
  /["'](publicroll|gmroll|blindroll|selfroll)["']/,
  /CONFIG\.statusEffects\s*=[^=]/,
  /CONFIG\.statusEffects\.(find|filter|splice|push|map|some)\b/,
];
const ALLOWED = ["src/foundry/", "src/types/"];

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith(".ts") ? [path] : [];
  });

/** Each "file:line: text" of code (comments aside) that calls a deprecated form. */
export function deprecatedCalls(path: string, text: string): string[] {
  return text.split("\n").flatMap((line, i) => {
    const code = line.replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "");
    return DEPRECATED.some((re) => re.test(code)) ? [`${path}:${i + 1}: ${line.trim()}`] : [];
  });
}

describe("v14-deprecated Foundry calls live in src/foundry/compat.ts", () => {
  it("finds each deprecated form in code and none in a comment (the check can fail)", () => {
    const sample = [
      "ChatMessage.applyRollMode(data, mode);",
      'const m = game.settings.get("core", "rollMode");',
      'const n = "blindroll";',
      "CONFIG.statusEffects = list;",
      "// applyRollMode is v13's name",
      'if (CONFIG.statusEffects === x) return "ok";',
    ].join("\n");
    expect(deprecatedCalls("s.ts", sample).map((p) => p.split(":")[1])).toEqual(["1", "2", "3", "4"]);
  });

  it("holds for src/ outside the compatibility module and the declarations", () => {
    const found = files(join(ROOT, "src"))
      .map((path) => relative(ROOT, path))
      .filter((path) => !ALLOWED.some((dir) => path.startsWith(dir)))
      .flatMap((path) => deprecatedCalls(path, readFileSync(join(ROOT, path), "utf8")));
    expect(found).toEqual([]);
  });
});
