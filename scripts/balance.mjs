// npm run balance [-- --write] [-- --fights N] [-- --seed N]: simulated fights of the sample
// characters against every creature of the bestiary, through the rules engine itself (src/rules),
// printing per creature the win rate, rounds, damage per round each way, the chance that a
// character drops, and the measured threat; --write stores each threat in its creature's YAML.
// The rules are bundled into one module first (as dist/zilch.mjs is), because under a per-module
// transform every call between modules goes through a getter, about three times slower (bench/bundled.ts).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const root = new URL("..", import.meta.url).pathname;
const result = await build({
  root,
  configFile: false,
  logLevel: "silent",
  ssr: { noExternal: true },
  build: {
    write: false,
    minify: false,
    target: "node20",
    ssr: join(root, "scripts", "balance", "run.ts"),
    rollupOptions: { output: { format: "es" } },
  },
});
const outputs = Array.isArray(result) ? result : [result];
const chunk = outputs
  .flatMap((o) => ("output" in o ? o.output : []))
  .find((o) => o.type === "chunk" && o.isEntry);
if (!chunk) throw new Error("bundling scripts/balance/run.ts gave no entry chunk");
const dir = mkdtempSync(join(tmpdir(), "zilch-balance-"));
const file = join(dir, "balance.mjs");
writeFileSync(file, chunk.code);
try {
  const { main } = await import(pathToFileURL(file).href);
  process.exitCode = main(process.argv.slice(2), root);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
