import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** One rules test vector (test/conformance/FORMAT.md, "A case"). */
export interface VectorCase {
  id: string;
  rule: string;
  kind: string;
  input: Record<string, unknown>;
  expect: Record<string, unknown>;
}

/** Every `*.json` below `dir`, recursively, each an array of cases. */
export function loadVectorDir(dir: string): { file: string; cases: VectorCase[] }[] {
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".json")) files.push(path);
    }
  };
  walk(dir);
  return files.map((file) => {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (!Array.isArray(parsed)) throw new Error(`${file}: a vector file must be a JSON array of cases`);
    return { file, cases: parsed as VectorCase[] };
  });
}

/** The keys of `expect` that differ from `result` (deep equality, arrays in order). */
export function mismatches(expect: Record<string, unknown>, result: Record<string, unknown>): string[] {
  return Object.keys(expect).filter((key) => JSON.stringify(expect[key]) !== JSON.stringify(result[key]));
}
