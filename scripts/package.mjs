// npm run package [-- --repo <url>]: zips dist/ as release/zilch.zip next to a release system.json
// whose manifest, download and listing links derive from the repository (package.json `repository`,
// or --repo). The zip carries the LICENSE and leaves the source map out: the map (71% of the unpacked
// size) goes beside the zip as its own release file, and the zipped module points at it, so a
// developer's browser still finds it and nobody else downloads it. release/notes.md holds the
// CHANGELOG section of this version (or Unreleased) for the release's text.
// With neither, it fails: we never invent an address. `--skip-build` packages the existing dist/;
// `--out <dir>` writes somewhere other than release/, and `--dist <dir>` packages another built folder
// (all three for tests).
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, join, relative } from "node:path";
import { spawnSync } from "node:child_process";
import yazl from "yazl";
import { LEVELDB_RUNTIME_FILES } from "./packs.mjs";
import { normaliseRepository, packageRepository, releaseLinks } from "./release-links.mjs";

const root = new URL("..", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

function repositoryUrl() {
  const flag = process.argv.indexOf("--repo");
  if (flag !== -1 && process.argv[flag + 1]) return process.argv[flag + 1];
  if (process.argv.includes("--ignore-package-repository")) return null;
  return packageRepository(pkg);
}

const raw = repositoryUrl();
if (!raw) {
  console.error(
    "package: no repository to derive the manifest and download URLs from.\n" +
      '  Add "repository": "https://github.com/<owner>/<name>" to package.json, or run\n' +
      "  npm run package -- --repo https://github.com/<owner>/<name>",
  );
  process.exit(1);
}
let repo;
try {
  repo = normaliseRepository(raw);
} catch (error) {
  console.error(`package: ${error.message}`);
  process.exit(1);
}

const flagValue = (name) => {
  const i = process.argv.indexOf(name);
  return i !== -1 ? process.argv[i + 1] : undefined;
};
if (!process.argv.includes("--skip-build")) {
  const built = spawnSync(process.execPath, [join(root, "scripts", "build.mjs")], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dist = flagValue("--dist") ?? join(root, "dist");
const release = flagValue("--out") ?? join(root, "release");
mkdirSync(release, { recursive: true });
const manifest = JSON.parse(readFileSync(join(dist, "system.json"), "utf8"));
// The links a package listing shows (Foundry's package manifest: bugs, changelog, readme, license).
Object.assign(manifest, releaseLinks(repo, manifest.version));
const tagged = `${repo}/releases/download/v${manifest.version}`;
const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
writeFileSync(join(release, "system.json"), manifestText);

// A pack opened since the build (npm run packs:extract, or a Foundry pointed at dist/) has its LevelDB
// lock and logs back; they are not data, so the zip leaves them out (scripts/packs.mjs).
const isRuntimeFile = (path) => path.startsWith("packs/") && LEVELDB_RUNTIME_FILES.includes(basename(path));
// Entries carry one fixed time, so packaging the same dist/ twice gives the same bytes.
const FIXED_TIME = { mtime: new Date(Date.UTC(2000, 0, 1)) };
const MAP = "zilch.mjs.map";
const zip = new yazl.ZipFile();
const left = [];
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const inZip = relative(dist, path);
    if (statSync(path).isDirectory()) walk(path);
    else if (isRuntimeFile(inZip)) left.push(inZip);
    else if (inZip === "system.json") zip.addBuffer(Buffer.from(manifestText), "system.json", FIXED_TIME);
    else if (inZip === MAP) copyFileSync(path, join(release, MAP));
    else if (inZip === "zilch.mjs")
      zip.addBuffer(withReleasedMap(readFileSync(path, "utf8")), inZip, FIXED_TIME);
    else zip.addBuffer(readFileSync(path), inZip, FIXED_TIME);
  }
};
/** The module with its map comment pointing at the map attached to the same release. */
function withReleasedMap(code) {
  const comment = /\/\/# sourceMappingURL=\S+\s*$/;
  if (!comment.test(code)) return Buffer.from(code);
  return Buffer.from(code.replace(comment, `//# sourceMappingURL=${tagged}/${MAP}\n`));
}
walk(dist);
zip.addBuffer(readFileSync(join(root, "LICENSE")), "LICENSE", FIXED_TIME);
writeFileSync(join(release, "notes.md"), releaseNotes(readFileSync(join(root, "CHANGELOG.md"), "utf8")));

/** The CHANGELOG section of this version, or of Unreleased when the version has none yet. */
function releaseNotes(changelog) {
  const sections = changelog.split(/^## /m).slice(1);
  const own = (title) => sections.find((s) => s.startsWith(title));
  const section = own(`[${manifest.version}]`) ?? own("[Unreleased]") ?? "";
  return `${section.split("\n").slice(1).join("\n").trim()}\n`;
}
zip.end();
if (left.length) console.log(`package: left out ${left.length} LevelDB lock and log files of packs/`);
await new Promise((resolve, reject) =>
  zip.outputStream
    .pipe(createWriteStream(join(release, "zilch.zip")))
    .on("close", resolve)
    .on("error", reject),
);
if (!existsSync(join(release, "zilch.zip"))) process.exit(1);
console.log(
  `package: release/zilch.zip, release/system.json, release/${MAP} and release/notes.md (manifest ${manifest.manifest})`,
);
