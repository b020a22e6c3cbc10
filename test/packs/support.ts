/**
 * The pack layer (ARCHITECTURE.md §6): compile packs/_source with the official CLI (through
 * scripts/packs.mjs, exactly as the build does) into a temporary folder and read the LevelDB back
 * with classic-level. Tests see what Foundry would load, not the YAML.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClassicLevel } from "classic-level";

export const ROOT = join(import.meta.dirname, "..", "..");
export const SOURCE_DIR = join(ROOT, "packs", "_source");
const SCRIPT = join(ROOT, "scripts", "packs.mjs");

/** The packs the system ships, by folder, with the document type each holds. */
export const PACKS = {
  weapons: "Item",
  armor: "Item",
  gear: "Item",
  skills: "Item",
  knacks: "Item",
  races: "Item",
  tables: "RollTable",
  bestiary: "Actor",
  rules: "JournalEntry",
  spells: "Item",
  characters: "Actor",
  encounters: "JournalEntry",
} as const;
export type PackName = keyof typeof PACKS;
export const PACK_NAMES = Object.keys(PACKS) as PackName[];

export interface ZilchFlags {
  [key: string]: unknown;
}

export interface ItemDoc {
  _id: string;
  name: string;
  type: string;
  img: string;
  system: Record<string, unknown>;
  effects: unknown[];
  flags: Record<string, unknown>;
}

export interface TableResultDoc {
  _id: string;
  type: string;
  name: string;
  img?: string;
  description: string;
  range: [number, number];
  weight: number;
  drawn: boolean;
  flags: { zilch?: ZilchFlags };
}

export interface RollTableDoc {
  _id: string;
  name: string;
  img: string;
  description: string;
  formula: string;
  replacement: boolean;
  displayRoll: boolean;
  /** In the database a table lists its results' ids; `resolved` holds the result documents. */
  results: string[];
  flags: { zilch?: ZilchFlags };
}

/** An actor as stored: its embedded items are listed by id; `itemDocs` holds the item documents. */
export interface ActorDoc {
  _id: string;
  name: string;
  type: string;
  img: string;
  system: Record<string, unknown>;
  prototypeToken: Record<string, unknown>;
  items: string[];
  effects: unknown[];
  flags: Record<string, unknown>;
}

export interface JournalPageDoc {
  _id: string;
  name: string;
  type: string;
  title: { show: boolean; level: number };
  text: { format: number; content: string };
  sort: number;
}

export interface JournalEntryDoc {
  _id: string;
  name: string;
  /** In the database an entry lists its pages' ids; `pageDocs` holds the page documents. */
  pages: string[];
}

export interface CompiledPack {
  /** Every database key and value, as stored. */
  raw: Map<string, Record<string, unknown>>;
  /** The primary documents (key `!items!<id>` or `!tables!<id>`). */
  primary: Map<string, Record<string, unknown>>;
}

export interface Compiled {
  dir: string;
  packs: Record<PackName, CompiledPack>;
  items: (ItemDoc & { pack: PackName })[];
  tables: (RollTableDoc & { resultDocs: TableResultDoc[] })[];
  actors: (ActorDoc & { pack: PackName; itemDocs: ItemDoc[] })[];
  journals: (JournalEntryDoc & { pack: PackName; pageDocs: JournalPageDoc[] })[];
  cleanup(): void;
}

/** Runs scripts/packs.mjs with the given arguments; returns its exit status and output. */
export function runPacksScript(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export async function readLevel(dir: string): Promise<Map<string, Record<string, unknown>>> {
  const db = new ClassicLevel<string, Record<string, unknown>>(dir, {
    keyEncoding: "utf8",
    valueEncoding: "json",
  });
  const entries = new Map<string, Record<string, unknown>>();
  try {
    for await (const [key, value] of db.iterator()) entries.set(key, value);
  } finally {
    await db.close();
  }
  return entries;
}

/** The YAML source files of one pack folder. */
export function sourceFiles(pack: string, dir = SOURCE_DIR): string[] {
  return readdirSync(join(dir, pack))
    .filter((f) => f.endsWith(".yml"))
    .sort();
}

/** Compiles every pack into a fresh temporary folder and reads it back. */
export async function compileAll(): Promise<Compiled> {
  const dir = mkdtempSync(join(tmpdir(), "zilch-packs-"));
  const run = runPacksScript("compile", dir);
  if (run.status !== 0) throw new Error(`packs.mjs compile failed:\n${run.stderr}${run.stdout}`);
  const packs = {} as Record<PackName, CompiledPack>;
  const items: Compiled["items"] = [];
  const tables: Compiled["tables"] = [];
  const actors: Compiled["actors"] = [];
  const journals: Compiled["journals"] = [];
  for (const pack of PACK_NAMES) {
    const raw = await readLevel(join(dir, pack));
    const primary = new Map(
      [...raw].filter(([key]) => /^!(items|tables|actors|journal)![A-Za-z0-9]{16}$/.test(key)),
    );
    packs[pack] = { raw, primary };
    for (const [key, value] of primary) {
      if (key.startsWith("!items!")) items.push({ ...(value as unknown as ItemDoc), pack });
      else if (key.startsWith("!journal!")) journals.push({ ...journalWithPages(raw, value), pack });
      else if (key.startsWith("!actors!")) {
        const actor = value as unknown as ActorDoc;
        const itemDocs = actor.items.map((id) => {
          const item = raw.get(`!actors.items!${actor._id}.${id}`);
          if (!item) throw new Error(`actor ${actor.name} lists item ${id}, which is not in the database`);
          return item as unknown as ItemDoc;
        });
        actors.push({ ...actor, pack, itemDocs });
      } else {
        const table = value as unknown as RollTableDoc;
        const resultDocs = table.results.map((id) => {
          const result = raw.get(`!tables.results!${table._id}.${id}`);
          if (!result)
            throw new Error(`table ${table.name} lists result ${id}, which is not in the database`);
          return result as unknown as TableResultDoc;
        });
        tables.push({ ...table, resultDocs });
      }
    }
  }
  return {
    dir,
    packs,
    items,
    tables,
    actors,
    journals,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A journal entry with its pages read from their own database keys (`!journal.pages!<entry>.<page>`). */
function journalWithPages(
  raw: Map<string, Record<string, unknown>>,
  value: Record<string, unknown>,
): JournalEntryDoc & { pageDocs: JournalPageDoc[] } {
  const entry = value as unknown as JournalEntryDoc;
  const pageDocs = entry.pages.map((id) => {
    const page = raw.get(`!journal.pages!${entry._id}.${id}`);
    if (!page) throw new Error(`journal ${entry.name} lists page ${id}, which is not in the database`);
    return page as unknown as JournalPageDoc;
  });
  return { ...entry, pageDocs };
}

/** The one document with this name, failing loudly when there is none or several. */
export function byName<T extends { name: string }>(docs: readonly T[], name: string): T {
  const found = docs.filter((d) => d.name === name);
  if (found.length !== 1) throw new Error(`expected one document named "${name}", found ${found.length}`);
  return found[0]!;
}

/** The table whose `flags.zilch` has this `table` kind (automation finds tables by flag, not by name). */
export function tablesOfKind(compiled: Compiled, kind: string): Compiled["tables"] {
  return compiled.tables.filter((t) => t.flags.zilch?.table === kind);
}
