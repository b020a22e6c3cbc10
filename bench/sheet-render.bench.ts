import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser } from "playwright-core";
import type HandlebarsModule from "handlebars";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { loadavg } from "node:os";
import { browserAvailable, launch, show } from "../test/browser/harness";
import {
  CORE_HELPERS,
  createRenderer,
  systemPath,
  TEMPLATE_ROOT,
  templateFiles,
} from "../test/templates/harness";
import { EN } from "../test/support/i18n";
import { signed } from "../src/setup/handlebars";
import { CHARACTER_PARTS, CHARACTER_SIZE } from "../src/applications/sheets/shared/constants";
import { build } from "vite";
import { fullCharacterInput } from "../test/templates/fixtures";
import { characterContext } from "../src/applications/sheets/character/character-context";
import type * as SheetPage from "./sheet-page";

type Builders = typeof SheetPage;

/**
 * Performance budget for the sheet a player keeps open all session: in Chromium, the median time
 * to take the full character sheet from prepared data to inserted DOM, as the sheet does it: the
 * shared fields once, then per PART its pure context builder (CHARACTER_PART_CONTEXT, bundled into
 * the page from the source) and its Handlebars template (our helpers and the core-helper
 * stand-ins), then insert and lay out. Against inserting its final HTML (the floor), in the same
 * run; the budget is 1.5x. The three paths are warmed up, then taken in turn in each iteration. Run
 * as three blocks one after another without warm-up, the first block took the template compilation
 * and any load spike; an earlier 1.64 most likely came from that (the builders alone take about
 * 0.1 ms in Node). Printed, never asserted: machines differ.
 */
const require = createRequire(import.meta.url);
const handlebarsSource = readFileSync(require.resolve("handlebars/dist/handlebars.min.js"), "utf8");
const ITERATIONS = 60;

/** The part builders and system helpers as one script for the page (`window.ZilchSheet`), bundled by Vite. */
async function builderScript(): Promise<string> {
  const root = join(import.meta.dirname, "..");
  const out = await build({
    root,
    configFile: false,
    logLevel: "warn",
    build: {
      write: false,
      minify: false,
      lib: {
        entry: join(root, "bench/sheet-page.ts"),
        formats: ["iife"],
        name: "ZilchSheet",
      },
    },
  });
  const [result] = Array.isArray(out) ? out : [out];
  if (!("output" in result)) throw new Error("vite returned a watcher, not a bundle");
  return result.output[0].code;
}

/**
 * The prepared data as plain data for the page: the models' own fields (their document `parent` left
 * out), Sets as arrays (the builders only iterate them). The page's HTML is checked against the
 * template tests' render of the same input, so a field lost here fails the bench.
 */
const plain = <T>(value: T): T =>
  JSON.parse(
    JSON.stringify(value, (key, v: unknown) =>
      key === "parent" ? undefined : v instanceof Set ? [...v] : v,
    ),
  );

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
    const input = plain(fullCharacterInput());
    const context = characterContext(input);
    // The part builders alone, in Node (they are pure): what the prepared data costs before any template.
    const builderSamples: number[] = [];
    for (let i = 0; i < 20; i++) characterContext(input);
    for (let i = 0; i < ITERATIONS * 4; i++) {
      const t = performance.now();
      characterContext(input);
      builderSamples.push(performance.now() - t);
    }
    const partIds = Object.keys(CHARACTER_PARTS);
    const parts = Object.values(CHARACTER_PARTS).map((path) =>
      readFileSync(join(TEMPLATE_ROOT, path.replace("systems/zilch/templates/", "")), "utf8"),
    );
    // Every template as a partial under its systems/ path, as the sheet's render finds them (header.hbs
    // includes the conditions partial).
    const partials = templateFiles().map((file) => [systemPath(file), readFileSync(file, "utf8")]);
    const finalHtml = Object.values(CHARACTER_PARTS)
      .map((path) => createRenderer().render(path, context))
      .join("\n");
    // The same helper functions as the template tests, moved into the page by their source text.
    // Vitest rewrites imports to module objects; in the page, those names are plain bindings.
    const unbind = (src: string) =>
      src
        .replace(/__vite_ssr_import_\d+__\.default/g, "Handlebars")
        .replace(/__vite_ssr_import_\d+__\./g, "");
    // The core-helper stand-ins by their source text (the system's own come bundled, ./sheet-page.ts).
    const helperSources = Object.entries(CORE_HELPERS).map(([name, fn]) => [name, unbind(fn.toString())]);
    const { page } = await show(browser, {
      html: "<div id=host></div>",
      theme: "light",
      ...CHARACTER_SIZE,
      windowClass: "zilch sheet actor character",
    });
    await page.addScriptTag({ content: handlebarsSource });
    await page.addScriptTag({ content: await builderScript() });
    const result = await page.evaluate(
      ({
        parts,
        partials,
        partIds,
        helperSources,
        signedSource,
        en,
        input,
        context,
        finalHtml,
        iterations,
      }) => {
        const sheet = (window as unknown as { ZilchSheet: Builders }).ZilchSheet;
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
        for (const [name, helper] of Object.entries(sheet.SYSTEM_HELPERS)) {
          hb.registerHelper(name, helper);
          knownHelpers[name] = true;
        }
        for (const [name, source] of partials)
          hb.registerPartial(
            name!,
            hb.compile(source!, { knownHelpers, knownHelpersOnly: true, preventIndent: true }),
          );
        const compiled = parts.map((p) =>
          hb.compile(p, { knownHelpers, knownHelpersOnly: true, preventIndent: true }),
        );
        const host = document.getElementById("host")!;
        /** One timed run of `fn`: insert, then force layout, as the browser must before the sheet is seen. */
        const once = (fn: () => string) => {
          host.innerHTML = "";
          const t = performance.now();
          host.innerHTML = fn();
          host.getBoundingClientRect();
          return performance.now() - t;
        };
        // What the sheet does per render: the shared fields once, then each part's builder and template.
        const fromData = () => {
          const shared = sheet.characterShared(input);
          return compiled
            .map((fn, i) => {
              const build =
                sheet.CHARACTER_PART_CONTEXT[partIds[i] as keyof Builders["CHARACTER_PART_CONTEXT"]];
              return fn({ ...shared, ...build(input) });
            })
            .join("\n");
        };
        const paths = {
          full: fromData,
          render: () => compiled.map((fn) => fn(context)).join("\n"),
          insert: () => finalHtml,
        };
        // Warm up first (Handlebars compiles a template on its first call; V8 optimises after a few),
        // then take the three paths in turn in every iteration, so a load spike from other processes
        // falls on all three alike instead of on whichever block ran during it.
        for (let i = 0; i < 10; i++) for (const fn of Object.values(paths)) once(fn);
        const full: number[] = [];
        const render: number[] = [];
        const insert: number[] = [];
        for (let i = 0; i < iterations; i++) {
          full.push(once(paths.full));
          render.push(once(paths.render));
          insert.push(once(paths.insert));
        }
        return { full, render, insert, same: fromData() === finalHtml };
      },
      {
        parts,
        partials,
        partIds,
        helperSources,
        signedSource: unbind(signed.toString()),
        en: EN,
        input,
        context,
        finalHtml,
        iterations: ITERATIONS,
      },
    );
    if (!result.same) throw new Error("the page's render differs from the template tests' render");
    const full = median(result.full);
    const render = median(result.render);
    const insert = median(result.insert);
    const fastest = (samples: number[]) => Math.min(...samples);
    console.log(
      `bench: full character sheet (30 items, 5 injuries) in Chromium: part builders + render + insert median ` +
        `${full.toFixed(2)} ms (render + insert alone ${render.toFixed(2)} ms); insert final HTML (floor) median ` +
        `${insert.toFixed(2)} ms; ratio ${(full / insert).toFixed(2)} (budget 1.5); fastest runs ` +
        `${fastest(result.full).toFixed(2)} / ${fastest(result.insert).toFixed(2)} ms, ratio ` +
        `${(fastest(result.full) / fastest(result.insert)).toFixed(2)}; the part builders alone in Node ` +
        `${median(builderSamples).toFixed(3)} ms; load average ${loadavg()[0].toFixed(1)}`,
    );
    await page.close();
  });
});
