import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Code and tests say why they are as they are, never which ticket asked for them: a ticket number
 * means nothing to a reader of a clone, and the history lives in CHANGELOG.md and git. Every mention
 * of a ticket by number in src/, test/, scripts/ and eslint.config.js fails here, with its place.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const TICKET = /\bissues?\s+#?\d+/gi;

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|js|mjs|cjs|sh)$/.test(name) ? [path] : [];
  });

/** Each "file:line: text" where a ticket is named by number. */
export function ticketMentions(path: string, text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, i) => (line.match(TICKET) ? [`${path}:${i + 1}: ${line.trim()}`] : []));
}

const scanned = [
  ...["src", "test", "scripts"].flatMap((dir) => files(join(ROOT, dir))),
  join(ROOT, "eslint.config.js"),
];

describe("no ticket numbers in code or tests", () => {
  it("finds one when a comment names a ticket (the check can fail)", () => {
    const sample = `/** Ties go to the attacker (${"iss"}ue 12 point 3). */\nconst x = 1;`;
    expect(ticketMentions("probe.ts", sample)).toEqual([
      `probe.ts:1: /** Ties go to the attacker (${"iss"}ue 12 point 3). */`,
    ]);
    expect(ticketMentions("probe.ts", `// ${"Iss"}ues #4 and 5`)).toHaveLength(1);
    expect(ticketMentions("probe.ts", "// a reissued card, 12 issues later")).toEqual([]);
  });

  it("scans the source, the tests, the scripts and the lint config", () => {
    expect(scanned.length).toBeGreaterThan(400);
  });

  it("none in src/, test/, scripts/ or eslint.config.js", () => {
    const found = scanned.flatMap((path) => ticketMentions(relative(ROOT, path), readFileSync(path, "utf8")));
    expect(found).toEqual([]);
  });
});
