// npm run package [-- --repo <url>]: zips dist/ as release/zilch.zip next to a release system.json
// whose manifest and download URLs derive from the repository (package.json `repository`, or --repo).
// With neither, it fails: we never invent an address. `--skip-build` packages the existing dist/;
// `--out <dir>` writes somewhere other than release/, and `--dist <dir>` packages another built folder
// (all three for tests).
import {
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

const root = new URL("..", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

function repositoryUrl() {
  const flag = process.argv.indexOf("--repo");
  if (flag !== -1 && process.argv[flag + 1]) return process.argv[flag + 1];
  if (process.argv.includes("--ignore-package-repository")) return null;
  const repo = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
  return repo || null;
}

/** https://host/owner/name from the forms npm accepts (git+https, .git suffix, github:owner/name). */
function normaliseRepository(raw) {
  let url = raw
    .trim()
    .replace(/^git\+/, "")
    .replace(/\.git$/, "")
    .replace(/\/$/, "");
  const short = /^github:([\w.-]+\/[\w.-]+)$/.exec(url);
  if (short) url = `https://github.com/${short[1]}`;
  if (!/^https:\/\/[^/]+\/[\w.-]+\/[\w.-]+$/.test(url)) {
    throw new Error(`the repository "${raw}" is not of the form https://<host>/<owner>/<name>`);
  }
  return url;
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
manifest.url = repo;
manifest.manifest = `${repo}/releases/latest/download/system.json`;
manifest.download = `${repo}/releases/download/v${manifest.version}/zilch.zip`;
const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
writeFileSync(join(release, "system.json"), manifestText);

// A pack opened since the build (npm run packs:extract, or a Foundry pointed at dist/) has its LevelDB
// lock and logs back; they are not data, so the zip leaves them out (scripts/packs.mjs).
const isRuntimeFile = (path) => path.startsWith("packs/") && LEVELDB_RUNTIME_FILES.includes(basename(path));
const zip = new yazl.ZipFile();
const left = [];
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const inZip = relative(dist, path);
    if (statSync(path).isDirectory()) walk(path);
    else if (isRuntimeFile(inZip)) left.push(inZip);
    else if (inZip === "system.json") zip.addBuffer(Buffer.from(manifestText), "system.json");
    else zip.addFile(path, inZip);
  }
};
walk(dist);
zip.end();
if (left.length) console.log(`package: left out ${left.length} LevelDB lock and log files of packs/`);
await new Promise((resolve, reject) =>
  zip.outputStream
    .pipe(createWriteStream(join(release, "zilch.zip")))
    .on("close", resolve)
    .on("error", reject),
);
if (!existsSync(join(release, "zilch.zip"))) process.exit(1);
console.log(`package: release/zilch.zip and release/system.json (manifest ${manifest.manifest})`);
