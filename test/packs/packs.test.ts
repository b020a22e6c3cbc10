/**
 * Pack layer: the YAML sources compile with the official CLI into LevelDB packs that hold exactly
 * the sources, with unique stable ids and well-formed keys, and extract back to identical YAML.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  byName,
  compileAll,
  PACK_NAMES,
  PACKS,
  ROOT,
  runPacksScript,
  SOURCE_DIR,
  sourceFiles,
  type Compiled,
} from "./support";

let compiled: Compiled;
beforeAll(async () => {
  compiled = await compileAll();
});
afterAll(() => compiled?.cleanup());

const ID = /^[A-Za-z0-9]{16}$/;
/** Foundry's core icon set: `icons/svg/<name>.svg` or `icons/<group>/<set>/<name>.webp`. */
const CORE_ICON = /^icons\/(svg\/[a-z0-9-]+\.svg|[a-z]+\/[a-z0-9-]+\/[a-z0-9-]+\.webp)$/;

const ITEM_TYPES: Record<string, readonly string[]> = {
  weapons: ["weapon"],
  armor: ["armor", "shield"],
  gear: ["gear"],
  skills: ["skill"],
  knacks: ["knack"],
  races: ["race"],
  spells: ["spell"],
};

describe("compiled packs", () => {
  it("has one source folder per shipped pack and nothing else", () => {
    const out = mkdtempSync(join(tmpdir(), "zilch-packs-again-"));
    const run = runPacksScript("compile", out);
    rmSync(out, { recursive: true, force: true });
    expect(run.status, run.stderr).toBe(0);
    const reported = [...run.stdout.matchAll(/packs: (\w+): (\d+) entries/g)].map((m) => m[1]);
    expect(reported.sort()).toEqual([...PACK_NAMES].sort());
  });

  it("packs/README.md says what every shipped pack holds", () => {
    const readme = readFileSync(join(ROOT, "packs", "README.md"), "utf8");
    const table = /^\| pack .*?\n\n/ms.exec(readme)?.[0] ?? "";
    const listed = [...table.matchAll(/^\| `(\w+)` +\|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...PACK_NAMES].sort());
  });

  it.each(PACK_NAMES)("%s holds as many documents as it has source files", (pack) => {
    expect(compiled.packs[pack].primary.size).toBe(sourceFiles(pack).length);
    expect(compiled.packs[pack].primary.size).toBeGreaterThan(0);
  });

  it("holds only primary documents and the results of its tables", () => {
    for (const pack of PACK_NAMES) {
      const expected = new Set(compiled.packs[pack].primary.keys());
      for (const [key, value] of compiled.packs[pack].primary)
        if (key.startsWith("!tables!"))
          for (const id of value.results as string[])
            expected.add(`!tables.results!${value._id as string}.${id}`);
        else if (key.startsWith("!actors!"))
          for (const id of value.items as string[])
            expected.add(`!actors.items!${value._id as string}.${id}`);
        else if (key.startsWith("!journal!"))
          for (const id of value.pages as string[])
            expected.add(`!journal.pages!${value._id as string}.${id}`);
      expect([...compiled.packs[pack].raw.keys()].sort()).toEqual([...expected].sort());
    }
  });

  it("gives every document and table result a unique 16-character id across all packs", () => {
    const ids = [
      ...compiled.items.map((d) => d._id),
      ...compiled.tables.map((t) => t._id),
      ...compiled.tables.flatMap((t) => t.resultDocs.map((r) => r._id)),
      ...compiled.actors.map((a) => a._id),
      ...compiled.journals.map((j) => j._id),
      ...compiled.journals.flatMap((j) => j.pageDocs.map((p) => p._id)),
    ];
    for (const id of ids) expect(id).toMatch(ID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("stores each document under the key Foundry expects for its type", () => {
    for (const pack of PACK_NAMES) {
      const collection = { Item: "items", RollTable: "tables", Actor: "actors", JournalEntry: "journal" }[
        PACKS[pack]
      ];
      for (const [key, value] of compiled.packs[pack].primary)
        expect(key).toBe(`!${collection}!${value._id as string}`);
    }
  });

  it("keeps item packs to their item types, and RollTables in the tables pack only", () => {
    for (const item of compiled.items) expect(ITEM_TYPES[item.pack]).toContain(item.type);
    expect(compiled.packs.tables.primary.size).toBe(compiled.tables.length);
    expect(compiled.tables.length).toBeGreaterThan(0);
  });

  it("gives every entry a name, a core icon and a description of its own", () => {
    const entries = [
      ...compiled.items.map((i) => ({
        name: i.name,
        img: i.img,
        description: i.system.description as string,
      })),
      ...compiled.tables.map((t) => ({ name: t.name, img: t.img, description: t.description })),
      ...compiled.tables.flatMap((t) =>
        t.resultDocs.map((r) => ({ name: r.name, img: r.img ?? t.img, description: r.description })),
      ),
    ];
    for (const entry of entries) {
      expect(entry.name.trim(), JSON.stringify(entry)).not.toBe("");
      expect(entry.img, entry.name).toMatch(CORE_ICON);
      expect(entry.description, entry.name).toMatch(/^<p>.{20,}<\/p>$/s);
    }
    const names = compiled.items.map((i) => `${i.pack}/${i.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it("keeps the ids it was given (renaming or regenerating an entry must not change its id)", () => {
    expect(byName(compiled.items, "Longsword")._id).toBe("MBOXSsLy3EuNYxmF");
    expect(byName(compiled.items, "Chainmail")._id).toBe("NGpSk8WHFaLrUutI");
    expect(byName(compiled.tables, "Injury Location")._id).toBe("zXj8PI2CDa2D8EnE");
    const id = runPacksScript("id", "weapons", "longsword");
    expect(id.stdout.trim()).toBe("MBOXSsLy3EuNYxmF");
  });
});

describe("round trip", () => {
  it("extracts the compiled packs back to byte-identical YAML sources", () => {
    const out = mkdtempSync(join(tmpdir(), "zilch-extract-"));
    try {
      const run = runPacksScript("extract", compiled.dir, out);
      expect(run.status, run.stderr).toBe(0);
      for (const pack of PACK_NAMES) {
        expect(sourceFiles(pack, out)).toEqual(sourceFiles(pack));
        for (const file of sourceFiles(pack))
          expect(readFileSync(join(out, pack, file), "utf8"), `${pack}/${file}`).toBe(
            readFileSync(join(SOURCE_DIR, pack, file), "utf8"),
          );
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe("compile refuses sources the CLI would mishandle", () => {
  const broken = (edit: (dir: string) => void) => {
    const dir = mkdtempSync(join(tmpdir(), "zilch-src-"));
    try {
      cpSync(join(SOURCE_DIR, "knacks"), join(dir, "knacks"), { recursive: true });
      edit(join(dir, "knacks"));
      return runPacksScript("compile", join(dir, "out"), dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("fails, naming the file, when a source has no _key (the CLI would skip it silently)", () => {
    const run = broken((dir) => {
      const file = join(dir, "rage.yml");
      writeFileSync(file, readFileSync(file, "utf8").replace(/^_key: .*$/m, ""));
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("knacks/rage.yml: _key missing or malformed");
  });

  it("fails when two sources share an id", () => {
    const run = broken((dir) => {
      const rage = readFileSync(join(dir, "rage.yml"), "utf8");
      const id = /^_id: (\S+)$/m.exec(rage)![1]!;
      const alert = join(dir, "alert.yml");
      const text = readFileSync(alert, "utf8");
      const oldId = /^_id: (\S+)$/m.exec(text)![1]!;
      writeFileSync(alert, text.replaceAll(oldId, id));
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/_id \S+ already used by knacks\//);
  });
});

describe("system.json", () => {
  interface PackEntry {
    name: string;
    label: string;
    path: string;
    type: string;
    system: string;
  }
  interface Folder {
    name: string;
    packs?: string[];
    folders?: Folder[];
  }
  const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
    packs?: PackEntry[];
    packFolders?: Folder[];
  };

  it("declares every pack with its folder as path and its document type", () => {
    const packs = manifest.packs ?? [];
    expect(packs.map((p) => p.name).sort()).toEqual([...PACK_NAMES].sort());
    for (const pack of packs) {
      expect(pack.path).toBe(`packs/${pack.name}`);
      expect(pack.type).toBe(PACKS[pack.name as keyof typeof PACKS]);
      expect(pack.system).toBe("zilch");
      expect(pack.label.trim()).not.toBe("");
    }
  });

  it("puts every pack in exactly one pack folder", () => {
    const listed: string[] = [];
    const walk = (folders: Folder[] = []) => {
      for (const folder of folders) {
        listed.push(...(folder.packs ?? []));
        walk(folder.folders);
      }
    };
    walk(manifest.packFolders);
    expect(listed.sort()).toEqual([...PACK_NAMES].sort());
  });
});
