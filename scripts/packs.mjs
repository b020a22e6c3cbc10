// Compendium packs: YAML sources in packs/_source/<pack>/ <-> LevelDB packs (ARCHITECTURE.md §3 "Packs").
//
//   node scripts/packs.mjs compile [outDir] [sourceDir]
//                                                    compile every folder of sourceDir (default packs/_source) into
//                                                    outDir/<pack> (default dist/packs)
//   node scripts/packs.mjs extract [fromDir] [toDir] write each LevelDB pack in fromDir (default dist/packs) back to
//                                                     YAML in toDir/<pack> (default packs/_source)
//   node scripts/packs.mjs id <pack> <slug>          print the stable _id for a new entry
//
// The official CLI skips a source file without `_key` silently and deletes database keys the source lacks, so
// compile checks every file before compiling and counts the entries after. Extract writes one file per document,
// named after its slug, in exactly the form the sources are written in, so compile -> extract is a round trip.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { ClassicLevel } from "classic-level";
import yaml from "js-yaml";

const root = new URL("..", import.meta.url).pathname;
export const SOURCE_DIR = join(root, "packs", "_source");
export const DEFAULT_OUT_DIR = join(root, "dist", "packs");

/** Options for js-yaml's dump; the sources are written with these, so extract reproduces them byte for byte. */
export const YAML_OPTIONS = Object.freeze({});

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A 16-character id derived from the pack and the entry's slug, so regenerating an entry never changes it. */
export function stableId(...parts) {
  const digest = createHash("sha256")
    .update(["zilch", ...parts].join("\u0000"))
    .digest();
  let id = "";
  for (let i = 0; i < 16; i += 1) id += ID_ALPHABET[digest[i] % ID_ALPHABET.length];
  return id;
}

/** The file name of a document: its name in lower case, words joined by hyphens. */
export function slugify(name) {
  return String(name)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The pack folders under a directory, sorted so every run visits them in the same order. */
export function packNames(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_") && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort();
}

function sourceFiles(dir) {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".yml"))
    .sort();
}

const ID_PATTERN = /^[A-Za-z0-9]{16}$/;
const PRIMARY_KEY =
  /^!(items|tables|actors|journal|macros|scenes|cards|playlists|adventures)!([A-Za-z0-9]{16})$/;

/** Embedded documents (table results, journal pages) need their own id and a _key naming their parent. */
function checkEmbedded(where, doc, field, collection) {
  const problems = [];
  for (const child of doc[field] ?? []) {
    const expected = `!${collection}!${doc._id}.${child?._id}`;
    if (!ID_PATTERN.test(child?._id ?? ""))
      problems.push(`${where}: an embedded ${field} entry's _id must be 16 letters or digits`);
    if (child?._key !== expected)
      problems.push(`${where}: ${field} entry ${child?._id} needs _key ${expected}`);
  }
  return problems;
}

/** Checks the things the CLI would otherwise get wrong silently; returns a list of problems. */
export function checkSource(pack, file, doc) {
  const where = `${pack}/${file}`;
  const problems = [];
  if (!doc || typeof doc !== "object") return [`${where}: not a YAML mapping`];
  if (!ID_PATTERN.test(doc._id ?? "")) problems.push(`${where}: _id must be 16 letters or digits`);
  const match = PRIMARY_KEY.exec(doc._key ?? "");
  if (!match) problems.push(`${where}: _key missing or malformed (the CLI would skip this file)`);
  else if (match[2] !== doc._id) problems.push(`${where}: _key does not end with the _id`);
  const slug = slugify(doc.name ?? "");
  if (file !== `${slug}.yml` && file !== `${slug}-${doc._id}.yml`)
    problems.push(`${where}: file name should be ${slug}.yml`);
  // Embedded documents (an actor's items) are stored by the CLI under their own nested key.
  for (const item of doc.items ?? []) {
    const expected = `!actors.items!${doc._id}.${item?._id}`;
    if (!ID_PATTERN.test(item?._id ?? ""))
      problems.push(`${where}: an embedded item's _id must be 16 letters or digits`);
    if (item?._key !== expected) problems.push(`${where}: embedded item ${item?._id} needs _key ${expected}`);
  }
  for (const result of doc.results ?? []) {
    const expected = `!tables.results!${doc._id}.${result?._id}`;
    if (!ID_PATTERN.test(result?._id ?? ""))
      problems.push(`${where}: a result's _id must be 16 letters or digits`);
    if (result?._key !== expected) problems.push(`${where}: result ${result?._id} needs _key ${expected}`);
  }
  // A JournalEntry embeds its pages the same way (dnd5e packs/_source/rules: `!journal.pages!<entry>.<page>`).
  problems.push(...checkEmbedded(where, doc, "pages", "journal.pages"));
  return problems;
}

/**
 * Files LevelDB writes for the process that has a database open, not data: the lock file and the info
 * logs, text notes of what it did. The data is CURRENT, MANIFEST-*, *.ldb and *.log (google/leveldb
 * doc/impl.md, "Files"). Foundry opens a pack itself and writes its own, so these never ship.
 */
export const LEVELDB_RUNTIME_FILES = Object.freeze(["LOCK", "LOG", "LOG.old"]);

/** Removes LEVELDB_RUNTIME_FILES from a closed pack folder. */
export function removeRuntimeFiles(dir) {
  for (const name of LEVELDB_RUNTIME_FILES) rmSync(join(dir, name), { force: true });
}

/** Reads the primary documents of a compiled LevelDB pack, keyed by database key. */
export async function readPack(dir) {
  const db = new ClassicLevel(dir, { keyEncoding: "utf8", valueEncoding: "json" });
  const entries = new Map();
  try {
    for await (const [key, value] of db.iterator()) entries.set(key, value);
  } finally {
    await db.close();
  }
  return entries;
}

/** Compiles every pack under sourceDir into outDir; throws when a file would be skipped or an entry is missing. */
export async function compileAll(outDir = DEFAULT_OUT_DIR, sourceDir = SOURCE_DIR) {
  const summary = [];
  const problems = [];
  const ids = new Map();
  for (const pack of packNames(sourceDir)) {
    for (const file of sourceFiles(join(sourceDir, pack))) {
      const doc = yaml.load(readFileSync(join(sourceDir, pack, file), "utf8"));
      problems.push(...checkSource(pack, file, doc));
      const seen = ids.get(doc?._id);
      if (seen) problems.push(`${pack}/${file}: _id ${doc._id} already used by ${seen}`);
      else if (doc?._id) ids.set(doc._id, `${pack}/${file}`);
    }
  }
  if (problems.length) throw new Error(`packs: the sources have problems:\n  ${problems.join("\n  ")}`);

  mkdirSync(outDir, { recursive: true });
  for (const pack of packNames(sourceDir)) {
    const dest = join(outDir, pack);
    await compilePack(join(sourceDir, pack), dest, { yaml: true });
    const files = sourceFiles(join(sourceDir, pack)).length;
    const entries = [...(await readPack(dest)).keys()].filter((key) => PRIMARY_KEY.test(key)).length;
    if (entries !== files)
      throw new Error(`packs: ${pack} has ${files} source files but compiled ${entries} entries`);
    // After the last close (readPack opened it again), so nothing writes them back.
    removeRuntimeFiles(dest);
    summary.push({ pack, entries });
  }
  return summary;
}

/** Extracts every LevelDB pack in fromDir to YAML in toDir/<pack>, replacing the YAML files already there. */
export async function extractAll(fromDir = DEFAULT_OUT_DIR, toDir = SOURCE_DIR) {
  const summary = [];
  // Only folders that are LevelDB databases: a stray folder in dist/packs is not a pack.
  for (const pack of packNames(fromDir).filter((name) => existsSync(join(fromDir, name, "CURRENT")))) {
    const staging = mkdtempSync(join(tmpdir(), `zilch-extract-${pack}-`));
    const taken = new Set();
    try {
      await extractPack(join(fromDir, pack), staging, {
        yaml: true,
        yamlOptions: { ...YAML_OPTIONS },
        transformName: async (entry) => {
          let name = `${slugify(entry.name) || entry._id}.yml`;
          if (taken.has(name)) name = `${slugify(entry.name)}-${entry._id}.yml`;
          taken.add(name);
          return name;
        },
      });
      const dest = join(toDir, pack);
      mkdirSync(dest, { recursive: true });
      for (const file of sourceFiles(dest)) rmSync(join(dest, file));
      for (const file of sourceFiles(staging)) renameSync(join(staging, file), join(dest, file));
      summary.push({ pack, entries: taken.size });
    } finally {
      // Reading a pack writes the lock and logs into it; leave the folder as the build left it.
      removeRuntimeFiles(join(fromDir, pack));
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return summary;
}

async function main([command, ...args]) {
  switch (command) {
    case "compile": {
      const outDir = resolve(args[0] ?? DEFAULT_OUT_DIR);
      const sourceDir = resolve(args[1] ?? SOURCE_DIR);
      if (!packNames(sourceDir).length) throw new Error(`packs: no source folder in ${sourceDir}`);
      for (const { pack, entries } of await compileAll(outDir, sourceDir))
        console.log(`packs: ${pack}: ${entries} entries`);
      return;
    }
    case "extract": {
      const fromDir = resolve(args[0] ?? DEFAULT_OUT_DIR);
      const toDir = resolve(args[1] ?? SOURCE_DIR);
      if (!packNames(fromDir).some((name) => existsSync(join(fromDir, name, "CURRENT"))))
        throw new Error(`packs: no compiled pack in ${fromDir}`);
      for (const { pack, entries } of await extractAll(fromDir, toDir))
        console.log(`packs: ${pack}: ${entries} files`);
      return;
    }
    case "id": {
      if (args.length < 2) throw new Error("usage: node scripts/packs.mjs id <pack> <slug>");
      console.log(stableId(...args));
      return;
    }
    default:
      throw new Error(
        "usage: node scripts/packs.mjs compile [outDir] [sourceDir] | extract [fromDir] [toDir] | id <pack> <slug>",
      );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message ?? error);
    process.exitCode = 1;
  });
}
