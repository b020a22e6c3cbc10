/**
 * A Chromium page that renders the tracker the way Foundry's client does: the real template compiled
 * by Handlebars in the page, the template harness's helpers rebuilt there from their source, rule
 * links looked up from a table recorded in Node, and dist/zilch.css applied. Shared by the tracker
 * benchmarks, so each measures the same render.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import Handlebars from "handlebars";
import type HandlebarsModule from "handlebars";
import type { Browser, Page } from "playwright-core";
import { show } from "../test/browser/harness";
import { CORE_HELPERS, TEMPLATE_ROOT } from "../test/templates/harness";
import { signed, SYSTEM_HELPERS } from "../src/setup/handlebars";
import { ruleLinkHtml } from "../src/data/rules-links";
import { EN } from "../test/support/i18n";

const require = createRequire(import.meta.url);
const handlebarsSource = readFileSync(require.resolve("handlebars/dist/handlebars.min.js"), "utf8");
export const TRACKER_SOURCE = readFileSync(join(TEMPLATE_ROOT, "combat/tracker.hbs"), "utf8");

/** Vitest rewrites imports to module objects; in the page, those names are plain bindings. */
export const unbind = (src: string) =>
  src.replace(/__vite_ssr_import_\d+__\.default/g, "Handlebars").replace(/__vite_ssr_import_\d+__\./g, "");
const RULE_LINK = "zilch-rule-link";

const helperSources = Object.entries({ ...CORE_HELPERS, ...SYSTEM_HELPERS })
  .filter(([name]) => name !== RULE_LINK && new RegExp(`[{( ]${name}[ })]`).test(TRACKER_SOURCE))
  .map(([name, fn]) => [name, unbind(fn.toString())]);

/** Every rule link the renders of `contexts` make, keyed by their arguments, made by the real helper. */
function ruleLinksOf(contexts: readonly object[]): Record<string, string> {
  const links: Record<string, string> = {};
  const hbs = Handlebars.create();
  for (const [name, fn] of Object.entries({ ...CORE_HELPERS, ...SYSTEM_HELPERS }))
    hbs.registerHelper(name, fn);
  hbs.registerHelper(RULE_LINK, (key: unknown, label: unknown) => {
    const html = ruleLinkHtml(String(key), String(label));
    links[`${String(key)}\u0000${String(label)}`] = html;
    return html;
  });
  const template = hbs.compile(TRACKER_SOURCE, { preventIndent: true });
  for (const context of contexts) template(context);
  return links;
}

/**
 * Opens a page whose `window.zilchTemplate(context)` renders the tracker part as Foundry would, for
 * any of `contexts` (their rule links are recorded beforehand), with a `<div id=host>` to put it in.
 */
export async function openTrackerPage(browser: Browser, contexts: readonly object[]): Promise<Page> {
  const { page } = await show(browser, {
    html: "<div id=host></div>",
    theme: "light",
    width: 300,
    height: 900,
  });
  await page.addScriptTag({ content: handlebarsSource });
  await page.evaluate(
    ({ source, helperSources, signedSource, links, en }) => {
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
        hb.registerHelper(name, make(localize, hashOf, positional, hb, signedFn, src));
        knownHelpers[name] = true;
      }
      hb.registerHelper(
        "zilch-rule-link",
        (key: unknown, label: unknown) => links[`${String(key)}\u0000${String(label)}`],
      );
      knownHelpers["zilch-rule-link"] = true;
      const template = hb.compile(source, { knownHelpers, knownHelpersOnly: true, preventIndent: true });
      (window as unknown as { zilchTemplate: (data: unknown) => string }).zilchTemplate = (data) =>
        template(data);
    },
    {
      source: TRACKER_SOURCE,
      helperSources,
      signedSource: unbind(signed.toString()),
      links: ruleLinksOf(contexts),
      en: EN,
    },
  );
  return page;
}

/**
 * The page's main-thread CPU clock in ms, from the DevTools protocol's Performance domain ("ThreadTime",
 * seconds of CPU the renderer's main thread has used).
 */
export async function rendererClock(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  return async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    const thread = metrics.find((m) => m.name === "ThreadTime");
    if (!thread) throw new Error("Chromium reported no ThreadTime metric");
    return thread.value * 1000;
  };
}

export function median(samples: readonly number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
