import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";

/**
 * The code-host workflows are valid YAML and test exactly as .ci/run does (CI on every push and pull
 * request; the release from a pushed version tag, only after the suite passed), so a green run here
 * means the same as a green run there. A release becomes public only with its files: one
 * `gh release create` with every file creates it as a draft, uploads, then publishes (and deletes the
 * draft if an upload fails: cli/cli pkg/cmd/release/create/create.go, `draftWhileUploading`), so no
 * installed world's manifest link ever points at a release without them. Node and the actions are
 * current majors, and Node's version is written once (.nvmrc) for the workflows, engines and .ci/run.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/**
 * The current major of every action the workflows may use, in November 2026: actions/checkout v7
 * (7.0.0 on 2026-06-18, actions/checkout#2468; 7.0.1 on 2026-07-20), actions/setup-node v7 (7.0.0 in
 * July 2026, actions/setup-node#1593) and actions/upload-artifact v7 (7.0.0 early 2026,
 * actions/upload-artifact#776; 7.0.1 since). All three run on the Node 24 action runtime.
 */
export const CURRENT_ACTIONS: Record<string, number> = {
  "actions/checkout": 7,
  "actions/setup-node": 7,
  "actions/upload-artifact": 7,
};

/**
 * Node's LTS lines and the day each reaches end of life (nodejs/Release schedule.json, as quoted in
 * nodejs/docker-node#2435: v22 2027-04-30, v24 2028-04-30 (maintenance from 2026-10-20), v26 2029-04-30
 * (LTS from 2026-10-28)). Node 20 ended on 2026-04-30 and is not listed.
 */
export const NODE_LTS_END: Record<number, string> = { 22: "2027-04-30", 24: "2028-04-30", 26: "2029-04-30" };

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
export interface Workflow {
  on?: Record<string, { types?: string[]; tags?: string[] } | null>;
  jobs?: Record<string, { "runs-on"?: string; steps?: Step[] }>;
}

/** The npm commands .ci/run runs, in order (its other lines only check Node and find Chromium). */
export function ciCommands(script: string): string[] {
  return script
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^npm /.test(line));
}

/** What is wrong with the Node version: .nvmrc names a supported LTS line, and engines starts there. */
export function nodeProblems(nvmrc: string, engines: string, today: string): string[] {
  const line = Number(/^v?(\d+)\s*$/.exec(nvmrc)?.[1]);
  const end = NODE_LTS_END[line];
  const problems: string[] = [];
  if (!end) problems.push(`.nvmrc names Node ${nvmrc.trim()}, not an LTS line`);
  else if (today > end) problems.push(`Node ${line} reached its end of life on ${end}`);
  if (engines !== `>=${line}`) problems.push(`engines asks for Node ${engines}, not >=${line} as .nvmrc`);
  return problems;
}

/** What is wrong with a workflow of the given kind (its text, or the parsed workflow). */
export function workflowProblems(source: string | Workflow, kind: "ci" | "release"): string[] {
  const problems: string[] = [];
  const workflow = typeof source === "string" ? (yaml.load(source) as Workflow) : source;
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
    problems.push(...actionProblems(steps));
    const node = steps.find((s) => s.uses?.startsWith("actions/setup-node"))?.with ?? {};
    if (node["node-version-file"] !== ".nvmrc" || "node-version" in node)
      problems.push("does not take Node's version from .nvmrc");
    const runs = steps.map((s) => s.run?.trim() ?? "");
    const suite = runs.indexOf("bash .ci/run");
    if (suite === -1) problems.push("does not run bash .ci/run");
    // Its own npm ci or npm test could drift from .ci/run's.
    if (runs.some((r) => /\bnpm (ci|test|t|run test)\b/.test(r)))
      problems.push("runs npm ci or npm test itself");
    if (kind === "release") problems.push(...releaseProblems(runs, suite));
  }
  return problems;
}

/** Each action is one of the known ones, at its current major. */
function actionProblems(steps: Step[]): string[] {
  return steps.flatMap(({ uses }) => {
    if (!uses) return [];
    const [name, ref] = uses.split("@");
    const current = CURRENT_ACTIONS[name!];
    if (current === undefined) return [`uses ${uses}, an action without a known current major`];
    return ref === `v${current}` ? [] : [`uses ${uses}, not the current v${current}`];
  });
}

/**
 * The release's steps in order: the tag checked against the version, the suite, the package, then
 * one `gh release create` with every file that publishes at once, last.
 */
function releaseProblems(runs: string[], suite: number): string[] {
  const problems: string[] = [];
  const tagCheck = runs.findIndex((r) => r.includes("GITHUB_REF_NAME") && r.startsWith("test "));
  const pack = runs.findIndex((r) => r.startsWith("npm run package"));
  const create = runs.findIndex((r) => r.startsWith("gh release create"));
  const created = runs[create] ?? "";
  if (tagCheck === -1 || (suite !== -1 && tagCheck > suite))
    problems.push("does not check the tag against the version before the suite");
  if (pack === -1 || suite === -1 || pack < suite) problems.push("packages before the suite has run");
  const files = ["release/system.json", "release/zilch.zip", "release/zilch.mjs.map"];
  if (create === -1 || !files.every((f) => created.includes(f)))
    problems.push("does not create the release with system.json, the zip and the source map");
  if (create !== -1 && (create < pack || create < suite))
    problems.push("creates the release before the suite and the package");
  if (create !== -1 && create !== runs.length - 1) problems.push("does more after publishing");
  if (!created.includes("--verify-tag")) problems.push("may create a tag nobody pushed");
  if (created.includes("--draft")) problems.push("leaves a draft that a later step must publish");
  if (runs.some((r) => /^gh release (edit|upload)\b/.test(r)))
    problems.push("changes the release in a second step");
  return problems;
}

/** The workflow with one step moved to another place, for the tests of the order. */
function moved(text: string, from: number, to: number): Workflow {
  const workflow = yaml.load(text) as Workflow;
  const steps = Object.values(workflow.jobs!)[0]!.steps!;
  steps.splice(to, 0, ...steps.splice(from, 1));
  return workflow;
}
const stepIndex = (text: string, start: string) =>
  Object.values((yaml.load(text) as Workflow).jobs!)[0]!.steps!.findIndex((s) => s.run?.startsWith(start));

const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
const today = new Date().toISOString().slice(0, 10);

describe("code-host workflows", () => {
  it(".ci/run runs the README's install and test commands", () => {
    expect(ciCommands(read(".ci/run"))).toEqual(["npm ci --no-audit --no-fund", "npm test"]);
    expect(read("README.md")).toMatch(/^npm test\b/m);
  });

  it("Node is a supported LTS line, named once in .nvmrc and agreed by engines, .ci/run and README", () => {
    expect(nodeProblems(read(".nvmrc"), engines, today)).toEqual([]);
    expect(read(".ci/run")).toContain("cat .nvmrc");
    expect(read("README.md")).toContain(`Node.js ${read(".nvmrc").trim()} `);
  });

  it("names a Node version that is not a supported LTS or that engines disagrees with", () => {
    expect(nodeProblems("20\n", ">=20.19", "2026-11-28")).toEqual([
      ".nvmrc names Node 20, not an LTS line",
      "engines asks for Node >=20.19, not >=20 as .nvmrc",
    ]);
    expect(nodeProblems("24\n", ">=24", "2028-05-01")).toEqual([
      "Node 24 reached its end of life on 2028-04-30",
    ]);
    expect(nodeProblems("26\n", ">=24", "2026-11-28")).toEqual([
      "engines asks for Node >=24, not >=26 as .nvmrc",
    ]);
  });

  it("ci.yml runs .ci/run on every push and pull request", () => {
    expect(workflowProblems(read(".github/workflows/ci.yml"), "ci")).toEqual([]);
  });

  it("release.yml runs on a v* tag: the tag check, the suite, the package, then one publish with the files", () => {
    expect(workflowProblems(read(".github/workflows/release.yml"), "release")).toEqual([]);
  });

  it("names a workflow that tests differently or packages untested", () => {
    const release = read(".github/workflows/release.yml");
    const untested = release.replace("- run: bash .ci/run", "- run: npm ci");
    expect(workflowProblems(untested, "release")).toEqual([
      "does not run bash .ci/run",
      "runs npm ci or npm test itself",
      "packages before the suite has run",
    ]);
    const onRelease = release.replace('  push:\n    tags: ["v*"]', "  release:\n    types: [published]");
    expect(workflowProblems(onRelease, "release")).toEqual([
      "runs on a release someone already published",
      "does not run on a pushed v* tag",
    ]);
    const old = read(".github/workflows/ci.yml")
      .replace("node-version-file: .nvmrc", "node-version: 20")
      .replace("actions/checkout@v7", "actions/checkout@v6");
    expect(workflowProblems(old, "ci")).toEqual([
      "uses actions/checkout@v6, not the current v7",
      "does not take Node's version from .nvmrc",
    ]);
    expect(() => workflowProblems("on: [push\n", "ci")).toThrow();
  });

  it("names a release whose steps run in the wrong order", () => {
    const release = read(".github/workflows/release.yml");
    const [suite, pack, create] = ["bash .ci/run", "npm run package", "gh release create"].map((s) =>
      stepIndex(release, s),
    );
    expect(workflowProblems(moved(release, create!, pack!), "release")).toEqual([
      "creates the release before the suite and the package",
      "does more after publishing",
    ]);
    expect(workflowProblems(moved(release, pack!, suite!), "release")).toEqual([
      "packages before the suite has run",
    ]);
    const tagCheck = stepIndex(release, "test ");
    expect(workflowProblems(moved(release, tagCheck, create!), "release")).toEqual([
      "does not check the tag against the version before the suite",
      "does more after publishing",
    ]);
  });

  it("names a release published in two steps, or one that may exist without its files", () => {
    const release = read(".github/workflows/release.yml");
    const draft = release.replace(" --verify-tag", " --draft --verify-tag");
    expect(workflowProblems(draft, "release")).toEqual(["leaves a draft that a later step must publish"]);
    const upload = release.replace(
      " release/system.json release/zilch.zip release/zilch.mjs.map --verify-tag",
      " --verify-tag",
    );
    expect(workflowProblems(upload, "release")).toEqual([
      "does not create the release with system.json, the zip and the source map",
    ]);
    const later = `${release}      - run: gh release upload "\${GITHUB_REF_NAME}" release/zilch.zip\n`;
    expect(workflowProblems(later, "release")).toEqual([
      "does more after publishing",
      "changes the release in a second step",
    ]);
  });
});
