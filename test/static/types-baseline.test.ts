import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The compile baseline is fvtt-types 13.345.1, v13's types, because npm has no v14 types; the v14
 * members Zilch calls are declared in src/types/foundry-v14.ts (docs/foundry-versions.md). This check
 * asks the registry for the package's dist-tags and:
 * - fails when `latest` is a 14.x (or later) build: that is the signal to move the baseline (and to
 *   drop the declarations v14's types make redundant), and a stable build is worth stopping for;
 * - prints a loud notice, without failing, for a 14.x build under another tag (`beta`): the v14 types
 *   are still incomplete (docs/foundry-versions.md, "Types"), and failing every change on a prerelease would block work
 *   that has nothing to do with it;
 * - says so, without failing, when the registry cannot be reached within the timeout (CI offline).
 */
const PACKAGE = "@league-of-foundry-developers/foundry-vtt-types";
const TIMEOUT_MS = 10_000;

export type Verdict =
  | { kind: "baseline"; message: string }
  | { kind: "notice"; message: string }
  | { kind: "move"; message: string };

const major = (version: string) => Number(version.split(".")[0]);

/** What the package's dist-tags say about the baseline `pinned`. */
export function verdict(tags: Record<string, string>, pinned: string): Verdict {
  const latest = tags.latest ?? "";
  if (major(latest) >= 14)
    return {
      kind: "move",
      message:
        `npm now publishes ${PACKAGE}@${latest} as latest: move the compile baseline from ${pinned} ` +
        "to it (package.json), then delete what src/types/foundry-v14.ts declares that the new types have " +
        "(docs/foundry-versions.md, 'Types').",
    };
  const later = Object.entries(tags).filter(([, version]) => major(version) >= 14);
  if (later.length > 0)
    return {
      kind: "notice",
      message:
        `!!! ${PACKAGE} has v14 types under ${later.map(([tag, v]) => `${tag} ${v}`).join(", ")}; the ` +
        `baseline stays ${pinned} until one is latest (docs/foundry-versions.md, 'Types').`,
    };
  return { kind: "baseline", message: `${PACKAGE}: latest is ${latest}; baseline ${pinned}` };
}

const pinned = (): string => {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  return pkg.devDependencies["fvtt-types"]!.split("@").pop()!;
};

describe("the v13 types baseline", () => {
  it("reads the registry's verdicts as intended", () => {
    expect(verdict({ latest: "13.345.1" }, "13.345.1").kind).toBe("baseline");
    expect(verdict({ latest: "13.345.1", beta: "14.366.0-beta.20260816" }, "13.345.1").kind).toBe("notice");
    const move = verdict({ latest: "14.369.0" }, "13.345.1");
    expect(move.kind).toBe("move");
    expect(move.message).toContain("move the compile baseline from 13.345.1");
  });

  it("is still what npm offers (or the registry is out of reach)", () => {
    const asked = spawnSync("npm", ["view", PACKAGE, "dist-tags", "--json", "--fetch-retries=0"], {
      encoding: "utf8",
      timeout: TIMEOUT_MS,
    });
    let tags: Record<string, string> | null = null;
    try {
      if (asked.status === 0) tags = JSON.parse(asked.stdout) as Record<string, string>;
    } catch {
      tags = null;
    }
    if (!tags) {
      console.warn(
        `Could not reach the npm registry within ${TIMEOUT_MS / 1000} s to look for v14 types of ${PACKAGE}: not checked.`,
      );
      return;
    }
    const result = verdict(tags, pinned());
    if (result.kind === "notice") console.warn(result.message);
    else console.log(result.message);
    expect(result.kind, result.message).not.toBe("move");
  });
});
