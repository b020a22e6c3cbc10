import { readFileSync } from "node:fs";
import { defineConfig } from "vite";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  version: string;
};

/**
 * Builds src/zilch.ts into dist/zilch.mjs, the one ES module Foundry loads (system.json `esmodules`),
 * minified, with its source map beside it. Styles, templates, language files and packs are placed into
 * dist/ by scripts/build.mjs.
 *
 * Vite's library mode minifies an ES bundle only partly (no whitespace removal, names kept at the top
 * level), because a library is minified again by whoever bundles it. Foundry loads this file as it is,
 * so the output options ask for the full minifier instead.
 *
 * Class names survive minification: Foundry keys a registered sheet by `${scope}.${sheetClass.name}`
 * and saves that key on every document whose owner picked the sheet, so a renamed class loses the
 * choice silently [vttforge/vttforge#107 and #110; foundryvtt-starfinder/foundryvtt-starfinder#1538,
 * where minified class names broke registered classes]. Function names may go (nothing reads them);
 * keeping them costs about 4 KB gzipped. test/manifest/init.test.ts checks the sheet names.
 */
const keepClassNames = { class: true, function: false };

/** The minifier's options for the bundle; bench/size.ts minifies dnd5e with the same, to compare alike. */
export const BUNDLE_MINIFY = {
  mangle: { keepNames: keepClassNames },
  compress: { keepNames: keepClassNames },
  codegen: true,
};

export default defineConfig({
  publicDir: false,
  define: { __ZILCH_VERSION__: JSON.stringify(version) },
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    target: "es2022",
    reportCompressedSize: false,
    lib: {
      entry: "src/zilch.ts",
      formats: ["es"],
      fileName: () => "zilch.mjs",
    },
    rolldownOptions: {
      output: {
        codeSplitting: false,
        minify: BUNDLE_MINIFY,
      },
    },
  },
});
