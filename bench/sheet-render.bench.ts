import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser } from "playwright-core";
import type HandlebarsModule from "handlebars";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { browserAvailable, launch, show } from "../test/browser/harness";
import { CORE_HELPERS, createRenderer, TEMPLATE_ROOT } from "../test/templates/harness";
import { EN } from "../test/support/i18n";
import { signed, SYSTEM_HELPERS } from "../src/setup/handlebars";
import { CHARACTER_PARTS, CHARACTER_SIZE } from "../src/applications/sheets/constants";
import { fullCharacter } from "../test/templates/fixtures";

/**
 * Issue 5 point 9: in Chromium, the median time to render the full character sheet (Handlebars in
 * the page, with our helpers and the core-helper stand-ins) and insert it, against inserting its final
 * HTML directly (the floor). Printed, never asserted: machines differ.
 */
const require = createRequire(import.meta.url);
const handlebarsSource = readFileSync(require.resolve("handlebars/dist/handlebars.min.js"), "utf8");
const ITERATIONS = 60;

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

describe.runIf(browserAvailable())("sheet render benchmark", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("full character sheet: render + insert vs insert only", async () => {
    const context = fullCharacter();
    const parts = Object.values(CHARACTER_PARTS).map((path) =>
      readFileSync(join(TEMPLATE_ROOT, path.replace("systems/zilch/templates/", "")), "utf8"),
    );
    const finalHtml = Object.values(CHARACTER_PARTS)
      .map((path) => createRenderer().render(path, context))
      .join("\n");
    // The same helper functions as the template tests, moved into the page by their source text.
    // Vitest rewrites imports to module objects; in the page, those names are plain bindings.
    const unbind = (src: string) =>
      src
        .replace(/__vite_ssr_import_\d+__\.default/g, "Handlebars")
        .replace(/__vite_ssr_import_\d+__\./g, "");
    const helperSources = Object.entries({ ...CORE_HELPERS, ...SYSTEM_HELPERS }).map(([name, fn]) => [
      name,
      unbind(fn.toString()),
    ]);
    const { page } = await show(browser, {
      html: "<div id=host></div>",
      theme: "light",
      ...CHARACTER_SIZE,
      windowClass: "zilch sheet actor character",
    });
    await page.addScriptTag({ content: handlebarsSource });
    const result = await page.evaluate(
      ({ parts, helperSources, signedSource, en, context, finalHtml, iterations }) => {
        const hb = (window as unknown as { Handlebars: typeof HandlebarsModule }).Handlebars;
        const lookup = (key: string): string => {
          let node: unknown = en;
          for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
          if (typeof node !== "string") throw new Error(`missing ${key}`);
          return node;
        };
        const localize = (key: string, data: Record<string, unknown> = {}) =>
          lookup(key).replace(/{([^}]+)}/g, (w, n: string) => (n in data ? String(data[n]) : w));
        const hashOf = (args: unknown[]) =>
          (args.at(-1) as { hash?: Record<string, unknown> } | undefined)?.hash ?? {};
        const positional = (args: unknown[]) => args.slice(0, -1);
        const Handlebars = hb;
        const make = new Function(
          "localize",
          "hashOf",
          "positional",
          "Handlebars",
          "signed",
          "src",
          "return eval('(' + src + ')')",
        );
        const signedFn = new Function(`return (${signedSource})`)();
        const knownHelpers: Record<string, boolean> = {};
        for (const [name, src] of helperSources) {
          hb.registerHelper(name, make(localize, hashOf, positional, Handlebars, signedFn, src));
          knownHelpers[name] = true;
        }
        const compiled = parts.map((p) =>
          hb.compile(p, { knownHelpers, knownHelpersOnly: true, preventIndent: true }),
        );
        const host = document.getElementById("host")!;
        const time = (fn: () => void) => {
          const samples: number[] = [];
          for (let i = 0; i < iterations; i++) {
            host.innerHTML = "";
            const t = performance.now();
            fn();
            // Force layout, as the browser must before the sheet is seen.
            host.getBoundingClientRect();
            samples.push(performance.now() - t);
          }
          return samples;
        };
        const render = time(() => {
          host.innerHTML = compiled.map((fn) => fn(context)).join("\n");
        });
        const insert = time(() => {
          host.innerHTML = finalHtml;
        });
        return { render, insert, same: compiled.map((fn) => fn(context)).join("\n") === finalHtml };
      },
      {
        parts,
        helperSources,
        signedSource: unbind(signed.toString()),
        en: EN,
        context,
        finalHtml,
        iterations: ITERATIONS,
      },
    );
    if (!result.same) throw new Error("the page's render differs from the template tests' render");
    const render = median(result.render);
    const insert = median(result.insert);
    console.log(
      `bench: full character sheet (30 items, 5 injuries) in Chromium: render + insert median ${render.toFixed(2)} ms; ` +
        `insert final HTML median ${insert.toFixed(2)} ms; ratio ${(render / insert).toFixed(2)}`,
    );
    await page.close();
  });
});
