// node scripts/rules-reference.mjs: writes docs/rules.md, the repository's rules reference. It lists
// every rule by section (the sections and IDs of docs/rules-ids.txt, each rule's name and status from
// docs/rules-ledger.yaml) and names, for each section, the pages of the system's Rules Reference
// compendium (packs/_source/rules/rules-reference.yml) that explain those rules in players' words.
// test/static/rules-reference.test.ts fails when docs/rules.md differs from what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import yaml from "js-yaml";
import { parseFragment } from "parse5";

/** Each section's title, in our words, and the compendium pages that explain its rules. */
export const SECTIONS = {
  1: { title: "Suits and cards", pages: ["Building a Character"] },
  2: {
    title: "Making a character: generation, races and classes",
    pages: ["Building a Character", "Races", "Classes"],
  },
  3: { title: "Chips", pages: ["Classes"] },
  4: { title: "Talents, skills and knacks", pages: ["Talents", "Skills and Knacks"] },
  5: { title: "Equipment", pages: ["Equipment"] },
  6: { title: "Tests, saves and contests", pages: ["Tests and Saves"] },
  7: { title: "The combat round and initiative", pages: ["The Combat Round"] },
  8: { title: "Dominoes", pages: ["The Combat Round"] },
  9: { title: "Stances", pages: ["Stances"] },
  10: { title: "Actions", pages: ["Actions"] },
  11: { title: "Attacks", pages: ["Attacks"] },
  12: { title: "Damage and size", pages: ["Damage", "Size"] },
  13: { title: "Special attacks and grappling", pages: ["Attacks", "Size"] },
  14: { title: "Conditions", pages: ["Conditions"] },
  15: { title: "Movement, range, cover and visibility", pages: ["Actions", "Attacks"] },
  16: {
    title: "Hit points, drain, taint and ongoing damage",
    pages: ["Hit Points and Recovery", "Drain, Taint and Ongoing Damage"],
  },
  17: { title: "Recovery", pages: ["Hit Points and Recovery"] },
  18: { title: "The action-dice countdown", pages: ["Countdown Initiative"] },
  19: { title: "Grievous injuries", pages: ["Grievous Injuries"] },
  20: { title: "Specific wounds", pages: ["Specific Wounds"] },
  21: { title: "NPCs and creatures", pages: ["Creatures"] },
  22: { title: "Magic", pages: ["Magic", "Spellcasting"] },
  23: { title: "Grit and Wounds (optional)", pages: ["Grit and Wounds"] },
  24: { title: "Optional rules", pages: ["Optional Rules"] },
  25: { title: "World settings", pages: ["Optional Rules"] },
  "App. B": {
    title: "Appendix B: reference tables",
    pages: ["Tests and Saves", "The Combat Round", "Attacks", "Grievous Injuries"],
  },
};

/** docs/rules-ids.txt: one `ID section` per line, in the specification's order. */
export function parseRuleIds(text) {
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      const [id, ...section] = line.trim().split(" ");
      return { id, section: section.join(" ") };
    });
}

/** A page's HTML as Markdown: its headings one level under `level`, links to other pages as their text. */
export function pageMarkdown(html, level) {
  const text = (node) =>
    node.nodeName === "#text"
      ? node.value.replace(/@UUID\[[^\]]*\]\{([^}]*)\}/g, "$1").replace(/@UUID\[[^\]]*\]/g, "")
      : inline(node);
  const inline = (node) => {
    const inner = (node.childNodes ?? []).map(text).join("");
    if (node.nodeName === "strong" || node.nodeName === "b") return `**${inner.trim()}**`;
    if (node.nodeName === "em" || node.nodeName === "i") return `_${inner.trim()}_`;
    if (node.nodeName === "br") return " ";
    return inner;
  };
  const flat = (node) => inline(node).replace(/\s+/g, " ").trim();
  const cells = (row) => row.childNodes.filter((c) => c.nodeName === "td" || c.nodeName === "th");
  const rows = (node) =>
    node.nodeName === "tr"
      ? [node]
      : (node.childNodes ?? []).flatMap((c) => (c.nodeName === "#text" ? [] : rows(c)));
  const block = (node, indent = "") => {
    switch (node.nodeName) {
      case "#text":
        return node.value.trim() ? [node.value.trim()] : [];
      case "p":
        return [flat(node), ""];
      case "h2":
      case "h3":
      case "h4":
        return [`${"#".repeat(level + Number(node.nodeName[1]) - 2)} ${flat(node)}`, ""];
      case "ul":
      case "ol":
        return [
          ...node.childNodes
            .filter((c) => c.nodeName === "li")
            .flatMap((li, i) => {
              const mark = node.nodeName === "ol" ? `${i + 1}.` : "-";
              const own = {
                ...li,
                childNodes: li.childNodes.filter((c) => !["ul", "ol"].includes(c.nodeName)),
              };
              const nested = li.childNodes.filter((c) => ["ul", "ol"].includes(c.nodeName));
              return [
                `${indent}${mark} ${flat(own)}`,
                ...nested.flatMap((n) => block(n, `${indent}  `).filter((l) => l !== "")),
              ];
            }),
          ...(indent ? [] : [""]),
        ];
      case "table": {
        const [head, ...body] = rows(node).map((r) => cells(r).map((c) => flat(c).replace(/\|/g, "\\|")));
        return [
          `| ${head.join(" | ")} |`,
          `| ${head.map(() => "---").join(" | ")} |`,
          ...body.map((r) => `| ${r.join(" | ")} |`),
          "",
        ];
      }
      default:
        return (node.childNodes ?? []).flatMap((c) => block(c, indent));
    }
  };
  const lines = block(parseFragment(html));
  return `${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
}

/** The page names of the Rules Reference journal entry. */
export function pageNames(entry) {
  return entry.pages.map((page) => page.name);
}

/** What is wrong with the section table: a section without a title, or a page the compendium lacks. */
export function sectionProblems(ids, pages) {
  const problems = [];
  for (const section of new Set(ids.map((r) => r.section))) {
    const own = SECTIONS[section];
    if (!own) problems.push(`section ${section} has no title`);
    for (const page of own?.pages ?? [])
      if (!pages.includes(page))
        problems.push(`section ${section} names the page "${page}", which the compendium lacks`);
  }
  return problems;
}

/** docs/rules.md from the IDs, the ledger and the compendium's page names. */
export function rulesReference(ids, ledger, entry) {
  const named = new Map([...ledger.rules, ...(ledger.examples ?? [])].map((r) => [r.id, r]));
  const lines = [
    "# Rules reference",
    "",
    "<!-- Written by `node scripts/rules-reference.mjs` from docs/rules-ids.txt, docs/rules-ledger.yaml and",
    "the Rules Reference compendium; test/static/rules-reference.test.ts fails when it is out of date. -->",
    "",
    "Every rule of Zilch has an ID (such as `ST-3`) and belongs to a numbered section. Source comments cite",
    "a rule by its ID, and its section as `RULES.md §N`: that is section N below. The rules themselves are",
    "explained in players' words by the system's _Rules Reference_ compendium, one page per topic (its",
    "source is `packs/_source/rules/rules-reference.yml`); each section below names the pages that explain",
    "it, and the pages follow in full after the sections. What the code does with each rule (its",
    "functions, where play uses it, the test that shows it in play) is in the [rules ledger](rules-ledger.md), and how the code reads a rule that left a question",
    "open is in [decisions.md](decisions.md). Worked examples (`EX-…`) are checked by the tests the ledger",
    "names.",
    "",
    "The status says how far the system plays the rule: `automated` (the system applies it), `assisted`",
    "(the system offers it and a person decides), `table` (left to the table, with the reason in the",
    "ledger) or `missing` (to be automated, not yet).",
  ];
  const sections = [...new Set(ids.map((r) => r.section))];
  for (const section of sections) {
    const own = SECTIONS[section];
    const heading = /^\d+$/.test(section) ? `§${section} ${own.title}` : own.title;
    const inSection = ids.filter((r) => r.section === section);
    const rules = inSection.filter((r) => !r.id.startsWith("EX-"));
    const examples = inSection.filter((r) => r.id.startsWith("EX-"));
    lines.push("", `## ${heading}`, "", `Explained on: ${own.pages.map((p) => `_${p}_`).join(", ")}.`, "");
    lines.push("| ID | rule | status |", "| --- | --- | --- |");
    for (const { id } of rules) {
      const entry = named.get(id);
      lines.push(`| ${id} | ${entry?.rule ?? "not in the ledger"} | ${entry?.status ?? "–"} |`);
    }
    if (examples.length) lines.push("", `Worked examples: ${examples.map((r) => r.id).join(", ")}.`);
  }
  lines.push(
    "",
    "## The Rules Reference pages",
    "",
    "The text of the _Rules Reference_ compendium, page by page, as players read it in Foundry.",
  );
  for (const page of entry.pages)
    lines.push("", `### ${page.name}`, "", pageMarkdown(page.text.content, 4).trimEnd());
  return `${lines.join("\n")}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL("..", import.meta.url);
  const read = (path) => readFileSync(new URL(path, root), "utf8");
  const ids = parseRuleIds(read("docs/rules-ids.txt"));
  const entry = yaml.load(read("packs/_source/rules/rules-reference.yml"));
  const problems = sectionProblems(ids, pageNames(entry));
  if (problems.length) {
    console.error(`rules-reference: ${problems.join("; ")}`);
    process.exit(1);
  }
  const ledger = yaml.load(read("docs/rules-ledger.yaml"));
  writeFileSync(new URL("docs/rules.md", root), rulesReference(ids, ledger, entry));
  console.log("rules-reference: wrote docs/rules.md");
}
