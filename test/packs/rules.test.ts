/**
 * Pack layer, rules reference: the JournalEntry pack compiles with its pages, every page heading has
 * the anchor links point at, and every rules link resolves — the UI table (src/data/rules-links.ts),
 * the status effects, the keys the templates use, and every `@UUID[Compendium.zilch.…]` in every pack's
 * YAML sources (journal pages, bestiary and spell descriptions alike).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONDITION_LINKS,
  FEAR_LINKS,
  RULE_LINKS,
  RULES_ENTRY_ID,
  RULES_PAGES,
  STANCE_LINKS,
  rulePageUuid,
  ruleReference,
  type RuleLink,
} from "../../src/data/rules-links";
import { conditionStatusEffects } from "../../src/setup/status-effects";
import { CONDITIONS, STANCES } from "../../src/rules/vocabulary";
import { FEAR_LEVELS } from "../../src/rules/fear";
import { compileAll, ROOT, SOURCE_DIR, type Compiled, type JournalPageDoc } from "./support";

let compiled: Compiled;
beforeAll(async () => {
  compiled = await compileAll();
});
afterAll(() => compiled?.cleanup());

/** The slug a heading's text becomes (lower case, words joined by hyphens), as anchors are written. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** Each heading of a page: its id attribute and the slug of its text. */
function headings(page: JournalPageDoc): { id: string | undefined; text: string }[] {
  return [...page.text.content.matchAll(/<h([1-6])(?: id="([^"]*)")?>(.*?)<\/h\1>/g)].map((m) => ({
    id: m[2],
    text: m[3]!.replace(/<[^>]+>/g, ""),
  }));
}

/** Every primary YAML document under packs/_source, with its pack and file. */
function sourceDocs(): { pack: string; file: string; doc: Record<string, unknown> }[] {
  const docs = [];
  for (const pack of readdirSync(SOURCE_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()))
    for (const file of readdirSync(join(SOURCE_DIR, pack.name)).filter((f) => f.endsWith(".yml")))
      docs.push({
        pack: pack.name,
        file,
        doc: yaml.load(readFileSync(join(SOURCE_DIR, pack.name, file), "utf8")) as Record<string, unknown>,
      });
  return docs;
}

/** Pack name → document ids, with each journal page's anchors, from the YAML sources. */
function sourceIndex() {
  const ids = new Map<string, Set<string>>();
  const anchors = new Map<string, Set<string>>();
  for (const { pack, doc } of sourceDocs()) {
    if (!ids.has(pack)) ids.set(pack, new Set());
    ids.get(pack)!.add(String(doc._id));
    for (const page of (doc.pages ?? []) as JournalPageDoc[]) {
      ids.get(pack)!.add(`${String(doc._id)}.${page._id}`);
      anchors.set(`${String(doc._id)}.${page._id}`, new Set(headings(page).map((h) => h.id ?? "")));
    }
  }
  return { ids, anchors };
}

const rulesPages = () => compiled.journals.find((j) => j._id === RULES_ENTRY_ID)!.pageDocs;
const pageOf = (link: RuleLink) => rulesPages().find((p) => p._id === RULES_PAGES[link.page]);

describe("the rules reference pack", () => {
  it("compiles one entry, Rules Reference, with one text page per topic", () => {
    const rules = compiled.journals.filter((j) => j.pack === "rules");
    expect(rules.map((j) => [j._id, j.name])).toEqual([[RULES_ENTRY_ID, "Rules Reference"]]);
    const pages = rulesPages();
    expect(pages).toHaveLength(24);
    expect(pages.map((p) => p._id).sort()).toEqual(Object.values(RULES_PAGES).sort());
    for (const page of pages) {
      expect(page.type, page.name).toBe("text");
      expect(page.text.format, page.name).toBe(1); // HTML
      expect(page.text.content.length, page.name).toBeGreaterThan(400);
    }
    const sorts = pages.map((p) => p.sort);
    expect(new Set(sorts).size).toBe(sorts.length);
  });

  it("covers the topics a table needs, building a character first, in the order a reader sees them", () => {
    const bySort = [...rulesPages()].sort((a, b) => a.sort - b.sort);
    expect(bySort.map((p) => p.name)).toEqual([
      "Building a Character",
      "Races",
      "Classes",
      "Talents",
      "Skills and Knacks",
      "Equipment",
      "Spellcasting",
      "Tests and Saves",
      "The Combat Round",
      "Stances",
      "Actions",
      "Attacks",
      "Damage",
      "Size",
      "Conditions",
      "Grievous Injuries",
      "Specific Wounds",
      "Hit Points and Recovery",
      "Drain, Taint and Ongoing Damage",
      "Countdown Initiative",
      "Magic",
      "Creatures",
      "Grit and Wounds",
      "Optional Rules",
    ]);
  });

  it("gives every heading an id equal to the slug of its text, unique on its page", () => {
    for (const page of rulesPages()) {
      const hs = headings(page);
      expect(hs.length, page.name).toBeGreaterThan(2);
      for (const h of hs) expect(h.id, `${page.name}: ${h.text}`).toBe(slug(h.text));
      const ids = hs.map((h) => h.id);
      expect(new Set(ids).size, page.name).toBe(ids.length);
    }
  });

  it("never shows players a rule identifier or a provenance label", () => {
    for (const page of rulesPages()) {
      const text = page.text.content.replace(/<[^>]+>/g, " ");
      expect(text, page.name).not.toMatch(/\b(?:EX-)?[A-Z]{1,3}-\d+\b/);
      expect(text, page.name).not.toMatch(/\[(?:design|Z-\w+|\d{3})\]/);
    }
  });

  it("says on every page what the system does and what the table does", () => {
    for (const page of rulesPages()) expect(page.text.content, page.name).toContain("<em>In Foundry:</em>");
  });
});

describe("rules links", () => {
  it("has a link for every condition, every stance and every fear level", () => {
    expect(Object.keys(CONDITION_LINKS).sort()).toEqual([...CONDITIONS].sort());
    expect(Object.keys(STANCE_LINKS).sort()).toEqual([...STANCES].sort());
    expect(Object.keys(FEAR_LINKS).sort()).toEqual(FEAR_LEVELS.filter((l) => l !== "none").sort());
    // One flat key space: no condition, stance or fear level shares a key.
    const keys = [...CONDITIONS, ...STANCES, ...FEAR_LEVELS];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("points every key of the UI table at an existing page and heading", () => {
    for (const [key, link] of Object.entries(RULE_LINKS)) {
      const page = pageOf(link);
      expect(page, key).toBeDefined();
      if (link.anchor)
        expect(
          headings(page!).map((h) => h.id),
          key,
        ).toContain(link.anchor);
    }
  });

  it("links each condition to its own heading, named as the condition", () => {
    const names = JSON.parse(readFileSync(join(ROOT, "lang", "en.json"), "utf8")) as {
      ZILCH: { Condition: Record<string, string> };
    };
    for (const condition of CONDITIONS) {
      const link = CONDITION_LINKS[condition];
      const heading = headings(pageOf(link)!).find((h) => h.id === link.anchor);
      expect(heading?.text, condition).toBe(names.ZILCH.Condition[condition]);
    }
  });

  it("gives every status effect the UUID of its condition's page", () => {
    for (const effect of conditionStatusEffects())
      expect(effect.reference, effect.id).toBe(rulePageUuid(CONDITION_LINKS[effect.id].page));
  });

  it("uses only keys of the table where a template names one literally", () => {
    const templates = join(ROOT, "templates");
    const files = readdirSync(templates, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".hbs"),
    );
    const keys = files.flatMap((f) =>
      [...readFileSync(join(templates, f), "utf8").matchAll(/zilch-rule-link "([^"]+)"/g)].map((m) => m[1]!),
    );
    for (const key of keys) expect(RULE_LINKS, key).toHaveProperty([key]);
  });

  it("resolves every @UUID content link in every pack source to an existing document, page and heading", () => {
    const { ids, anchors } = sourceIndex();
    const links = sourceDocs().flatMap(({ pack, file, doc }) =>
      [...JSON.stringify(doc).matchAll(/@UUID\[([^\]]+)\]/g)].map((m) => ({
        where: `${pack}/${file}`,
        uuid: m[1]!,
      })),
    );
    // The rules pages cross-link each other, so this check always has links to check.
    expect(links.filter((l) => l.where.startsWith("rules/")).length).toBeGreaterThan(10);
    for (const { where, uuid } of links) {
      const m =
        /^Compendium\.zilch\.(\w+)\.(\w+)\.([A-Za-z0-9]{16})(?:\.JournalEntryPage\.([A-Za-z0-9]{16}))?(?:#([\w-]+))?$/.exec(
          uuid,
        );
      expect(m, `${where}: ${uuid} is not a link into a zilch compendium`).not.toBeNull();
      const [, pack, , id, page, anchor] = m!;
      const key = page ? `${id}.${page}` : id!;
      expect(ids.get(pack!)?.has(key), `${where}: ${uuid} names no document`).toBe(true);
      if (anchor) expect(anchors.get(key)?.has(anchor), `${where}: ${uuid} names no heading`).toBe(true);
    }
  });

  it("writes pack links in the enricher form the resolver reads", () => {
    expect(ruleReference(CONDITION_LINKS.prone, "Prone")).toBe(
      `@UUID[Compendium.zilch.rules.JournalEntry.${RULES_ENTRY_ID}.JournalEntryPage.${RULES_PAGES.conditions}#prone]{Prone}`,
    );
  });
});
