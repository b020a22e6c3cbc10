import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";

/**
 * The folder layout says what it holds: a module that only re-exports its folder's modules (a
 * barrel) is that folder's index.ts, so `import … from "../rules/attack"` names the engine, not one
 * of its parts; and no two modules under src/ share the name refusal-words.ts, whose twin names hid
 * that one lists the request channel's refusals and the other every refusal a player can read.
 */
const SRC = join(import.meta.dirname, "..", "..", "src");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });

/** Whether a module's code is nothing but re-exports (`export * from`, `export { … } from`). */
export function isBarrel(text: string): boolean {
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .split(/;\s*/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return (
    code.length > 1 &&
    code.every((s) => /^export\s+(\*|(type\s+)?\{[^}]*\})\s+from\s+["'][^"']+["']$/.test(s))
  );
}

const modules = files(SRC);

describe("the layout says what it holds", () => {
  it("tells a barrel from a module with code of its own (the check can fail)", () => {
    expect(isBarrel('/** The engine. */\nexport * from "./types";\nexport { a, type B } from "./b";\n')).toBe(
      true,
    );
    expect(isBarrel('export * from "./types";\nexport const x = 1;\n')).toBe(false);
    expect(isBarrel('export * from "./types";\n')).toBe(false);
  });

  it("every barrel is its folder's index.ts", () => {
    const misnamed = modules
      .filter((path) => basename(path) !== "index.ts" && isBarrel(readFileSync(path, "utf8")))
      .map((path) => relative(SRC, path));
    expect(misnamed).toEqual([]);
  });

  it("one module is called refusal-words.ts", () => {
    expect(
      modules.filter((path) => basename(path) === "refusal-words.ts").map((p) => relative(SRC, p)),
    ).toEqual([join("applications", "refusal-words.ts")]);
  });
});
