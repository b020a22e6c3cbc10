import { readFileSync } from "node:fs";
import { defineConfig } from "vite";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  version: string;
};

/**
 * Builds src/zilch.ts into dist/zilch.mjs, the one ES module Foundry loads (system.json `esmodules`).
 * Styles, templates, language files and packs are placed into dist/ by scripts/build.mjs.
 */
export default defineConfig({
  publicDir: false,
  define: { __ZILCH_VERSION__: JSON.stringify(version) },
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    target: "es2022",
    reportCompressedSize: false,
    lib: {
      entry: "src/zilch.ts",
      formats: ["es"],
      fileName: () => "zilch.mjs",
    },
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
