import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS } from "./adapters/index";
import { loadVectorDir, mismatches, type VectorCase } from "./read-vectors";

/** test/conformance/FORMAT.md: the public vectors, and every further set in ZILCH_VECTORS_DIR. */
const sources: { label: string; dir: string }[] = [
  { label: "public", dir: join(import.meta.dirname, "vectors") },
];
const extra = process.env.ZILCH_VECTORS_DIR;
if (extra) sources.push({ label: `ZILCH_VECTORS_DIR=${extra}`, dir: extra });

/** Runs one case; returns a message naming id, rule, input, expectation and result when it fails. */
export function runCase(c: VectorCase): string | null {
  const adapter = ADAPTERS[c.kind];
  if (!adapter) return `${c.id} (${c.rule}): unknown kind "${c.kind}"`;
  let result: Record<string, unknown>;
  try {
    result = adapter(c.input);
  } catch (error) {
    return `${c.id} (${c.rule}): threw ${(error as Error).message}\n  input: ${JSON.stringify(c.input)}`;
  }
  const wrong = mismatches(c.expect, result);
  if (wrong.length === 0) return null;
  const picked = Object.fromEntries(wrong.map((k) => [k, result[k]]));
  return (
    `${c.id} (${c.rule}): ${wrong.join(", ")} differ\n  input:    ${JSON.stringify(c.input)}\n` +
    `  expected: ${JSON.stringify(Object.fromEntries(wrong.map((k) => [k, c.expect[k]])))}\n  got:      ${JSON.stringify(picked)}`
  );
}

for (const { label, dir } of sources) {
  describe(`vectors: ${label}`, () => {
    const files = loadVectorDir(dir);
    const total = files.reduce((n, f) => n + f.cases.length, 0);
    it("holds at least one case", () => {
      expect(total, `${dir} holds no vector case`).toBeGreaterThan(0);
    });
    for (const { file, cases } of files) {
      describe(file.slice(dir.length + 1), () => {
        for (const c of cases) {
          it(`${c.id} [${c.rule}]`, () => {
            const failure = runCase(c);
            if (failure) expect.fail(failure);
          });
        }
      });
    }
  });
}

describe("the runner itself", () => {
  it("fails an unknown kind rather than skipping it", () => {
    expect(runCase({ id: "x", rule: "T-3", kind: "noSuchKind", input: {}, expect: {} })).toMatch(
      /unknown kind/,
    );
  });
  it("FORMAT.md's table of kinds names exactly the kinds the adapters run", () => {
    const format = readFileSync(join(import.meta.dirname, "FORMAT.md"), "utf8");
    const documented = [...format.matchAll(/^\| `(\w+)` *\|/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(Object.keys(ADAPTERS).sort());
  });
  it("names what differs", () => {
    expect(mismatches({ a: [1, 2], b: 1 }, { a: [2, 1], b: 1, c: 3 })).toEqual(["a"]);
  });
});
