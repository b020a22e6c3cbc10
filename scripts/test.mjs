// npm test: the whole suite, layer by layer (ARCHITECTURE.md §6). Exits non-zero on any failure.
//   static      tsc --noEmit (strict, pinned fvtt-types), ESLint and Prettier, then test/static
//   build       npm run build (the manifest, packs and browser layers read dist/)
//   rules · conformance · data (v13) · data (v14) · manifest · templates · table (v13) · table (v14) ·
//   packs · browser   (Vitest projects; data and table run once per Foundry generation, vitest.config.ts)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const LAYERS = [
  "static",
  "rules",
  "conformance",
  "data (v13)",
  "data (v14)",
  "manifest",
  "templates",
  "table (v13)",
  "table (v14)",
  "packs",
  "browser",
];
const results = [];

function run(label, command, args) {
  console.log(`\n━━ ${label}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ label, ok: status === 0, seconds });
  console.log(`━━ ${label}: ${status === 0 ? "ok" : "FAILED"} (${seconds} s)`);
  return status === 0;
}

const bin = (name) => join(root, "node_modules", ".bin", name);
const chromium = process.env.CHROME_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  const advice = "Install it with `apt-get install -y chromium` (Debian) or set CHROME_PATH.";
  if (process.env.CI === "true")
    console.error(`Chromium is missing at ${chromium}: the browser layer will fail. ${advice}`);
  else console.warn(`Chromium is missing at ${chromium}: the browser layer will be skipped. ${advice}`);
}

run("static: typecheck", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]);
run("static: lint", bin("eslint"), ["--max-warnings", "0", "."]);
run("static: format", bin("prettier"), ["--check", "--log-level", "warn", "."]);
const built = run("build", process.execPath, [join(root, "scripts", "build.mjs")]);

mkdirSync(join(root, "test-results"), { recursive: true });
const report = join(root, "test-results", "vitest.json");
const layerReport = join(root, "test-results", "layers.json");
rmSync(layerReport, { force: true });
const projects = built ? LAYERS : LAYERS.filter((l) => !["manifest", "packs", "browser"].includes(l));
process.env.ZILCH_LAYER_REPORT = layerReport;
run("vitest: " + projects.join(", "), bin("vitest"), [
  "run",
  ...projects.flatMap((p) => ["--project", p]),
  "--coverage.enabled",
  // A quiet log: a dot per test, a line when each layer starts (layer-reporter.mjs), and every failure
  // in full with its output; the console output of passing tests (each simulated client's start-up
  // line, about 1,350 of them) is left out.
  "--reporter=dot",
  "--silent=passed-only",
  "--reporter=json",
  `--outputFile.json=${report}`,
  `--reporter=${join(root, "scripts", "layer-reporter.mjs")}`,
]);

// One line per layer (a Vitest project), from scripts/layer-reporter.mjs.
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(layerReport)) {
  const counted = JSON.parse(readFileSync(layerReport, "utf8"));
  const perLayer = Object.fromEntries(LAYERS.map((l) => [l, { passed: 0, failed: 0, skipped: 0 }]));
  for (const [project, c] of Object.entries(counted)) perLayer[project] = c;
  console.log("\n━━ layers");
  for (const [layer, c] of Object.entries(perLayer)) {
    console.log(
      `  ${layer.padEnd(12)} ${String(c.passed).padStart(4)} passed  ${String(c.failed).padStart(3)} failed  ${String(c.skipped).padStart(3)} skipped`,
    );
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
  }
  const coverage = join(root, "coverage", "coverage-summary.json");
  if (existsSync(coverage)) {
    const total = JSON.parse(readFileSync(coverage, "utf8")).total;
    console.log(
      `  coverage of src/rules: lines ${total.lines.pct}%, branches ${total.branches.pct}% (threshold 95%)`,
    );
  }
}
console.log("\n━━ steps");
for (const r of results) console.log(`  ${r.ok ? "ok    " : "FAILED"} ${r.label} (${r.seconds} s)`);
const stepsFailed = results.filter((r) => !r.ok).length;
console.log(`\n${passed} passed, ${failed + stepsFailed} failed, ${skipped} skipped`);
process.exit(stepsFailed === 0 && failed === 0 ? 0 : 1);
