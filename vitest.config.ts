import { defineConfig } from "vitest/config";

/**
 * One Vitest project per test layer of ARCHITECTURE.md §6, so a run names each layer.
 * The static layer (tsc, ESLint) runs from scripts/test.mjs; its "can fail" case lives in test/static.
 */
const layer = (name: string, include: string[], extra: Record<string, unknown> = {}) => ({
  extends: true as const,
  test: { name, include, ...extra },
});

/**
 * The data and table layers run once per Foundry generation the system supports: the stand-in plays v13
 * or v14 (test/stand-in/profile.ts, chosen by ZILCH_FOUNDRY), so each layer is two projects, "data (v13)"
 * and "data (v14)"; `--project "data*"` runs both. `v14Include` narrows the v14 run to a named subset.
 */
const perGeneration = (
  name: string,
  include: string[],
  extra: Record<string, unknown> = {},
  v14Include: string[] = include,
) =>
  (["13", "14"] as const).map((generation) =>
    layer(`${name} (v${generation})`, generation === "14" ? v14Include : include, {
      ...extra,
      env: { ZILCH_FOUNDRY: generation },
    }),
  );

/**
 * The table layer runs whole under both profiles: every scenario meets v14's forms (message modes,
 * the status-effect registry, menus) somewhere, and the whole layer under v14 costs about 1.5 minutes
 * on an idle two-core machine (61 files, 2026-11-28). ZILCH_TABLE_V14=subset runs only the scenarios
 * whose code differs most between the generations, for a quick check while working.
 */
const TABLE_V14_SUBSET = [
  "harness",
  "scenarios-core",
  "scenarios",
  "gm-tabs",
  "plain-http",
  "initiative-modes",
  "saves-in-play",
  "rally",
  "resist-terror",
  "damage-in-play",
  "injury-triggers",
  "secrecy",
  "stances-in-play",
  "stance-forced",
  "visibility-in-play",
  "taint-in-play",
].map((file) => `test/table/${file}.test.ts`);
const TABLE_V14 = process.env.ZILCH_TABLE_V14 === "subset" ? TABLE_V14_SUBSET : ["test/table/**/*.test.ts"];

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 20_000,
    projects: [
      layer("static", ["test/static/**/*.test.ts"]),
      layer("rules", ["test/rules/**/*.test.ts"]),
      layer("conformance", ["test/conformance/**/*.test.ts"]),
      ...perGeneration("data", ["test/data/**/*.test.ts"]),
      layer("manifest", ["test/manifest/**/*.test.ts"]),
      layer("templates", ["test/templates/**/*.test.ts"]),
      layer("packs", ["test/packs/**/*.test.ts"], { testTimeout: 60_000 }),
      // Several clients on a simulated server (ARCHITECTURE.md §6 "table"); each test boots its own table.
      ...perGeneration("table", ["test/table/**/*.test.ts"], { testTimeout: 60_000 }, TABLE_V14),
      // Benchmarks: run only by `npm run bench`; they print medians and never assert on time.
      layer("bench", ["bench/**/*.bench.ts"], { testTimeout: 300_000, fileParallelism: false }),
      layer("browser", ["test/browser/**/*.test.ts"], {
        testTimeout: 120_000,
        hookTimeout: 120_000,
        fileParallelism: false,
      }),
    ],
    coverage: {
      provider: "v8",
      include: ["src/rules/**/*.ts"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "coverage",
      thresholds: { lines: 95, branches: 95 },
    },
  },
});
