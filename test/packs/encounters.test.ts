/**
 * Pack layer, ready encounters: the Hollow Hill adventure compiles as one journal entry per encounter
 * plus an overview, every encounter says its situation, creatures, tactics and treasure, every content
 * link in it opens a document (and heading) that exists in the compiled packs, and each encounter's
 * stated difficulty holds for the measured threat of the creatures it lists, rising from first to last.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileAll, type Compiled, type JournalPageDoc } from "./support";

let compiled: Compiled;
beforeAll(async () => {
  compiled = await compileAll();
});
afterAll(() => compiled?.cleanup());

const encounterEntries = () => compiled.journals.filter((j) => j.pack === "encounters");
const text = (entry: { pageDocs: JournalPageDoc[] }) => entry.pageDocs.map((p) => p.text.content).join("");
/** The numbered encounters, in order (the overview is number 0). */
const encounters = () =>
  encounterEntries()
    .filter((j) => /^[1-9]\d*\. /.test(j.name))
    .sort((a, b) => parseInt(a.name) - parseInt(b.name));

/**
 * The overview's difficulty bands: the total threat of an encounter for a party of four (the
 * Creatures page: a total of 4 is a coin flip, half of it a hard fight the party should win).
 */
const BANDS: Readonly<Record<string, readonly [number, number]>> = {
  Easy: [0, 1.5],
  Moderate: [1.5, 2.2],
  Hard: [2.2, 3],
  Deadly: [3, Infinity],
};
const BAND_ORDER = Object.keys(BANDS);

/** The creatures an encounter lists under Creatures: count and bestiary id. */
function creaturesOf(html: string): { count: number; id: string }[] {
  const section = /<h2 id="creatures">Creatures<\/h2>(.*?)<h2/s.exec(html)?.[1] ?? "";
  return [
    ...section.matchAll(/<li>(\d+) × @UUID\[Compendium\.zilch\.bestiary\.Actor\.([A-Za-z0-9]{16})\]/g),
  ].map((m) => ({ count: Number(m[1]), id: m[2]! }));
}

/** A creature's measured threat, from the compiled bestiary. */
function threatOf(id: string): number {
  const actor = compiled.actors.find((a) => a.pack === "bestiary" && a._id === id);
  expect(actor, `no bestiary creature ${id}`).toBeDefined();
  const threat = actor!.system.threat;
  expect(typeof threat, `${actor!.name} has no measured threat`).toBe("number");
  return threat as number;
}

describe("the ready encounters", () => {
  it("holds an overview and an adventure's worth of encounters, each one text page", () => {
    const entries = encounterEntries();
    expect(entries.filter((j) => j.name.startsWith("0. "))).toHaveLength(1);
    expect(encounters().length).toBeGreaterThanOrEqual(5);
    expect(encounters().length).toBe(entries.length - 1);
    expect(encounters().map((e) => parseInt(e.name))).toEqual(encounters().map((_, i) => i + 1));
    for (const entry of entries) {
      expect(entry.pageDocs, entry.name).toHaveLength(1);
      expect(entry.pageDocs[0]!.type, entry.name).toBe("text");
      expect(entry.pageDocs[0]!.text.format, entry.name).toBe(1);
    }
  });

  it("gives every encounter its situation, creatures, tactics and treasure", () => {
    for (const entry of encounters()) {
      const ids = [...text(entry).matchAll(/<h2 id="([^"]+)">/g)].map((m) => m[1]);
      expect(ids, entry.name).toEqual(
        expect.arrayContaining(["situation", "creatures", "tactics", "treasure"]),
      );
      expect(creaturesOf(text(entry)).length, entry.name).toBeGreaterThan(0);
      expect(text(entry), entry.name).toContain("<em>In Foundry:</em>");
    }
  });

  it("links every encounter from the overview", () => {
    const overview = text(encounterEntries().find((j) => j.name.startsWith("0. "))!);
    for (const entry of encounters())
      expect(overview, entry.name).toContain(`@UUID[Compendium.zilch.encounters.JournalEntry.${entry._id}]`);
  });

  it("resolves every @UUID link to a document in the compiled packs, and a heading where it names one", () => {
    const links = encounterEntries().flatMap((entry) =>
      [...text(entry).matchAll(/@UUID\[([^\]]+)\]/g)].map((m) => ({ where: entry.name, uuid: m[1]! })),
    );
    expect(links.length).toBeGreaterThan(40);
    for (const { where, uuid } of links) {
      const m =
        /^Compendium\.zilch\.(\w+)\.(Actor|Item|JournalEntry)\.([A-Za-z0-9]{16})(?:\.JournalEntryPage\.([A-Za-z0-9]{16}))?(?:#([\w-]+))?$/.exec(
          uuid,
        );
      expect(m, `${where}: ${uuid}`).not.toBeNull();
      const [, pack, type, id, pageId, anchor] = m!;
      const found =
        type === "Actor"
          ? compiled.actors.find((a) => a.pack === pack && a._id === id)
          : type === "Item"
            ? compiled.items.find((i) => i.pack === pack && i._id === id)
            : compiled.journals.find((j) => j.pack === pack && j._id === id);
      expect(found, `${where}: ${uuid} names no document`).toBeDefined();
      if (!pageId) continue;
      const page = compiled.journals.find((j) => j._id === id)!.pageDocs.find((p) => p._id === pageId);
      expect(page, `${where}: ${uuid} names no page`).toBeDefined();
      if (anchor)
        expect(page!.text.content, `${where}: ${uuid} names no heading`).toContain(`id="${anchor}"`);
    }
  });

  it("states a difficulty that the listed creatures' measured threat bears out, rising to the last", () => {
    const rows = encounters().map((entry) => {
      const band = /<strong>Difficulty:<\/strong> (\w+)/.exec(text(entry))?.[1] ?? "";
      const total = creaturesOf(text(entry)).reduce((sum, c) => sum + c.count * threatOf(c.id), 0);
      return { name: entry.name, band, total: Math.round(total * 10) / 10 };
    });
    for (const { name, band, total } of rows) {
      expect(BANDS, `${name}: ${band}`).toHaveProperty([band]);
      const [low, high] = BANDS[band]!;
      expect(total, `${name} (${band}) totals ${total}`).toBeGreaterThan(low === 0 ? -1 : low);
      expect(total, `${name} (${band}) totals ${total}`).toBeLessThanOrEqual(high);
    }
    const order = rows.map((r) => BAND_ORDER.indexOf(r.band));
    expect(order, "difficulty never falls").toEqual([...order].sort((a, b) => a - b));
    const totals = rows.map((r) => r.total);
    expect(totals[0], "the first encounter is the easiest").toBe(Math.min(...totals));
    expect(totals.at(-1), "the last encounter is the hardest").toBe(Math.max(...totals));
  });
});
