import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import {
  pageNames,
  parseRuleIds,
  rulesReference,
  sectionProblems,
  pageMarkdown,
  type LedgerEntry,
  type RulesEntry,
} from "../../scripts/rules-reference.mjs";

/**
 * docs/rules.md is the repository's own rules reference: every section and rule ID the code cites
 * (`RULES.md §N`, `ST-3`), with the ledger's name and status and the compendium pages that explain it.
 * It is written by scripts/rules-reference.mjs, so it cannot fall behind the IDs, the ledger or the
 * compendium, and it needs nothing outside the repository.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const ids = parseRuleIds(read("docs/rules-ids.txt"));
const ledger = yaml.load(read("docs/rules-ledger.yaml")) as { rules: LedgerEntry[]; examples: LedgerEntry[] };
const entry = yaml.load(read("packs/_source/rules/rules-reference.yml")) as RulesEntry;
const pages = pageNames(entry);

describe("docs/rules.md", () => {
  it("is what scripts/rules-reference.mjs writes (run it after changing the IDs, ledger or pages)", () => {
    expect(read("docs/rules.md")).toBe(rulesReference(ids, ledger, entry));
  });

  it("titles every section and names only pages the Rules Reference compendium has", () => {
    expect(sectionProblems(ids, pages)).toEqual([]);
    expect(sectionProblems([{ id: "X-1", section: "99" }], pages)).toEqual(["section 99 has no title"]);
    expect(
      sectionProblems(
        ids,
        pages.filter((p) => p !== "Stances"),
      ),
    ).toEqual(['section 9 names the page "Stances", which the compendium lacks']);
  });

  it("lists every rule ID once, under its section, with a name and a status", () => {
    const doc = read("docs/rules.md");
    for (const { id } of ids.filter((r) => !r.id.startsWith("EX-")))
      expect(
        doc.match(new RegExp(`^\\| ${id} \\| [^|]+ \\| (automated|assisted|table|missing) \\|$`, "gm")),
        id,
      ).toHaveLength(1);
    expect(doc).not.toMatch(/not in the ledger|\(untitled\)/);
  });

  it("holds every page of the Rules Reference compendium in full, as Markdown", () => {
    const doc = read("docs/rules.md");
    for (const page of entry.pages)
      expect(doc).toContain(`### ${page.name}\n\n${pageMarkdown(page.text.content, 4)}`);
    expect(
      pageMarkdown(
        "<p>See @UUID[Compendium.zilch.rules.JournalEntry.a.JournalEntryPage.b]{Attacks}: <strong>roll</strong>.</p>" +
          '<h2 id="x">Heading</h2><table><thead><tr><th>a</th><th>b</th></tr></thead>' +
          "<tbody><tr><td>1 | 2</td><td><em>3</em></td></tr></tbody></table><ul><li>one<ul><li>two</li></ul></li></ul>",
        4,
      ),
    ).toBe(
      "See Attacks: **roll**.\n\n#### Heading\n\n| a | b |\n| --- | --- |\n| 1 \\| 2 | _3_ |\n\n- one\n  - two\n",
    );
  });

  it("notices a rule the ledger does not name", () => {
    const without = { rules: ledger.rules.filter((r) => r.id !== "ST-3"), examples: [] };
    expect(rulesReference(ids, without, entry)).toContain("| ST-3 | not in the ledger | – |");
  });
});
