import { describe, expect, it } from "vitest";
import { ESLint } from "eslint";
import ts from "typescript";
import { readFileSync } from "node:fs";

/**
 * The static layer's "can fail" cases: the lint rule that keeps src/rules pure, and the strict
 * compiler options, each shown rejecting a bad snippet (the full tsc and ESLint runs are in npm test).
 */
describe("ESLint keeps src/rules pure", () => {
  const eslint = new ESLint();
  const lint = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages;

  it.each([
    ["game", "export const x = () => game.settings;"],
    ["CONFIG", "export const x = () => CONFIG.Actor;"],
    ["foundry", "export const x = () => foundry.utils;"],
    ["ui", "export const x = () => ui.notifications;"],
    ["Hooks", "export const x = () => Hooks.on;"],
    ["Roll", "export const x = () => Roll;"],
    ["ChatMessage", "export const x = () => ChatMessage;"],
    ["canvas", "export const x = () => canvas;"],
    ["document", "export const x = () => document.body;"],
    ["Math.random", "export const x = () => Math.random();"],
  ])("rejects %s in src/rules", async (_name, code) => {
    const messages = await lint(code, "src/rules/__probe__.ts");
    expect(messages.some((m) => /no-restricted/.test(m.ruleId ?? ""))).toBe(true);
  });

  it("rejects an import from outside src/rules", async () => {
    const messages = await lint(
      'import { x } from "../data/actor/character";\nexport const y = x;',
      "src/rules/__probe__.ts",
    );
    expect(messages.some((m) => /no-restricted-imports$/.test(m.ruleId ?? ""))).toBe(true);
  });

  it("rejects a dynamic import() anywhere in src (the bundle is one file)", async () => {
    const messages = await lint(
      'export const load = () => import("../quench/batch");',
      "src/setup/__probe__.ts",
    );
    expect(
      messages.some((m) => m.ruleId === "no-restricted-syntax" && /dynamic import/.test(m.message)),
    ).toBe(true);
  });

  it("allows the same code outside src/rules", async () => {
    const messages = await lint("export const x = () => game.settings;", "src/setup/__probe__.ts");
    expect(messages.filter((m) => /no-restricted/.test(m.ruleId ?? ""))).toEqual([]);
  });
});

describe("the compiler runs strict", () => {
  const config = ts.parseConfigFileTextToJson("tsconfig.json", readFileSync("tsconfig.json", "utf8"))
    .config as {
    compilerOptions: Record<string, unknown>;
  };
  const options = ts.convertCompilerOptionsFromJson({ ...config.compilerOptions, types: [] }, ".").options;

  const diagnose = (code: string): readonly ts.Diagnostic[] => {
    const host = ts.createCompilerHost(options);
    const original = host.getSourceFile;
    host.getSourceFile = (name, lang, ...rest) =>
      name === "probe.ts" ? ts.createSourceFile(name, code, lang) : original.call(host, name, lang, ...rest);
    const program = ts.createProgram(["probe.ts"], options, host);
    return ts.getPreEmitDiagnostics(program, program.getSourceFile("probe.ts"));
  };

  it("has strict on", () => expect(options.strict).toBe(true));
  it("rejects an implicit any", () => {
    expect(diagnose("export const f = (a) => a;").map((d) => d.code)).toContain(7006);
  });
  it("rejects a possibly undefined value", () => {
    expect(diagnose("export const f = (a?: number): number => a + 1;").map((d) => d.code)).toContain(18048);
  });
  it("accepts sound code", () => {
    expect(diagnose("export const f = (a: number): number => a + 1;")).toEqual([]);
  });
});
