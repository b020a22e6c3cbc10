import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The README and CONTRIBUTING.md send a contributor only to files the repository holds. Every
 * path they quote in `code` must exist, except build output and placeholders such as `<owner>`.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const BUILT = /^(dist|release|coverage|test-results|node_modules)\//;
const TOP = /^(src|test|docs|scripts|bench|packs|styles|templates|lang|\.github|\.ci)\//;

/** The quoted paths of a Markdown text that name no file or folder under `root`. */
export function missingPaths(markdown: string, root: string): string[] {
  const quoted = [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  // A path from the repository's root (a folder of it, or a top-level document); bare names such as
  // `rules/` inside a table of src/ are read in context, and `zilch.mjs` is a file of dist/.
  const paths = quoted.filter(
    (q) => /^[\w.-]+(\/[\w.*-]*)*$/.test(q) && (TOP.test(q) || /^[\w-]+\.md$/.test(q)),
  );
  return paths.filter((p) => !BUILT.test(p) && !p.includes("*") && !existsSync(join(root, p)));
}

describe("contributor documents", () => {
  for (const file of ["README.md", "CONTRIBUTING.md"]) {
    it(`${file} quotes only paths in the repository`, () => {
      expect(missingPaths(readFileSync(join(ROOT, file), "utf8"), ROOT)).toEqual([]);
    });
  }

  it("names a quoted path that does not exist", () => {
    expect(missingPaths("see `RULES.md`, `src/rules/`, `dist/zilch.mjs` and `docs/nope.md`", ROOT)).toEqual([
      "RULES.md",
      "docs/nope.md",
    ]);
  });
});
