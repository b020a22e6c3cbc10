import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Code, tests and docs say why they are as they are, never which ticket asked for them: a ticket
 * number means nothing to a reader of a clone, and the history lives in CHANGELOG.md and git. Every
 * mention of a ticket by number in the code (src/, templates/, styles/), the tests, the benchmarks,
 * the scripts, the root config files and the topic pages (docs/, README.md, CONTRIBUTING.md) fails
 * here, with its place. CHANGELOG.md is left out: history belongs there. Foundry's own issue numbers
 * cited as evidence ("(#10833)") do not match.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const TICKET = /\bissues?\s+#?\d+/gi;

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|mts|js|mjs|cjs|sh|hbs|scss|css|md|yaml|txt)$/.test(name) ? [path] : [];
  });

/** Each "file:line: text" where a ticket is named by number. */
export function ticketMentions(path: string, text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, i) => (line.match(TICKET) ? [`${path}:${i + 1}: ${line.trim()}`] : []));
}

/** The root's own files: the lint, build and test configs and their declarations. */
const rootConfigs = readdirSync(ROOT)
  .filter((name) => /\.(ts|js|mjs|cjs)$/.test(name))
  .map((name) => join(ROOT, name));

const scanned = [
  ...["src", "test", "bench", "scripts", "templates", "styles", "docs"].flatMap((dir) =>
    files(join(ROOT, dir)),
  ),
  ...rootConfigs,
  ...["README.md", "CONTRIBUTING.md"].map((name) => join(ROOT, name)),
];

describe("no ticket numbers in code or tests", () => {
  it("finds one when a comment names a ticket (the check can fail)", () => {
    const sample = `/** Ties go to the attacker (${"iss"}ue 12 point 3). */\nconst x = 1;`;
    expect(ticketMentions("probe.ts", sample)).toEqual([
      `probe.ts:1: /** Ties go to the attacker (${"iss"}ue 12 point 3). */`,
    ]);
    expect(ticketMentions("probe.ts", `// ${"Iss"}ues #4 and 5`)).toHaveLength(1);
    expect(ticketMentions("probe.hbs", `{{!-- ${"Iss"}ue 13 point 4 --}}`)).toHaveLength(1);
    expect(ticketMentions("probe.ts", "// a reissued card, 12 issues later")).toEqual([]);
    expect(ticketMentions("probe.ts", "// v13 replaces a whole array on update (#10833)")).toEqual([]);
  });

  it("scans the code, templates, styles, tests, benchmarks, scripts, root configs and docs", () => {
    expect(scanned.length).toBeGreaterThan(400);
    const folders = new Set(scanned.map((path) => relative(ROOT, path).split(/[\\/]/)[0]));
    for (const place of [
      "src",
      "test",
      "bench",
      "scripts",
      "templates",
      "styles",
      "docs",
      "README.md",
      "CONTRIBUTING.md",
    ])
      expect(folders).toContain(place);
    for (const config of ["eslint.config.js", "vite.config.ts", "vitest.config.ts"])
      expect(folders).toContain(config);
  });

  it("none in the code, tests, benchmarks, scripts, root configs or docs", () => {
    const found = scanned.flatMap((path) => ticketMentions(relative(ROOT, path), readFileSync(path, "utf8")));
    expect(found).toEqual([]);
  });
});
