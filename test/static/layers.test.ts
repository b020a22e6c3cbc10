import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { ESLint } from "eslint";
import { LAYERS } from "../../eslint.config.js";

/**
 * The layer direction of src/ (eslint.config.js LAYERS: applications → documents → data → rules, dice/
 * and requests/ beside documents/, setup/ wiring) and the absence of import cycles, checked over the
 * real import graph. ESLint reports a wrong edge in the editor; only the whole graph shows a cycle.
 */
const ROOT = resolve(import.meta.dirname, "..", "..");
const SRC = join(ROOT, "src");

/** One import: from a file to a file (paths relative to the repository), and whether only types cross. */
export interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

/**
 * Offenders main still had when the check arrived, named so the list can only shrink: the lead empties
 * it. An entry is "from -> to" for an edge, or a cycle's files joined by " | " in sorted order.
 */
const KNOWN_OFFENDERS: readonly string[] = [];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f));

const FILES = sourceFiles(SRC);
const KNOWN_FILES = new Set(FILES);

/** The src/ file a relative specifier names (as the bundler resolves it), or null for a package or a missing file. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, join(base, "index.ts")].find((c) => KNOWN_FILES.has(c)) ?? null;
}

/** Whether an import or export declaration brings only types (`import type`, or every name `type`). */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** Every relative import of one file: declarations, re-exports and dynamic `import()`. */
export function importsOf(file: string, text: string): Edge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: Edge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const to = resolveImport(file, specifier);
    if (to) edges.push({ from: relative(ROOT, file), to: relative(ROOT, to), typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      add((node.moduleSpecifier as ts.StringLiteral).text, isTypeOnly(node));
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      add(node.arguments[0].text, false);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The layer of a file under src/: its top folder, or "entry" for src/zilch.ts. */
export const layerOf = (path: string): string => {
  const parts = path.split("/");
  return parts.length > 2 ? parts[1]! : "entry";
};

/** The edges against the direction: into a layer the importer may not use (setup/ and the entry use all). */
export function againstDirection(
  edges: readonly Edge[],
  layers: Readonly<Record<string, readonly string[]>>,
): string[] {
  return edges
    .filter((e) => {
      const from = layerOf(e.from);
      const to = layerOf(e.to);
      if (from === to || from === "setup" || from === "entry") return false;
      if (from === "types" && e.typeOnly) return false;
      return !(layers[from] ?? []).includes(to);
    })
    .map((e) => `${e.from} -> ${e.to}`);
}

/** The import cycles (Tarjan's strongly connected components of two or more files, or a file importing itself). */
export function cycles(edges: readonly Edge[]): string[] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (next.get(v) ?? []).includes(v)) found.push(component.sort().join(" | "));
  };
  for (const v of next.keys()) if (!index.has(v)) connect(v);
  return found;
}

const graph = FILES.flatMap((f) => importsOf(f, readFileSync(f, "utf8")));

describe("src/ imports follow the layers", () => {
  it("reads the real graph", () => {
    expect(graph.length).toBeGreaterThan(500);
    expect(graph).toContainEqual({ from: "src/zilch.ts", to: "src/setup/settings.ts", typeOnly: false });
  });

  it("has no edge against the direction beyond the known offenders", () => {
    expect(againstDirection(graph, LAYERS).filter((e) => !KNOWN_OFFENDERS.includes(e))).toEqual([]);
  });

  it("has no import cycle beyond the known offenders", () => {
    expect(cycles(graph).filter((c) => !KNOWN_OFFENDERS.includes(c))).toEqual([]);
  });

  it("lists only offenders that still exist, so the allow-list shrinks", () => {
    const current = [...againstDirection(graph, LAYERS), ...cycles(graph)];
    expect(KNOWN_OFFENDERS.filter((o) => !current.includes(o))).toEqual([]);
  });
});

describe("the checks can fail", () => {
  const edge = (from: string, to: string, typeOnly = false): Edge => ({ from, to, typeOnly });

  it("finds a cycle through three files and a file importing itself", () => {
    const found = cycles([
      edge("src/a/x.ts", "src/a/y.ts"),
      edge("src/a/y.ts", "src/a/z.ts"),
      edge("src/a/z.ts", "src/a/x.ts"),
      edge("src/b/s.ts", "src/b/s.ts"),
      edge("src/b/s.ts", "src/a/x.ts"),
    ]);
    expect(found).toEqual(["src/a/x.ts | src/a/y.ts | src/a/z.ts", "src/b/s.ts"]);
    expect(cycles([edge("src/a/x.ts", "src/a/y.ts")])).toEqual([]);
  });

  it("flags data → setup, dice → documents and a value import from src/types", () => {
    expect(
      againstDirection(
        [
          edge("src/data/item/skill.ts", "src/setup/migrations.ts"),
          edge("src/dice/grit.ts", "src/documents/actor.ts", true),
          edge("src/types/flags.ts", "src/rules/round/state.ts", false),
          edge("src/types/flags.ts", "src/rules/round/stored.ts", true),
          edge("src/setup/combat.ts", "src/applications/combat/tracker.ts"),
          edge("src/applications/combat/tracker.ts", "src/documents/combat/zilch-combat.ts"),
        ],
        LAYERS,
      ),
    ).toEqual([
      "src/data/item/skill.ts -> src/setup/migrations.ts",
      "src/dice/grit.ts -> src/documents/actor.ts",
      "src/types/flags.ts -> src/rules/round/state.ts",
    ]);
  });

  it("reads type-only imports, re-exports and dynamic imports", () => {
    const file = join(SRC, "documents", "probe.ts");
    const edges = importsOf(
      file,
      [
        'import type { ZilchActor } from "./actor";',
        'import { type SettingKey } from "../data/settings";',
        'import { getSetting, type SettingValue } from "../data/settings";',
        'export { SYSTEM_ID } from "../data/settings";',
        'const later = () => import("../rules/vocabulary");',
        'import { nothing } from "./no-such-file";',
      ].join("\n"),
    );
    expect(edges.map((e) => [e.to, e.typeOnly])).toEqual([
      ["src/documents/actor.ts", true],
      ["src/data/settings.ts", true],
      ["src/data/settings.ts", false],
      ["src/data/settings.ts", false],
      ["src/rules/vocabulary.ts", false],
    ]);
  });
});

describe("ESLint holds each layer to its imports", () => {
  const eslint = new ESLint();
  const restricted = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.filter(
      (m) => m.ruleId === "@typescript-eslint/no-restricted-imports",
    );

  it.each([
    ["src/rules/round/probe.ts", 'import { x } from "../../data/settings";'],
    ["src/data/item/probe.ts", 'import { x } from "../../setup/migrations";'],
    ["src/dice/probe.ts", 'import { x } from "../documents/actor";'],
    ["src/requests/probe.ts", 'import { x } from "../applications/combat/tracker";'],
    ["src/documents/probe.ts", 'import { x } from "../applications/combat/tracker";'],
    ["src/applications/combat/probe.ts", 'import { x } from "../../setup/queries";'],
    ["src/types/probe.ts", 'import { x } from "../documents/actor";'],
  ])("rejects %s importing %s", async (filePath, code) => {
    expect(await restricted(`${code}\nexport const y = x;`, filePath)).toHaveLength(1);
  });

  it.each([
    ["src/types/probe.ts", 'import type { x } from "../documents/actor";'],
    ["src/documents/probe.ts", 'import { x } from "../dice/grit";'],
    ["src/setup/probe.ts", 'import { x } from "../applications/combat/tracker";'],
  ])("allows %s importing %s", async (filePath, code) => {
    expect(await restricted(`${code}\nexport const y = x;`, filePath)).toEqual([]);
  });
});
