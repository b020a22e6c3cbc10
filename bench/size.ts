/**
 * Shipped size: what a Foundry client downloads to run a system, its `esmodules` and `styles` as listed
 * in system.json, each gzipped at level 9 with Node's zlib. The same function measures our dist/ and a
 * built dnd5e, so the ratio compares like with like.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { BUNDLE_MINIFY } from "../vite.config";

export interface ShippedSize {
  js: number;
  jsGzip: number;
  css: number;
  cssGzip: number;
}

/**
 * dnd5e 5.1.10, the last release for Foundry v13 that FOUNDRY-FACTS.md's evidence cites, measured once
 * here so the bench needs no copy of dnd5e (never a dependency, never committed), minified the way our
 * own build minifies (dnd5e ships its bundle unminified, so comparing that with our minified one
 * flattered us by about 1.6x).
 * Method (2026-11-28): the tag's tree; `dnd5e.mjs` bundled and minified by `minifyLikeOurs` below (Vite
 * with our vite.config.ts minifier options, class names kept); `less/dnd5e.less` compiled with
 * `lessc` 4.2.0 (the version its package-lock.json pins), then compressed by Sass as our styles are;
 * then shippedSize() of the results.
 */
export const DND5E_RELEASE = {
  tag: "release-5.1.10",
  commit: "9bbc21e4350487dc2cc5643b57785eaad80073ce",
  measured: "2026-11-28",
  size: { js: 1_270_547, jsGzip: 329_364, css: 441_259, cssGzip: 59_806 } satisfies ShippedSize,
} as const;

/** The aim for our shipped size against dnd5e's, both minified alike. */
export const SIZE_AIM = 1 / 5;

const gzipped = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/**
 * The file Foundry loads for an `esmodules` entry. In a dnd5e checkout after `npm run build` the bundle
 * is `<name>-compiled.mjs`, which its release renames over the entry file.
 */
function moduleFile(dir: string, entry: string): string {
  const compiled = join(dir, entry.replace(/\.mjs$/, "-compiled.mjs"));
  const file = existsSync(compiled) ? compiled : join(dir, entry);
  // A bundle imports nothing relative; an entry that does is the source, not what ships. (Only
  // statements at the start of a line: doc comments quote imports too.)
  if (/^(?:import|export)\b[^;]*?\bfrom\s*["']\.\.?\//m.test(readFileSync(file, "utf8")))
    throw new Error(
      `${file} imports other files: it is not a bundle (build it first: dnd5e's "npm run build" writes dnd5e-compiled.mjs)`,
    );
  return file;
}

/** The shipped JS and CSS of a built system folder (its system.json names them). */
export function shippedSize(dir: string): ShippedSize {
  const manifest = JSON.parse(readFileSync(join(dir, "system.json"), "utf8")) as {
    esmodules?: string[];
    styles?: string[];
  };
  const size: ShippedSize = { js: 0, jsGzip: 0, css: 0, cssGzip: 0 };
  for (const entry of manifest.esmodules ?? []) {
    const bytes = readFileSync(moduleFile(dir, entry));
    size.js += bytes.length;
    size.jsGzip += gzipped(bytes);
  }
  for (const entry of manifest.styles ?? []) {
    const file = join(dir, entry);
    if (!existsSync(file)) throw new Error(`${file} is missing (run the package's build first)`);
    const bytes = readFileSync(file);
    size.css += bytes.length;
    size.cssGzip += gzipped(bytes);
  }
  return size;
}

/**
 * A built system folder's esmodules and styles minified the way our build minifies ours, into `out`,
 * with a system.json naming them, so shippedSize(out) compares like with like: the JS through Vite
 * with the minifier options of vite.config.ts, the CSS compressed by Sass.
 */
export async function minifyLikeOurs(dir: string, out: string): Promise<string> {
  const { build } = await import("vite");
  const sass = await import("sass");
  const manifest = JSON.parse(readFileSync(join(dir, "system.json"), "utf8")) as {
    esmodules?: string[];
    styles?: string[];
  };
  const esmodules: string[] = [];
  for (const [i, entry] of (manifest.esmodules ?? []).entries()) {
    const fileName = `module-${i}.mjs`;
    await build({
      configFile: false,
      logLevel: "warn",
      publicDir: false,
      build: {
        outDir: out,
        emptyOutDir: false,
        minify: true,
        target: "es2022",
        reportCompressedSize: false,
        lib: { entry: join(dir, entry), formats: ["es"], fileName: () => fileName },
        rolldownOptions: {
          output: {
            codeSplitting: false,
            minify: BUNDLE_MINIFY,
          },
        },
      },
    });
    esmodules.push(fileName);
  }
  const styles = (manifest.styles ?? []).map((entry, i) => {
    const fileName = `style-${i}.css`;
    const css = sass.compile(join(dir, entry), { style: "compressed", sourceMap: false }).css;
    writeFileSync(join(out, fileName), css);
    return fileName;
  });
  writeFileSync(join(out, "system.json"), JSON.stringify({ esmodules, styles }));
  return out;
}
