import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LAYERS } from "../../eslint.config.js";

/**
 * docs/architecture.md's layer table is the lint's LAYERS, so the document a newcomer reads cannot
 * drift from what ESLint enforces.
 */
const ROOT = join(import.meta.dirname, "..", "..");

/** The table between the layers markers, as layer → the layers it may import. */
export function documentedLayers(markdown: string): Record<string, string[]> {
  const block = /<!-- layers:start -->([\s\S]*?)<!-- layers:end -->/.exec(markdown)?.[1] ?? "";
  const rows = block
    .split("\n")
    .map((line) => line.split("|").map((cell) => cell.trim()))
    .filter((cells) => cells.length === 4 && cells[1] !== "layer" && !cells[1]!.startsWith("-"));
  return Object.fromEntries(
    rows.map(([, layer, imports]) => [layer!, imports === "nothing else" ? [] : imports!.split(", ")]),
  );
}

describe("docs/architecture.md", () => {
  it("lists every layer with exactly the imports the lint allows", () => {
    const doc = readFileSync(join(ROOT, "docs", "architecture.md"), "utf8");
    expect(documentedLayers(doc)).toEqual(LAYERS);
  });

  it("notices a row that disagrees", () => {
    const doc =
      "<!-- layers:start -->\n| layer | may import |\n| --- | --- |\n| data | rules |\n<!-- layers:end -->";
    expect(documentedLayers(doc)).not.toEqual({ data: ["rules", "types"] });
    expect(documentedLayers(doc)).toEqual({ data: ["rules"] });
  });
});
