import { defineConfig } from "vite";

/**
 * Builds src/zilch.ts into dist/zilch.mjs, the one ES module Foundry loads (system.json `esmodules`).
 * Styles, templates, language files and packs are placed into dist/ by scripts/build.mjs.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    target: "es2022",
    lib: {
      entry: "src/zilch.ts",
      formats: ["es"],
      fileName: () => "zilch.mjs",
    },
    rollupOptions: { output: { inlineDynamicImports: true } },
  },
});
