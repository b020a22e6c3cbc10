import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { distManifest } from "../../scripts/release-links.mjs";

/**
 * The manifest layer: the built dist/system.json is what Foundry reads on install, so every path it
 * names must exist in dist/, its version must be package.json's, and it must declare the v13 fields.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const DIST = join(ROOT, "dist");
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;

interface Manifest {
  id: string;
  version: string;
  compatibility: { minimum: string; verified: string };
  esmodules: string[];
  styles: string[];
  languages: { lang: string; path: string }[];
  packs?: { name: string; path: string; type: string }[];
  documentTypes: Record<string, Record<string, { htmlFields?: string[] }>>;
  primaryTokenAttribute: string;
  media?: { type: string; url?: string; thumbnail?: string }[];
  background?: string;
}

/** A path Foundry serves from the system's folder (`systems/zilch/…`), as a path inside dist/. */
const inSystem = (url: string) => url.replace(/^systems\/zilch\//, "");

/** Every file or folder path a manifest references that does not exist under `dir`. */
export function missingPaths(manifest: Partial<Manifest>, dir: string): string[] {
  const paths = [
    ...(manifest.esmodules ?? []),
    ...(manifest.styles ?? []),
    ...(manifest.languages ?? []).map((l) => l.path),
    ...(manifest.packs ?? []).map((p) => p.path),
    ...(manifest.media ?? []).flatMap((m) => [m.url, m.thumbnail]).filter((u) => u !== undefined),
    ...(manifest.background ? [manifest.background] : []),
  ].map(inSystem);
  return paths.filter((p) => !existsSync(join(dir, p)));
}

describe("dist/system.json", () => {
  it("exists (npm run build ran)", () => {
    expect(existsSync(join(DIST, "system.json")), "run `npm run build` first").toBe(true);
  });
  const manifest = existsSync(join(DIST, "system.json"))
    ? (readJson(join(DIST, "system.json")) as unknown as Manifest)
    : null;

  it("references only paths that exist in dist/", () => {
    expect(missingPaths(manifest!, DIST)).toEqual([]);
  });
  it("shows the system's own art on the setup screen and behind the join page, shipped in dist/", () => {
    // dnd5e and Draw Steel name a "setup" image with a thumbnail and a background (their system.json).
    const setup = manifest!.media?.find((m) => m.type === "setup");
    expect(setup?.url).toBe("systems/zilch/assets/setup.webp");
    expect(setup?.thumbnail).toBe("systems/zilch/assets/setup-thumb.webp");
    expect(manifest!.background).toBe(setup?.url);
    for (const url of [setup!.url!, setup!.thumbnail!])
      expect(
        readFileSync(join(DIST, inSystem(url)))
          .subarray(8, 12)
          .toString(),
      ).toBe("WEBP");
  });
  it("ships the module's source map", () => {
    expect(existsSync(join(DIST, "zilch.mjs.map"))).toBe(true);
  });
  it("has the version of package.json", () => {
    expect(manifest!.version).toBe(readJson(join(ROOT, "package.json")).version);
  });
  it("is a system with id zilch, verified on a v14 build and running from a stable v13 build", () => {
    expect(manifest!.id).toBe("zilch");
    // docs/foundry-versions.md: 13.341 is the first stable v13 build (the movement API is there), 14.369
    // the latest v14 build the evidence covers; no maximum, so later builds install unverified.
    expect(manifest!.compatibility).toEqual({ minimum: "13.341", verified: "14.369" });
    expect(manifest!.esmodules).toEqual(["zilch.mjs"]);
    expect(manifest!.styles).toEqual(["zilch.css"]);
    expect(manifest!.languages.map((l) => l.lang)).toEqual(["en"]);
  });
  it("declares every document type the system defines", () => {
    expect(Object.keys(manifest!.documentTypes.Actor!).sort()).toEqual(["character", "npc"]);
    expect(Object.keys(manifest!.documentTypes.Item!).sort()).toEqual(
      ["armor", "gear", "injury", "knack", "race", "shield", "skill", "spell", "weapon"].sort(),
    );
  });
  it("is the source manifest with the release links package.json's repository gives (none without)", () => {
    const source = readJson(join(ROOT, "system.json")) as { version: string };
    expect(manifest).toEqual(distManifest(source, readJson(join(ROOT, "package.json"))));
  });
});

describe("distManifest", () => {
  const source = { id: "zilch", version: "0.1.0", url: "", manifest: "", download: "" };
  it("gives a built copy the manifest URL of the repository's releases, so it is offered updates", () => {
    expect(distManifest(source, { repository: "git+https://github.com/owner/name.git" })).toMatchObject({
      url: "https://github.com/owner/name",
      manifest: "https://github.com/owner/name/releases/latest/download/system.json",
      download: "https://github.com/owner/name/releases/download/v0.1.0/zilch.zip",
      bugs: "https://github.com/owner/name/issues",
    });
  });
  it("invents no address when package.json names no repository", () => {
    expect(distManifest(source, {})).toEqual(source);
  });
});

describe("missingPaths", () => {
  it("fails a manifest that names a file dist/ lacks", () => {
    expect(missingPaths({ esmodules: ["zilch.mjs", "nope.mjs"], styles: ["gone.css"] }, DIST)).toEqual([
      "nope.mjs",
      "gone.css",
    ]);
  });
  it("fails a setup image or background dist/ lacks", () => {
    const media = [
      {
        type: "setup",
        url: "systems/zilch/assets/nope.webp",
        thumbnail: "systems/zilch/assets/setup-thumb.webp",
      },
    ];
    expect(missingPaths({ media, background: "systems/zilch/assets/gone.webp" }, DIST)).toEqual([
      "assets/nope.webp",
      "assets/gone.webp",
    ]);
  });
});
