/**
 * Benchmark: the shipped JS + CSS, gzipped, beside dnd5e's minified the way ours is, as a ratio (the
 * aim, SIZE_AIM, is at most 1/5). Prints; never asserts on the figures. Set ZILCH_DND5E_DIR to a dnd5e
 * folder whose system.json names a bundled module and built CSS (a checkout after its `npm run build`
 * and lessc, or an installed dnd5e) to minify and measure it now instead of using the figure recorded
 * in bench/size.ts.
 */
import { describe, it } from "vitest";
import { join } from "node:path";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { DND5E_RELEASE, minifyLikeOurs, shippedSize, SIZE_AIM, type ShippedSize } from "./size";

const DIST = join(import.meta.dirname, "..", "dist");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const line = (label: string, s: ShippedSize) =>
  `bench: ${label}: JS ${kb(s.js)} (${kb(s.jsGzip)} gzipped), CSS ${kb(s.css)} (${kb(s.cssGzip)} gzipped), ` +
  `JS + CSS ${kb(s.jsGzip + s.cssGzip)} gzipped`;

describe("shipped size", () => {
  it("zilch beside dnd5e, both minified alike, JS + CSS gzipped", async () => {
    const ours = shippedSize(DIST);
    const live = process.env.ZILCH_DND5E_DIR;
    const theirs = live
      ? shippedSize(await minifyLikeOurs(live, mkdtempSync(join(tmpdir(), "dnd5e-min-"))))
      : DND5E_RELEASE.size;
    const source = live
      ? `dnd5e minified and measured now from ${live}`
      : `dnd5e ${DND5E_RELEASE.tag} (${DND5E_RELEASE.commit.slice(0, 10)}, measured ${DND5E_RELEASE.measured})`;
    const total = (s: ShippedSize) => s.jsGzip + s.cssGzip;
    const ratio = total(ours) / total(theirs);
    console.log(line("zilch dist/", ours));
    console.log(line(source, theirs));
    console.log(
      `bench: size ratio zilch/dnd5e, both minified alike, JS + CSS gzipped: ${ratio.toFixed(3)} ` +
        `(1/${(1 / ratio).toFixed(1)}; aim at most 1/${1 / SIZE_AIM}: ${ratio <= SIZE_AIM ? "met" : "not met"}); ` +
        `JS alone ${(ours.jsGzip / theirs.jsGzip).toFixed(3)}`,
    );
  });
});
