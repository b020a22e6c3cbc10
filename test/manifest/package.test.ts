import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { zipEntryNames, zipEntryText } from "./zip";

/** `npm run package`: release URLs come from the repository or fail; never an invented address. */
const ROOT = join(import.meta.dirname, "..", "..");
const pack = (...args: string[]) =>
  spawnSync(process.execPath, [join(ROOT, "scripts", "package.mjs"), "--skip-build", ...args], {
    encoding: "utf8",
  });

const version = () =>
  (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

describe("package", () => {
  it("fails with a clear message when no repository is known", () => {
    const out = mkdtempSync(join(tmpdir(), "zilch-release-"));
    const result = pack("--ignore-package-repository", "--out", out);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/no repository/);
    expect(existsSync(join(out, "zilch.zip"))).toBe(false);
  });

  it("rejects a repository that is not a URL of an owner and name", () => {
    const result = pack("--repo", "not a url", "--out", mkdtempSync(join(tmpdir(), "zilch-release-")));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/not of the form/);
  });

  it("writes zilch.zip and a system.json whose URLs derive from --repo", () => {
    const out = mkdtempSync(join(tmpdir(), "zilch-release-"));
    const result = pack("--repo", "git+https://github.com/owner/name.git", "--out", out);
    expect(result.status, result.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, "system.json"), "utf8")) as Record<string, string>;
    expect(manifest.manifest).toBe("https://github.com/owner/name/releases/latest/download/system.json");
    expect(manifest.download).toBe(`https://github.com/owner/name/releases/download/v${version()}/zilch.zip`);
    // A zip starts with the local-file-header signature PK\x03\x04.
    expect(readFileSync(join(out, "zilch.zip")).subarray(0, 4)).toEqual(
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    );
  });

  it("gives a listing its links, each at the tagged version", () => {
    const out = mkdtempSync(join(tmpdir(), "zilch-release-"));
    expect(pack("--repo", "https://github.com/owner/name", "--out", out).status).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, "system.json"), "utf8")) as Record<string, string>;
    const tag = `https://github.com/owner/name/blob/v${version()}`;
    expect(manifest).toMatchObject({
      url: "https://github.com/owner/name",
      bugs: "https://github.com/owner/name/issues",
      changelog: `${tag}/CHANGELOG.md`,
      readme: `${tag}/README.md`,
      license: `${tag}/LICENSE`,
    });
  });

  it("puts the MIT notice in the zip, as the licence asks of every copy", () => {
    const out = mkdtempSync(join(tmpdir(), "zilch-release-"));
    expect(pack("--repo", "https://github.com/owner/name", "--out", out).status).toBe(0);
    const zip = readFileSync(join(out, "zilch.zip"));
    expect(zipEntryText(zip, "LICENSE")).toBe(readFileSync(join(ROOT, "LICENSE"), "utf8"));
  });

  it("attaches the source map beside the zip, and the zipped module points at it", () => {
    const out = mkdtempSync(join(tmpdir(), "zilch-release-"));
    expect(pack("--repo", "https://github.com/owner/name", "--out", out).status).toBe(0);
    expect(existsSync(join(out, "zilch.mjs.map"))).toBe(true);
    const zip = readFileSync(join(out, "zilch.zip"));
    expect(zipEntryNames(zip)).not.toContain("zilch.mjs.map");
    const mapUrl = `https://github.com/owner/name/releases/download/v${version()}/zilch.mjs.map`;
    // Stored entries are deflated; the URL is in the module's last line, so inflate that entry.
    expect(zipEntryText(zip, "zilch.mjs").trimEnd().endsWith(`//# sourceMappingURL=${mapUrl}`)).toBe(true);
  });

  it("packages the same dist/ to the same bytes, with this version's changelog as the notes", () => {
    const [a, b] = [1, 2].map(() => {
      const out = mkdtempSync(join(tmpdir(), "zilch-release-"));
      expect(pack("--repo", "https://github.com/owner/name", "--out", out).status).toBe(0);
      return out;
    });
    expect(readFileSync(join(a!, "zilch.zip")).equals(readFileSync(join(b!, "zilch.zip")))).toBe(true);
    const notes = readFileSync(join(a!, "notes.md"), "utf8");
    expect(notes.length).toBeGreaterThan(0);
    expect(notes).not.toMatch(/^## /m);
  });
});
