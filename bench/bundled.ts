/**
 * Benchmarks time the rules as Foundry's client runs them: bundled into one module by the bundler that
 * makes dist/zilch.mjs (vite), so calls between the rules' modules are plain calls. Under Vitest's own
 * per-module transform every such call reads the callee through a getter of the imported module;
 * measured here on a 200 x 8 countdown round, that made it about three times slower.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { ROOT } from "../test/browser/harness";

/** Bundles `entry` (a path under the repository) unminified as one ES module and imports it. */
export async function importBundled(entry: string): Promise<unknown> {
  const result = await build({
    root: ROOT,
    configFile: false,
    logLevel: "silent",
    build: {
      write: false,
      minify: false,
      target: "es2022",
      lib: { entry: join(ROOT, entry), formats: ["es"], fileName: () => "bundle.mjs" },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const out of outputs) {
    if (!("output" in out)) continue;
    const chunk = out.output.find((o) => o.type === "chunk" && o.isEntry);
    if (chunk?.type !== "chunk") continue;
    const file = join(mkdtempSync(join(tmpdir(), "zilch-bench-")), "bundle.mjs");
    writeFileSync(file, chunk.code);
    return (await import(pathToFileURL(file).href)) as unknown;
  }
  throw new Error(`bundling ${entry} gave no entry chunk`);
}
