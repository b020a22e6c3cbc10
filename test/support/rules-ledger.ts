/**
 * The rules ledger's checks (docs/rules-ledger.yaml; how to read it: docs/rules-ledger.md), as a pure
 * function of the ledger, the committed list of RULES.md IDs and a file reader, so the static test
 * can feed it bad ledgers in memory and see each check fail.
 */
export const STATUSES = ["automated", "assisted", "table", "missing"] as const;
export type Status = (typeof STATUSES)[number];

export interface TestRef {
  file: string;
  name: string;
}
export interface RuleEntry {
  id: string;
  section: number | string;
  rule: string;
  status: Status;
  functions?: string[];
  play?: string[];
  tests?: TestRef[];
  reason?: string;
  where?: string;
  gap?: string;
}
export interface ExampleEntry {
  id: string;
  section: number | string;
  tests?: TestRef[];
  gap?: string;
}
export interface Ledger {
  rules: RuleEntry[];
  examples: ExampleEntry[];
}
/** One line of docs/rules-ids.txt: an ID and the RULES.md section it sits in. */
export interface RuleId {
  id: string;
  section: string;
}
/** Reads a repository file by its path from the root, or null when there is none. */
export type Reader = (path: string) => string | null;

/** docs/rules-ids.txt: one "ID section" pair per line. */
export function parseIds(text: string): RuleId[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const [id = "", ...rest] = line.split(" ");
      return { id, section: rest.join(" ") };
    });
}

/** An ID as RULES.md writes it anywhere: `SU-1`, `CD-20`, `OD-2a`, `EX-AT-3`, `B-1`. */
const ID = /\b(?:EX-)?[A-Z]{1,4}-[0-9]+[a-z]?\b/g;
/**
 * A line that states a rule: its ID in bold first on the line, after a heading's `#`s, a bullet's
 * `-`, `*` or `1.`, or a table row's `|`. Group 1 is that prefix, group 2 the ID.
 */
const STATED_ID = /^(#{1,6}\s+|[-*]\s+|\d+\.\s+|\|\s*)?\*\*((?:EX-)?[A-Z]+-[0-9]+[a-z]?)\b/;
const SECTION = /^## (\d+|Appendix [A-Z])[.:]/;

/**
 * RULES.md's IDs in order with their section. A rule is stated by its ID in bold at the start of a
 * paragraph or heading (`**RA-1** …`, `### **RA-1** …`), or of a bullet or table row
 * (`- **RA-3** …`, `| **RA-3** | …`). A bullet or row whose ID is also stated as a paragraph or
 * heading elsewhere (the clarifications of §0.4 restate rules stated later) is not a rule of its own,
 * and an ID stated twice is listed once, where it first appears.
 */
export function idsOfRules(markdown: string): RuleId[] {
  const found: { id: string; section: string; primary: boolean }[] = [];
  let section = "";
  for (const line of markdown.split("\n")) {
    const s = SECTION.exec(line);
    if (s?.[1]) section = s[1].replace("Appendix ", "App. ");
    const m = STATED_ID.exec(line);
    if (m?.[2]) found.push({ id: m[2], section, primary: m[1] === undefined || m[1].startsWith("#") });
  }
  const primary = new Set(found.filter((f) => f.primary).map((f) => f.id));
  return found
    .filter((f) => f.primary || !primary.has(f.id))
    .filter((f, i, all) => all.findIndex((g) => g.id === f.id) === i)
    .map(({ id, section }) => ({ id, section }));
}

/** Every ID RULES.md mentions, whatever its markup (prose, tables, headings, bullets), once each. */
export function idsMentioned(markdown: string): string[] {
  return [...new Set(markdown.match(ID) ?? [])];
}

const isExample = (id: string) => id.startsWith("EX-");

/** A `path#name` reference: the file exists and the name occurs in it as a word. */
function refProblem(ref: string, read: Reader): string | null {
  const [path = "", name] = ref.split("#");
  const text = read(path);
  if (text === null) return `${ref}: no file ${path}`;
  if (!name) return `${ref}: no #name`;
  return new RegExp(`\\b${name.replace(/[$]/g, "\\$")}\\b`).test(text)
    ? null
    : `${ref}: ${name} does not occur in ${path}`;
}

/** The quoted first arguments of a file's `describe`, `it` and `test` calls (`.each` and modifiers too). */
function testTitles(text: string): string[] {
  const call =
    /\b(?:describe|it|test)(?:\.(?:each\([^)]*\)|only|skip|concurrent|sequential))*\(\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
  return [...text.matchAll(call)].map((m) => m[2]!.replace(/\\(.)/g, "$1"));
}

/**
 * Whether a file names some of its tests at run time (`it(row.name, …)`, or `it.each(rows)` whose titles
 * take the rows' values), so its titles are not all literals.
 */
const titlesBuiltAtRunTime = (text: string): boolean =>
  /\b(?:it|test)\.each\(/.test(text) || /\b(?:it|test)\(\s*[\w$.[\]]+\s*,/.test(text);

/** A file's string literals, comments left out (a name in a comment names no test). */
function stringLiterals(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...code.matchAll(/(["'`])((?:\\.|(?!\1)[^\\])*)\1/g)].map((m) => m[2]!);
}

/**
 * A named test must be one: the name is part of a test's title, or, in a file whose titles are built
 * from a table of rows, part of a string in the code (never a comment).
 */
function testProblems(tests: TestRef[], read: Reader): string[] {
  return tests.flatMap((t) => {
    const text = read(t.file);
    if (text === null) return [`test ${t.file}: no such file`];
    const titles = titlesBuiltAtRunTime(text) ? stringLiterals(text) : testTitles(text);
    return titles.some((title) => title.includes(t.name))
      ? []
      : [`test ${t.file}: no test title contains "${t.name}"`];
  });
}

/** Layers whose tests drive a rule through requests between clients or the UI path. */
const PLAY_LAYERS = ["test/table/", "test/browser/"];
/**
 * A data-layer test plays a rule when its file reaches code beyond the pure rules: the stand-in's
 * documents and data models, or the system's documents, data, dice, sheets or setup. One that feeds
 * the rules layer a hand-built state (only `src/rules` imports) does not, whatever its folder.
 */
const PLAY_CODE =
  /(?:from |import\(?)\s*"(?:\.\.\/\.\.\/src\/(?!rules\/)|\.\/models-setup"|\.\.\/stand-in\/|\.\.\/support\/fake-documents")/;
/**
 * A template test plays a rule only when its file renders sheets or cards from real documents of the
 * stand-in (the shared fixtures build actors with the system's data models); a card rendered from a
 * hand-built state shows the template, not the rule in play.
 */
const DOCUMENT_STATE =
  /from "(?:\.\/(?:bestiary-)?fixtures|\.\.\/data\/models-setup|\.\.\/stand-in\/documents)"/;

/** Whether a named test drives the rule in play (rules-layer and pack tests never do). */
export function playsRule(test: TestRef, read: Reader): boolean {
  if (PLAY_LAYERS.some((layer) => test.file.startsWith(layer))) return true;
  const text = read(test.file) ?? "";
  if (test.file.startsWith("test/data/")) return PLAY_CODE.test(text);
  return test.file.startsWith("test/templates/") && DOCUMENT_STATE.test(text);
}

/** What is wrong with one rule's entry. */
export function entryProblems(entry: RuleEntry, read: Reader): string[] {
  const problems: string[] = [];
  if (!STATUSES.includes(entry.status))
    problems.push(`status "${String(entry.status)}" is not one of ${STATUSES.join(", ")}`);
  if (!entry.rule?.trim()) problems.push("no short title (rule)");
  const tests = entry.tests ?? [];
  if ((entry.status === "automated" || entry.status === "assisted") && tests.length === 0)
    problems.push(`${entry.status} but names no test that shows it in play`);
  else if (
    (entry.status === "automated" || entry.status === "assisted") &&
    !tests.some((t) => playsRule(t, read))
  )
    problems.push(
      `${entry.status} but none of its tests plays it (only rules-layer, pack or hand-built-state tests)`,
    );
  if ((entry.status === "automated" || entry.status === "assisted") && (entry.play ?? []).length === 0)
    problems.push(`${entry.status} but names no play code`);
  if (entry.status === "table" && (!entry.reason?.trim() || !entry.where?.trim()))
    problems.push("table but lacks the reason or where the user is told");
  if (entry.status === "missing" && !entry.gap?.trim()) problems.push("missing but has no gap");
  for (const ref of [...(entry.functions ?? []), ...(entry.play ?? [])]) {
    const p = refProblem(ref, read);
    if (p) problems.push(p);
  }
  problems.push(...testProblems(tests, read));
  return problems.map((p) => `${entry.id}: ${p}`);
}

/** Every problem of the ledger against the committed ID list; empty when it is complete and true. */
export function ledgerProblems(ledger: Ledger, ids: RuleId[], read: Reader): string[] {
  const problems: string[] = [];
  const listed = new Map<string, string>();
  for (const e of [...ledger.rules, ...ledger.examples]) {
    if (listed.has(e.id)) problems.push(`${e.id}: listed twice`);
    listed.set(e.id, String(e.section));
  }
  for (const { id, section } of ids) {
    const where = isExample(id) ? ledger.examples : ledger.rules;
    if (!where.some((e) => e.id === id))
      problems.push(`${id}: in RULES.md but not in the ledger's ${isExample(id) ? "examples" : "rules"}`);
    else if (listed.get(id) !== section)
      problems.push(`${id}: section ${listed.get(id)} in the ledger, ${section} in RULES.md`);
  }
  const known = new Set(ids.map((i) => i.id));
  for (const id of listed.keys())
    if (!known.has(id)) problems.push(`${id}: in the ledger but not in RULES.md`);
  for (const e of ledger.rules) problems.push(...entryProblems(e, read));
  for (const e of ledger.examples) {
    problems.push(...testProblems(e.tests ?? [], read).map((p) => `${e.id}: ${p}`));
    if ((e.tests ?? []).length === 0 && !e.gap?.trim()) problems.push(`${e.id}: no test and no gap`);
  }
  return problems;
}

/** Counts per status, overall and per RULES.md section (for the issue's closing note). */
export function ledgerCounts(ledger: Ledger): {
  total: Record<string, number>;
  bySection: Record<string, Record<string, number>>;
} {
  const total: Record<string, number> = {};
  const bySection: Record<string, Record<string, number>> = {};
  for (const e of ledger.rules) {
    total[e.status] = (total[e.status] ?? 0) + 1;
    const s = (bySection[String(e.section)] ??= {});
    s[e.status] = (s[e.status] ?? 0) + 1;
  }
  return { total, bySection };
}

/** One row of docs/rules-ledger.md's lasting-effects table (INJ-7, SW-7, DMG-6). */
export interface LastingRow {
  rule: string;
  row: string;
  lasting: string;
  tests: TestRef[];
}

const LASTING_LINE = /^\|\s*(INJ-7|SW-7|DMG-6)\s*\|\s*`([^`]+)`\s*\|(.*)\|\s*$/;
const ALIAS = /^`(\w+)` is `([^`]+)`\.$/;

/** The lasting-effects table's rows; a test cell is `file` › name, several joined by <br>. */
export function parseLastingTable(markdown: string): LastingRow[] {
  const aliases = new Map<string, string>();
  const rows: LastingRow[] = [];
  for (const line of markdown.split("\n")) {
    const alias = ALIAS.exec(line.trim());
    if (alias?.[1] && alias[2]) aliases.set(alias[1], alias[2]);
    const m = LASTING_LINE.exec(line);
    if (!m?.[1] || !m[2]) continue;
    const cells = (m[3] ?? "").split("|").map((c) => c.trim());
    const tests = (cells[cells.length - 1] ?? "")
      .split("<br>")
      .map((t) => /^`([^`]+)` › (.+)$/.exec(t.trim()))
      .filter((t): t is RegExpExecArray => t !== null)
      .map((t) => ({ file: aliases.get(t[1] ?? "") ?? t[1] ?? "", name: (t[2] ?? "").trim() }));
    rows.push({ rule: m[1], row: m[2], lasting: cells[0] ?? "", tests });
  }
  return rows;
}

/** Test folders whose tests drive documents (not the rules layer, not pack contents). */
const DOCUMENT_LEVEL = ["test/data/", "test/table/", "test/templates/", "test/browser/"];

/**
 * What is wrong with the lasting-effects table against the catalogues' rows (`expected`, as
 * "RULE row"): a row missing, twice or unknown, no lasting text, no test, or a test that is not
 * document-level or not in its file.
 */
export function lastingProblems(rows: LastingRow[], expected: string[], read: Reader): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const key = `${r.rule} ${r.row}`;
    if (seen.has(key)) problems.push(`${key}: listed twice`);
    seen.add(key);
    if (!expected.includes(key)) problems.push(`${key}: no such row in the catalogues`);
    if (!r.lasting) problems.push(`${key}: says nothing of what lasts (write "None" when nothing does)`);
    if (r.tests.length === 0) problems.push(`${key}: names no test`);
    for (const t of r.tests)
      if (!DOCUMENT_LEVEL.some((d) => t.file.startsWith(d)))
        problems.push(`${key}: ${t.file} is not a document-level test`);
    problems.push(...testProblems(r.tests, read).map((p) => `${key}: ${p}`));
  }
  for (const key of expected) if (!seen.has(key)) problems.push(`${key}: not in the lasting-effects table`);
  return problems;
}
