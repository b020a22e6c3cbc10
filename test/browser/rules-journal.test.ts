/**
 * Browser layer: every page of the Rules Reference journal (packs/_source/rules) shown with the built CSS
 * in both themes, as Foundry shows a text page (its title, then its HTML, with `@UUID` links enriched
 * into content links). Screenshots in test-results/rules-<page>-<theme>.png.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { describe, expect, it } from "vitest";
import { browserAvailable, expectCleanView, ROOT, THEMES, useBrowser } from "./harness";

interface Page {
  name: string;
  _id: string;
  text: { content: string };
}
const entry = yaml.load(
  readFileSync(join(ROOT, "packs", "_source", "rules", "rules-reference.yml"), "utf8"),
) as {
  pages: Page[];
};

/** `@UUID[uuid#anchor]{label}` as the content link the enricher makes of it. */
const enrich = (html: string) =>
  html.replace(
    /@UUID\[([^\]#]+)(?:#([\w-]+))?\]\{([^}]+)\}/g,
    (_, uuid: string, hash: string | undefined, label: string) =>
      `<a class="content-link" data-link data-uuid="${uuid}"${hash ? ` data-hash="${hash}"` : ""}>${label}</a>`,
  );

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/-$/, "");
const available = browserAvailable();

describe.runIf(available)("rules reference pages", () => {
  const browser = useBrowser();

  for (const page of entry.pages)
    for (const theme of THEMES)
      it(`${page.name}, ${theme}: readable with no layout or accessibility problem`, async () => {
        // The page scrolls inside the harness window, so the scrolled article takes keyboard focus (axe's
        // scrollable-region rule); the window around a page in Foundry is core's journal sheet, not ours.
        const html = `<article class="zilch rules-page" tabindex="0"><h1>${page.name}</h1>${enrich(page.text.content)}</article>`;
        const options = { html, theme, width: 720, height: 860 };
        await expectCleanView(browser(), `rules-${slug(page.name)}-${theme}`, options, async (shown) => {
          // Every heading is a target for its anchor, and every cross-link is a content link.
          const ids = await shown.$$eval("h2, h3", (hs) => hs.map((h) => h.id));
          expect(ids.every(Boolean)).toBe(true);
          expect(await shown.$$eval("article", (a) => a[0]!.textContent!.includes("@UUID"))).toBe(false);
          // Body text keeps the theme's ink against the page (contrast is axe's; this pins the tokens).
          const ink = await shown.$eval("article p", (p) => getComputedStyle(p).color);
          expect(ink).toBe(theme === "light" ? "rgb(29, 26, 22)" : "rgb(236, 230, 218)");
        });
      });
});
