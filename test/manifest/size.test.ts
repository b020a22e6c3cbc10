import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { shippedSize } from "../../bench/size";

/** The size bench measures what a client downloads, and refuses a source entry in place of a bundle. */
const folder = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), "zilch-size-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
};
const manifest = JSON.stringify({ esmodules: ["sys.mjs"], styles: ["sys.css"] });

describe("shippedSize", () => {
  it("sums the esmodules and styles system.json lists, each gzipped", () => {
    const js = "export const a = 1; // from './not-an-import'\n".repeat(20);
    const dir = folder({ "system.json": manifest, "sys.mjs": js, "sys.css": ".zilch{}" });
    expect(shippedSize(dir)).toEqual({
      js: js.length,
      jsGzip: gzipSync(js, { level: 9 }).length,
      css: 8,
      cssGzip: gzipSync(".zilch{}", { level: 9 }).length,
    });
  });

  it("refuses an entry that imports its modules, and measures the built bundle beside it", () => {
    const entry = 'import {\n  a\n} from "./module/a.mjs";\n';
    const dir = folder({ "system.json": manifest, "sys.mjs": entry, "sys.css": "" });
    expect(() => shippedSize(dir)).toThrow(/not a bundle/);
    writeFileSync(join(dir, "sys-compiled.mjs"), "const a = 1;");
    expect(shippedSize(dir).js).toBe(12);
  });
});
