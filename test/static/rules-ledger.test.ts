import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { INJURY_EFFECT_CATALOGUE, PERMANENT_LIMB_LOSS } from "../../src/rules/injury/effects";
import { FRACTURE_PENALTIES } from "../../src/rules/injury/fracture";
import { SPECIFIC_WOUND_CHART } from "../../src/rules/wounds";
import { RIDER_KINDS } from "../../src/data/constants";
import {
  idsMentioned,
  idsOfRules,
  lastingProblems,
  ledgerCounts,
  ledgerProblems,
  parseIds,
  parseLastingTable,
  type Ledger,
  type Reader,
  type RuleEntry,
} from "../support/rules-ledger";

/**
 * docs/rules-ledger.yaml names, for every rule ID, its pure functions, where play uses it, the test
 * that shows it in play and a status. The repository keeps its own list of IDs (docs/rules-ids.txt),
 * and every check below runs on it, on any clone. The rules specification itself is kept outside the
 * repository: where it sits beside it (as in this project's CI), one more check compares the list with
 * it; elsewhere that check is not defined (rather than reported as skipped) and the log says so.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const RULES_MD = join(ROOT, "..", "shared", "design", "RULES.md");
const read: Reader = (path) => {
  const full = join(ROOT, path);
  return existsSync(full) ? readFileSync(full, "utf8") : null;
};
const ledger = yaml.load(readFileSync(join(ROOT, "docs", "rules-ledger.yaml"), "utf8")) as Ledger;
const ids = parseIds(readFileSync(join(ROOT, "docs", "rules-ids.txt"), "utf8"));

describe("the rules ledger", () => {
  it("covers every ID of RULES.md, and each entry's files, names and tests exist", () => {
    expect(ledgerProblems(ledger, ids, read)).toEqual([]);
  });

  if (existsSync(RULES_MD)) {
    const rulesMd = readFileSync(RULES_MD, "utf8");
    it("docs/rules-ids.txt is RULES.md's list of IDs, with their sections", () => {
      expect(idsOfRules(rulesMd)).toEqual(ids);
    });
    it("has an entry for every ID RULES.md mentions, whatever its markup", () => {
      const entries = new Set([...ledger.rules, ...ledger.examples].map((e) => e.id));
      expect(idsMentioned(rulesMd).filter((id) => !entries.has(id))).toEqual([]);
    });
  } else
    console.log(
      "rules ledger: no RULES.md beside the repository; docs/rules-ids.txt and docs/rules.md are the reference",
    );

  it("prints its counts per status and per RULES.md section", () => {
    const { total, bySection } = ledgerCounts(ledger);
    console.log("rules ledger:", JSON.stringify(total));
    for (const [section, counts] of Object.entries(bySection))
      console.log(`  §${section}`, JSON.stringify(counts));
    expect(Object.values(total).reduce((a, b) => a + b, 0)).toBe(
      ids.filter((i) => !i.id.startsWith("EX-")).length,
    );
  });
});

describe("each ledger check can fail", () => {
  const files: Record<string, string> = {
    "src/rules/a.ts": "export function healAll() {}",
    "src/documents/b.ts": "function onHeal() { healAll(); }",
    "test/data/c.test.ts":
      'import { makeActor } from "./models-setup";\nit("heals everyone at Rest", () => {});',
  };
  const fake: Reader = (path) => files[path] ?? null;
  const good: RuleEntry = {
    id: "REC-2",
    section: 17,
    rule: "Rest",
    status: "automated",
    functions: ["src/rules/a.ts#healAll"],
    play: ["src/documents/b.ts#onHeal"],
    tests: [{ file: "test/data/c.test.ts", name: "heals everyone" }],
  };
  const someIds = [
    { id: "REC-2", section: "17" },
    { id: "EX-REC-1", section: "17" },
  ];
  const ledgerOf = (entry: Partial<RuleEntry>): Ledger => ({
    rules: [{ ...good, ...entry } as RuleEntry],
    examples: [{ id: "EX-REC-1", section: 17, tests: [{ file: "test/data/c.test.ts", name: "Rest" }] }],
  });
  const problems = (entry: Partial<RuleEntry>, list = someIds) => ledgerProblems(ledgerOf(entry), list, fake);

  it("passes a good ledger", () => expect(problems({})).toEqual([]));
  it("fails on an ID of RULES.md the ledger lacks, and on one RULES.md does not have", () => {
    expect(problems({}, [...someIds, { id: "REC-3", section: "17" }])).toEqual([
      "REC-3: in RULES.md but not in the ledger's rules",
    ]);
    expect(problems({ id: "REC-9" })).toContain("REC-9: in the ledger but not in RULES.md");
  });
  it("fails on a wrong section", () => expect(problems({ section: 16 })).toHaveLength(1));
  it("fails on an automated or assisted entry with no test", () => {
    expect(problems({ tests: [] })).toEqual(["REC-2: automated but names no test that shows it in play"]);
    expect(problems({ status: "assisted", tests: [] })).toEqual([
      "REC-2: assisted but names no test that shows it in play",
    ]);
  });
  it("fails on an automated or assisted entry whose tests only pin the rules layer or the packs", () => {
    const only = (file: string) => problems({ tests: [{ file, name: "heals" }] });
    files["test/rules/r.test.ts"] = 'it("heals", () => {});';
    files["test/conformance/v.test.ts"] = 'it("heals", () => {});';
    files["test/packs/p.test.ts"] = 'it("heals", () => {});';
    const notPlayed =
      "REC-2: automated but none of its tests plays it (only rules-layer, pack or hand-built-state tests)";
    expect(only("test/rules/r.test.ts")).toEqual([notPlayed]);
    expect(only("test/conformance/v.test.ts")).toEqual([notPlayed]);
    expect(only("test/packs/p.test.ts")).toEqual([notPlayed]);
    // A data-layer file that feeds the rules layer a hand-built state reaches no play code.
    files["test/data/pure.test.ts"] =
      'import { run } from "../../src/rules/attack/index";\nit("heals", () => {});';
    expect(only("test/data/pure.test.ts")).toEqual([notPlayed]);
    files["test/data/doc.test.ts"] =
      'import { ZilchActor } from "../../src/documents/actor";\nit("heals", () => {});';
    expect(only("test/data/doc.test.ts")).toEqual([]);
    expect(problems({ tests: [{ file: "test/packs/p.test.ts", name: "heals" }, good.tests![0]!] })).toEqual(
      [],
    );
  });
  it("takes a template test as play only when its file renders from the stand-in's documents", () => {
    files["test/templates/hand.test.ts"] = 'import { x } from "./harness";\nit("heals", () => {});';
    files["test/templates/doc.test.ts"] = 'import { x } from "./fixtures";\nit("heals", () => {});';
    expect(problems({ tests: [{ file: "test/templates/hand.test.ts", name: "heals" }] })).toHaveLength(1);
    expect(problems({ tests: [{ file: "test/templates/doc.test.ts", name: "heals" }] })).toEqual([]);
    files["test/browser/b.test.ts"] = 'it("heals", () => {});';
    expect(
      problems({ status: "assisted", tests: [{ file: "test/browser/b.test.ts", name: "heals" }] }),
    ).toEqual([]);
  });
  it("fails on a file that does not exist, or a name that does not occur in it", () => {
    expect(problems({ functions: ["src/rules/z.ts#healAll"] })).toEqual([
      "REC-2: src/rules/z.ts#healAll: no file src/rules/z.ts",
    ]);
    expect(problems({ play: ["src/documents/b.ts#onRest"] })).toEqual([
      "REC-2: src/documents/b.ts#onRest: onRest does not occur in src/documents/b.ts",
    ]);
  });
  it("fails on a test name substring not found in its test file, or a missing test file", () => {
    expect(problems({ tests: [{ file: "test/data/c.test.ts", name: "heals nobody" }] })).toHaveLength(1);
    expect(problems({ tests: [{ file: "test/data/x.test.ts", name: "heals" }] })).toContain(
      "REC-2: test test/data/x.test.ts: no such file",
    );
  });
  it("fails on a name that occurs in the file but in no test's title (a comment, an expected text)", () => {
    files["test/data/said.test.ts"] =
      'import { ZilchActor } from "../../src/documents/actor";\n// heals everyone\nit("rests", () => expect("heals").toBe("heals"));';
    expect(problems({ tests: [{ file: "test/data/said.test.ts", name: "heals" }] })).toEqual([
      'REC-2: test test/data/said.test.ts: no test title contains "heals"',
    ]);
    expect(problems({ tests: [{ file: "test/data/said.test.ts", name: "rests" }] })).toEqual([]);
  });
  it("fails on a table entry without its reason or where, a missing one without its gap, an unknown status", () => {
    expect(problems({ status: "table", reason: "needs the GM's judgement" })).toEqual([
      "REC-2: table but lacks the reason or where the user is told",
    ]);
    expect(problems({ status: "table", reason: "judgement", where: "the sheet's Rest button" })).toEqual([]);
    expect(problems({ status: "missing" })).toEqual(["REC-2: missing but has no gap"]);
    expect(problems({ status: "done" as RuleEntry["status"] })).toHaveLength(1);
  });
  it("reads RULES.md's IDs and sections in every form a rule is stated, examples included", () => {
    const md = [
      "## 0. Notes",
      "- **REC-4**: restated here, stated below",
      "## 17. Recovery (REC)",
      "**REC-1 Rally.** text",
      "see REC-2",
      "- **REC-3** a bulleted rule",
      "| **REC-5** | a rule in a table row |",
      "### **REC-6** a rule as a heading",
      "**REC-4** stated",
      "**EX-REC-1.** x",
      "## Appendix B: P",
      "**B-1 Tests**",
    ].join("\n");
    expect(idsOfRules(md)).toEqual([
      { id: "REC-1", section: "17" },
      { id: "REC-3", section: "17" },
      { id: "REC-5", section: "17" },
      { id: "REC-6", section: "17" },
      { id: "REC-4", section: "17" },
      { id: "EX-REC-1", section: "17" },
      { id: "B-1", section: "App. B" },
    ]);
  });
  it("finds every ID RULES.md mentions, in prose, bullets, tables and headings", () => {
    const md = "## 17. Recovery (REC)\nsee REC-2 and OD-2a\n- **RA-3** x\n| Defence (AT-3) |\n### EX-AT-3\n";
    expect(idsMentioned(md)).toEqual(["REC-2", "OD-2a", "RA-3", "AT-3", "EX-AT-3"]);
  });
});

/**
 * INJ-7, SW-7, DMG-6: the rows docs/rules-ledger.md's lasting-effects table must list, from the
 * catalogues in src/rules: an INJ-7 effect once, or per fracture column (INJ-8), or per limb when its
 * lasting effect depends on the limb (a per-limb entry, a permanent loss); each SW-7 wound; each rider kind.
 */
function catalogueRows(): string[] {
  const limbs = Object.keys(PERMANENT_LIMB_LOSS);
  const injuries = Object.entries(INJURY_EFFECT_CATALOGUE).flatMap(([effect, spec]) => {
    if (spec.lasting.some((l) => l.kind === "fracture"))
      return Object.keys(FRACTURE_PENALTIES).map((column) => `INJ-7 ${effect} (${column})`);
    const byLimb =
      spec.lasting.some((l) => "limb" in l && l.limb !== undefined) ||
      (spec.heals.kind === "days" && spec.heals.permanent !== undefined);
    return byLimb ? limbs.map((limb) => `INJ-7 ${effect} (${limb})`) : [`INJ-7 ${effect}`];
  });
  const wounds = new Set(
    Object.values(SPECIFIC_WOUND_CHART).flatMap((chart) => Object.values(chart).map((w) => w.wound)),
  );
  return [...injuries, ...[...wounds].map((w) => `SW-7 ${w}`), ...RIDER_KINDS.map((k) => `DMG-6 ${k}`)];
}

describe("the ledger's lasting-effects table (INJ-7, SW-7, DMG-6)", () => {
  const rows = parseLastingTable(readFileSync(join(ROOT, "docs", "rules-ledger.md"), "utf8"));

  it("lists every catalogue row once, says what lasts, and names a document-level test in its file", () => {
    expect(lastingProblems(rows, catalogueRows(), read)).toEqual([]);
    console.log(`lasting-effects table: ${rows.length} rows`);
  });

  it("each of its checks can fail", () => {
    const files: Record<string, string> = {
      // A table-driven file: its titles are the rows' strings. "INJ-7 wind" only in a comment names no test.
      "test/data/l.test.ts":
        'const rows = [{ row: "INJ-7 stun" }];\n// INJ-7 wind\nit.each(rows)("%s", () => {});',
      "test/rules/r.test.ts": 'it("x", () => {});',
    };
    const fake: Reader = (path) => files[path] ?? null;
    const md = [
      "`L` is `test/data/l.test.ts`.",
      "| INJ-7 | `stun` | Burn 1 | derived | `L` › INJ-7 stun |",
      "| INJ-7 | `stun` | Burn 1 | derived | `L` › INJ-7 stun |",
      "| INJ-7 | `wind` |  | derived | `test/rules/r.test.ts` › x<br>`L` › INJ-7 wind |",
      "| SW-7 | `nothing` | None | — |  |",
    ].join("\n");
    expect(
      lastingProblems(parseLastingTable(md), ["INJ-7 stun", "INJ-7 wind", "DMG-6 energy"], fake),
    ).toEqual([
      "INJ-7 stun: listed twice",
      'INJ-7 wind: says nothing of what lasts (write "None" when nothing does)',
      "INJ-7 wind: test/rules/r.test.ts is not a document-level test",
      'INJ-7 wind: test test/data/l.test.ts: no test title contains "INJ-7 wind"',
      "SW-7 nothing: no such row in the catalogues",
      "SW-7 nothing: names no test",
      "DMG-6 energy: not in the lasting-effects table",
    ]);
  });
});
