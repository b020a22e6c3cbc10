import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/**
 * src/rules holds rules only: what a player reads (an i18n key, "ZILCH.…") is chosen in src/views,
 * beside the view that shows it (docs/architecture.md §2). Every string or template literal in
 * src/rules that names a language key fails here, with its place; comments may name keys (a refusal
 * code's comment says which key words it).
 */
const ROOT = join(import.meta.dirname, "..", "..");
const KEY = /\bZILCH\./;

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith(".ts") ? [path] : [];
  });

/** Each "file:line: text" of a string or template literal naming a language key in `text`. */
export function keyLiterals(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const words = ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) ? node.text : null;
    if (words !== null && KEY.test(words)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${path}:${line + 1}: ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("src/rules names no language key", () => {
  it("finds a key in a string and in a template, and none in a comment (the check can fail)", () => {
    const sample = [
      "// the refusal's words: ZILCH.Combat.Error.<code>",
      'const a = "ZILCH.Fear.Chat.Saved";',
      "const b = `ZILCH.Fear.Level.${level}`;",
      "const c = `${x} and ZILCH.DoS.${dos}`;",
      "const d = 'plain words';",
    ].join("\n");
    expect(keyLiterals("sample.ts", sample)).toEqual([
      'sample.ts:2: "ZILCH.Fear.Chat.Saved"',
      "sample.ts:3: `ZILCH.Fear.Level.${",
      "sample.ts:4: } and ZILCH.DoS.${",
    ]);
  });

  const found = files(join(ROOT, "src", "rules")).flatMap((path) =>
    keyLiterals(relative(ROOT, path), readFileSync(path, "utf8")),
  );

  it("holds for every file of src/rules", () => {
    expect(found).toEqual([]);
  });
});
