// npm run build: produces dist/, exactly the folder Foundry installs (ARCHITECTURE.md §4).
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { build } from "vite";
import * as sass from "sass";
import { distManifest } from "./release-links.mjs";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "dist");
const step = (label) => console.log(`build: ${label}`);

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

step("zilch.mjs (vite)");
await build({ root, configFile: join(root, "vite.config.ts"), logLevel: "warn" });

step("zilch.css (sass)");
// Compressed for shipping. Sass would mark a compressed non-ASCII sheet with a byte-order mark,
// which breaks the first rule when the text is inlined (the browser layer does); the @charset rule
// says the same thing as plain CSS.
const css = sass.compile(join(root, "styles", "zilch.scss"), {
  style: "compressed",
  charset: false,
  sourceMap: false,
});
writeFileSync(join(dist, "zilch.css"), `@charset "UTF-8";${css.css}`);

step("system.json, templates, lang, assets");
// With a repository in package.json, dist/system.json carries the release links (release-links.mjs).
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const manifest = distManifest(JSON.parse(readFileSync(join(root, "system.json"), "utf8")), pkg);
if (!manifest.manifest)
  console.log("build: no repository in package.json, so dist/system.json has no manifest URL");
writeFileSync(join(dist, "system.json"), `${JSON.stringify(manifest, null, 2)}\n`);
for (const folder of ["templates", "lang", "assets"]) {
  if (existsSync(join(root, folder))) cpSync(join(root, folder), join(dist, folder), { recursive: true });
}

const packSource = join(root, "packs", "_source");
const hasPacks =
  existsSync(packSource) &&
  readdirSync(packSource, { withFileTypes: true }).some((entry) => entry.isDirectory());
if (hasPacks) {
  step("packs (foundryvtt-cli → LevelDB)");
  const result = spawnSync(
    process.execPath,
    [join(root, "scripts", "packs.mjs"), "compile", join(dist, "packs")],
    {
      stdio: "inherit",
    },
  );
  if (result.status !== 0) {
    console.error("build: compiling the packs failed");
    process.exit(1);
  }
}
console.log(`build: done → ${dist}`);
