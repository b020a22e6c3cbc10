import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";

/**
 * Issue 14: the code host's workflows are valid YAML and test exactly as .ci/run does (CI on every
 * push and pull request; the release only after the suite passed), so a green run here means the
 * same as a green run there.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on?: Record<string, { types?: string[] } | null>;
  jobs?: Record<string, { "runs-on"?: string; steps?: Step[] }>;
}

/** The npm commands .ci/run runs, in order (its other lines only find Chromium). */
export function ciCommands(script: string): string[] {
  return script
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^npm /.test(line));
}

/** "20.19" → [20, 19]; anything else → null. */
const version = (text: unknown) => /^(\d+)\.(\d+)/.exec(String(text))?.slice(1).map(Number) ?? null;

/** What is wrong with a workflow, given the kind it must be and the minimum Node version. */
export function workflowProblems(text: string, kind: "ci" | "release", minimumNode: number[]): string[] {
  const problems: string[] = [];
  const workflow = yaml.load(text) as Workflow;
  const triggers = workflow.on ?? {};
  if (kind === "ci" && !("push" in triggers && "pull_request" in triggers))
    problems.push("does not run on every push and pull request");
  if (kind === "release" && !triggers.release?.types?.includes("published"))
    problems.push("does not run when a release is published");
  const jobs = Object.values(workflow.jobs ?? {});
  if (jobs.length !== 1) problems.push(`has ${jobs.length} jobs, not one`);
  for (const job of jobs) {
    if (!String(job["runs-on"]).startsWith("ubuntu")) problems.push("does not run on ubuntu");
    const steps = job.steps ?? [];
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
      const upload = runs.find((r) => r.startsWith("gh release upload")) ?? "";
      if (!upload.includes("release/system.json") || !upload.includes("release/zilch.zip"))
        problems.push("does not attach release/system.json and release/zilch.zip");
    }
  }
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

  it("release.yml runs .ci/run before it packages, and attaches system.json and the zip", () => {
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
    const old = read(".github/workflows/ci.yml").replace('node-version: "20.19"', "node-version: 18");
    expect(workflowProblems(old, "ci", minimumNode)).toEqual(["sets up Node 18, below 20.19"]);
    expect(() => workflowProblems("on: [push\n", "ci", minimumNode)).toThrow();
  });
});
