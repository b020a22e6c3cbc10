/**
 * The balance tool bundled into one module, as `npm run balance` runs it (scripts/balance.mjs): under
 * Vitest's per-module transform every call between the rules' modules goes through a getter, which
 * makes the fights about three times slower (bench/bundled.ts measured the same on the countdown).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import type * as Balance from "../../scripts/balance/run";
import { ROOT } from "./support";

export type BalanceModule = Pick<
  typeof Balance,
  | "BANDS"
  | "bandOf"
  | "checkBand"
  | "checkThreat"
  | "inBand"
  | "loadCharacters"
  | "loadCreatures"
  | "partiesByLevel"
>;
const NAMES = [
  "bandOf",
  "checkBand",
  "checkThreat",
  "inBand",
  "loadCharacters",
  "loadCreatures",
  "partiesByLevel",
];

function isBalance(m: unknown): m is BalanceModule {
  return (
    typeof m === "object" &&
    m !== null &&
    NAMES.every((name) => typeof (m as Record<string, unknown>)[name] === "function") &&
    Array.isArray((m as Record<string, unknown>).BANDS)
  );
}

/** Bundles scripts/balance/run.ts for Node (node: modules left as imports) and imports it. */
export async function importBalance(): Promise<BalanceModule> {
  const result = await build({
    root: ROOT,
    configFile: false,
    logLevel: "silent",
    ssr: { noExternal: true },
    build: {
      write: false,
      minify: false,
      target: "node20",
      ssr: join(ROOT, "scripts", "balance", "run.ts"),
      rollupOptions: { output: { format: "es" } },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs
    .flatMap((o) => ("output" in o ? o.output : []))
    .find((o) => o.type === "chunk" && o.isEntry);
  if (chunk?.type !== "chunk") throw new Error("bundling scripts/balance/run.ts gave no entry chunk");
  const dir = mkdtempSync(join(tmpdir(), "zilch-balance-test-"));
  try {
    const file = join(dir, "balance.mjs");
    writeFileSync(file, chunk.code);
    const m: unknown = await import(pathToFileURL(file).href);
    if (!isBalance(m)) throw new Error("the bundled balance tool lacks its exports");
    return m;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
