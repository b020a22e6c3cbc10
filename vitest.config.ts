import { defineConfig } from "vitest/config";

/**
 * One Vitest project per test layer of ARCHITECTURE.md §6, so a run names each layer.
 * The static layer (tsc, ESLint) runs from scripts/test.mjs; its "can fail" case lives in test/static.
 */
const layer = (name: string, include: string[], extra: Record<string, unknown> = {}) => ({
  extends: true as const,
  test: { name, include, ...extra },
});

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 20_000,
    projects: [
      layer("static", ["test/static/**/*.test.ts"]),
      layer("rules", ["test/rules/**/*.test.ts"]),
      layer("conformance", ["test/conformance/**/*.test.ts"]),
      layer("data", ["test/data/**/*.test.ts"]),
      layer("manifest", ["test/manifest/**/*.test.ts"]),
      layer("templates", ["test/templates/**/*.test.ts"]),
      layer("packs", ["test/packs/**/*.test.ts"], { testTimeout: 60_000 }),
      // Several clients on a simulated server (ARCHITECTURE.md §6 "table"); each test boots its own table.
      layer("table", ["test/table/**/*.test.ts"], { testTimeout: 60_000 }),
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
