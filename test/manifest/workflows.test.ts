import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";

/**
 * The code host's workflows are valid YAML and test exactly as .ci/run does (CI on every push and pull
 * request; the release from a pushed version tag, only after the suite passed), so a green run here
 * means the same as a green run there. A release becomes public only with its files: it is created as
 * a draft holding them and published in a later step, so no installed world's manifest link ever
 * points at a release without them.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on?: Record<string, { types?: string[]; tags?: string[] } | null>;
  jobs?: Record<string, { "runs-on"?: string; steps?: Step[] }>;
}

/** The npm commands .ci/run runs, in order (its other lines only find Chromium). */
export function ciCommands(script: string): string[] {
  return script
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^npm /.test(line));
}

/** "20.19" → [20, 19], "24" → [24, 0]; anything else → null. */
const version = (text: unknown) =>
  /^(\d+)(?:\.(\d+))?/
    .exec(String(text))
    ?.slice(1)
    .map((n) => Number(n ?? 0)) ?? null;

/** What is wrong with a workflow, given the kind it must be and the minimum Node version. */
export function workflowProblems(text: string, kind: "ci" | "release", minimumNode: number[]): string[] {
  const problems: string[] = [];
  const workflow = yaml.load(text) as Workflow;
  const triggers = workflow.on ?? {};
  if (kind === "ci" && !("push" in triggers && "pull_request" in triggers))
    problems.push("does not run on every push and pull request");
  if (kind === "release" && "release" in triggers)
    problems.push("runs on a release someone already published");
  if (kind === "release" && !triggers.push?.tags?.includes("v*"))
    problems.push("does not run on a pushed v* tag");
  const jobs = Object.values(workflow.jobs ?? {});
  if (jobs.length !== 1) problems.push(`has ${jobs.length} jobs, not one`);
  for (const job of jobs) {
    if (!String(job["runs-on"]).startsWith("ubuntu")) problems.push("does not run on ubuntu");
    const steps = job.steps ?? [];
    const old = steps.filter((s) => /^actions\/[\w-]+@v[1-5]$/.test(s.uses ?? "")).map((s) => s.uses);
    if (old.length) problems.push(`uses actions on the retired Node 20 runtime: ${old.join(", ")}`);
    const node = steps.find((s) => s.uses?.startsWith("actions/setup-node"))?.with?.["node-version"];
    const found = version(node);
    if (!found || found[0]! < minimumNode[0]! || (found[0] === minimumNode[0] && found[1]! < minimumNode[1]!))
      problems.push(`sets up Node ${String(node)}, below ${minimumNode.join(".")}`);
    const runs = steps.map((s) => s.run?.trim() ?? "");
    const suite = runs.indexOf("bash .ci/run");
    if (suite === -1) problems.push("does not run bash .ci/run");
    // Its own npm ci or npm test could drift from .ci/run's.
    if (runs.some((r) => /\bnpm (ci|test|t|run test)\b/.test(r)))
      problems.push("runs npm ci or npm test itself");
    if (kind === "release") {
      const pack = runs.findIndex((r) => r.startsWith("npm run package"));
      if (pack === -1 || suite === -1 || pack < suite) problems.push("packages before the suite has run");
      problems.push(...releaseProblems(runs, pack));
    }
  }
  return problems;
}

/** The release steps after packaging: a draft created with every file, then published. */
function releaseProblems(runs: string[], pack: number): string[] {
  const problems: string[] = [];
  const create = runs.findIndex((r) => r.startsWith("gh release create"));
  const created = runs[create] ?? "";
  const files = ["release/system.json", "release/zilch.zip", "release/zilch.mjs.map"];
  if (create === -1 || !files.every((f) => created.includes(f)))
    problems.push("does not create the release with system.json, the zip and the source map");
  if (!created.includes("--draft")) problems.push("creates the release public before its files are checked");
  if (create !== -1 && create < pack) problems.push("creates the release before packaging");
  const publish = runs.findIndex((r) => r.startsWith("gh release edit") && r.includes("--draft=false"));
  if (publish === -1 || publish < create)
    problems.push("never publishes the draft after its files are attached");
  if (runs.some((r) => r.startsWith("gh release upload")))
    problems.push("uploads files to a release that may be public");
  return problems;
}

const minimumNode = version(
  (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node.slice(2),
)!;

describe("code-host workflows", () => {
  it(".ci/run runs the README's install and test commands", () => {
    expect(ciCommands(read(".ci/run"))).toEqual(["npm ci --no-audit --no-fund", "npm test"]);
    expect(read("README.md")).toMatch(/^npm test\b/m);
  });

  it("ci.yml runs .ci/run on every push and pull request", () => {
    expect(workflowProblems(read(".github/workflows/ci.yml"), "ci", minimumNode)).toEqual([]);
  });

  it("release.yml runs on a v* tag: the suite, the package, a draft with its files, then publish", () => {
    expect(workflowProblems(read(".github/workflows/release.yml"), "release", minimumNode)).toEqual([]);
  });

  it("names a workflow that tests differently or packages untested", () => {
    const release = read(".github/workflows/release.yml");
    const untested = release.replace("- run: bash .ci/run", "- run: npm ci");
    expect(workflowProblems(untested, "release", minimumNode)).toEqual([
      "does not run bash .ci/run",
      "runs npm ci or npm test itself",
      "packages before the suite has run",
    ]);
    const published = release.replace(" --draft --verify-tag", " --verify-tag");
    expect(workflowProblems(published, "release", minimumNode)).toEqual([
      "creates the release public before its files are checked",
    ]);
    const onRelease = release.replace('  push:\n    tags: ["v*"]', "  release:\n    types: [published]");
    expect(workflowProblems(onRelease, "release", minimumNode)).toEqual([
      "runs on a release someone already published",
      "does not run on a pushed v* tag",
    ]);
    const old = read(".github/workflows/ci.yml")
      .replace('node-version: "24"', "node-version: 18")
      .replace("actions/checkout@v6", "actions/checkout@v4");
    expect(workflowProblems(old, "ci", minimumNode)).toEqual([
      "uses actions on the retired Node 20 runtime: actions/checkout@v4",
      "sets up Node 18, below 20.19",
    ]);
    expect(() => workflowProblems("on: [push\n", "ci", minimumNode)).toThrow();
  });
});
