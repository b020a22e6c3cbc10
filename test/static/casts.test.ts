import { describe, expect, it } from "vitest";
import { ESLint } from "eslint";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { OVER_500_LINES } from "../../eslint.config.js";

/**
 * The compiler checks every Foundry call, so a cast around the types (`as unknown as`,
 * `as never`) is refused everywhere in src/ but src/types/ (where each declaration names the v13
 * member the types lack and its evidence), and no function in src/ runs past 80 lines.
 */
describe("ESLint keeps the types honest and functions short", () => {
  const eslint = new ESLint();
  const ruleIds = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId);

  it.each([
    ["as unknown as", "export const f = (x: string) => x as unknown as number;"],
    ["as never", "export const f = (x: string): number => x as never;"],
    ["<unknown>", "export const f = (x: string) => <number>(<unknown>x);"],
  ])("refuses %s in src/documents", async (_name, code) => {
    expect(await ruleIds(code, "src/documents/__probe__.ts")).toContain("no-restricted-syntax");
  });

  it("allows a declaration's cast in src/types", async () => {
    const code = "export const f = (x: string) => x as unknown as number;";
    expect(await ruleIds(code, "src/types/__probe__.ts")).not.toContain("no-restricted-syntax");
  });

  it("refuses a function of 81 lines and accepts one of 80", async () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const fn = (lines: number) => `export function f(): void {\n${body(lines - 2)}\n}\n`;
    expect(await ruleIds(fn(81), "src/documents/__probe__.ts")).toContain("max-lines-per-function");
    expect(await ruleIds(fn(80), "src/documents/__probe__.ts")).not.toContain("max-lines-per-function");
  });

  it("refuses a module of 501 lines and accepts one of 500", async () => {
    const module = (n: number) =>
      Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join("\n");
    expect(await ruleIds(module(501), "src/documents/__probe__.ts")).toContain("max-lines");
    expect(await ruleIds(module(500), "src/documents/__probe__.ts")).not.toContain("max-lines");
  });

  it("exempts only files that are still over 500 lines", () => {
    const root = join(import.meta.dirname, "..", "..");
    const lines = (file: string) => readFileSync(join(root, file), "utf8").trimEnd().split("\n").length;
    expect(OVER_500_LINES.filter((file) => lines(file) <= 500)).toEqual([]);
  });
});
