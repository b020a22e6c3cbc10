import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { zipEntryNames } from "./zip";

/**
 * dist/ and the release zip hold only what Foundry loads. A compiled pack is LevelDB data
 * (CURRENT, MANIFEST-*, *.ldb, *.log); the lock file and info logs LevelDB writes while a pack is
 * open are not, and scripts/packs.mjs removes them (google/leveldb doc/impl.md, "Files").
 */
const ROOT = join(import.meta.dirname, "..", "..");
const DIST = join(ROOT, "dist");

/** What dist/ and a release may hold: the manifest, the module and its map, the styles, the folders. */
const SHIPPED = [
  /^system\.json$/,
  /^LICENSE$/,
  /^zilch\.mjs(\.map)?$/,
  /^zilch\.css$/,
  /^lang\/[a-z-]+\.json$/,
  /^templates\/[\w/-]+\.hbs$/,
  /^assets\//,
  /^packs\/[\w-]+\/(CURRENT|MANIFEST-\d{6}|\d{6}\.(ldb|log))$/,
];

/** The paths of a listing that Foundry does not need. */
export function notShipped(paths: readonly string[]): string[] {
  return paths.filter((path) => !SHIPPED.some((pattern) => pattern.test(path)));
}

const listing = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();

const packageInto = (dist: string) => {
  const out = mkdtempSync(join(tmpdir(), "zilch-release-"));
  const args = ["--skip-build", "--dist", dist, "--out", out, "--repo", "https://github.com/owner/name"];
  const result = spawnSync(process.execPath, [join(ROOT, "scripts", "package.mjs"), ...args], {
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  return zipEntryNames(readFileSync(join(out, "zilch.zip"))).sort();
};

describe("what ships", () => {
  it("dist/ holds only what Foundry needs, packs included, and no LevelDB lock or log file", () => {
    expect(existsSync(join(DIST, "packs")), "run `npm run build` first").toBe(true);
    const files = listing(DIST);
    expect(files.filter((f) => f.startsWith("packs/")).length).toBeGreaterThan(0);
    expect(notShipped(files)).toEqual([]);
  });

  it("the zip holds dist/ and the LICENSE, without the source map (a release file of its own)", () => {
    const expected = [...listing(DIST).filter((f) => f !== "zilch.mjs.map"), "LICENSE"].sort();
    expect(packageInto(DIST)).toEqual(expected);
  });

  it("the zip leaves out the lock and logs a pack opened after the build has again", () => {
    const dist = mkdtempSync(join(tmpdir(), "zilch-dist-"));
    cpSync(DIST, dist, { recursive: true });
    const pack = readdirSync(join(dist, "packs"))[0]!;
    for (const name of ["LOCK", "LOG", "LOG.old"]) writeFileSync(join(dist, "packs", pack, name), "");
    const names = packageInto(dist);
    expect(names).toContain(`packs/${pack}/CURRENT`);
    expect(notShipped(names)).toEqual([]);
  });

  it("names what Foundry does not need", () => {
    expect(
      notShipped(["zilch.mjs", "packs/armor/LOCK", "packs/armor/LOG", "packs/armor/LOG.old", "notes.txt"]),
    ).toEqual(["packs/armor/LOCK", "packs/armor/LOG", "packs/armor/LOG.old", "notes.txt"]);
  });
});
