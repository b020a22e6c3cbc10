/**
 * Shipped size: what a Foundry client downloads to run a system, its `esmodules` and `styles` as listed
 * in system.json, each gzipped at level 9 with Node's zlib. The same function measures our dist/ and a
 * built dnd5e, so the ratio compares like with like.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface ShippedSize {
  js: number;
  jsGzip: number;
  css: number;
  cssGzip: number;
}

/**
 * dnd5e 5.1.10, the last release for Foundry v13 that FOUNDRY-FACTS.md's evidence cites, measured once
 * here so the bench needs no copy of dnd5e (never a dependency, never committed).
 * Method: from the tag's tree, its own build with the versions its package-lock.json pins, as its
 * release workflow runs it: `rollup dnd5e.mjs -f es -o dnd5e-compiled.mjs -p node-resolve` (rollup
 * 3.29.5, @rollup/plugin-node-resolve 15.2.1; the bundle, not minified, ships as dnd5e.mjs) and
 * `lessc less/dnd5e.less dnd5e.css` (less 4.2.0); then shippedSize() of that folder.
 */
export const DND5E_RELEASE = {
  tag: "release-5.1.10",
  commit: "9bbc21e4350487dc2cc5643b57785eaad80073ce",
  measured: "2026-11-23",
  size: { js: 2_940_530, jsGzip: 618_598, css: 529_169, cssGzip: 67_269 } satisfies ShippedSize,
} as const;

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
