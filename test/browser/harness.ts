import { afterAll, beforeAll, expect } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { createRequire } from "node:module";

/**
 * The browser layer: real headless Chromium (Debian's `chromium`, driven by playwright-core) showing
 * rendered templates with the built dist/zilch.css, in Foundry's light and dark themes. It records
 * console errors, runs axe-core, measures overflow and overlap, and keeps screenshots in test-results/.
 */
export const ROOT = join(import.meta.dirname, "..", "..");
const require = createRequire(import.meta.url);
export const RESULTS = join(ROOT, "test-results");
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
];

/** Where Chromium is, or why the layer cannot run (a failure under CI=true, a skip otherwise). */
export function chromiumPath(): { path: string } | { missing: string } {
  const path = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (existsSync(path)) return { path };
  return {
    missing:
      `Chromium not found at ${path}. Install Debian's package (apt-get install -y chromium) ` +
      "or point CHROME_PATH at a Chromium binary.",
  };
}

/** True when the browser tests must run: Chromium present, or CI demands it (then it fails loudly). */
export function browserAvailable(): boolean {
  const found = chromiumPath();
  if ("path" in found) return true;
  if (process.env.CI === "true")
    throw new Error(`${found.missing} The browser layer is required under CI=true.`);
  console.warn(`browser layer skipped: ${found.missing}`);
  return false;
}

export async function launch(): Promise<Browser> {
  const found = chromiumPath();
  if ("missing" in found) throw new Error(found.missing);
  return chromium.launch({ executablePath: found.path, args: CHROME_FLAGS, headless: true });
}

/**
 * One Chromium for a describe block: launched before its tests, closed after them. The getter throws
 * when a test runs without it (the launch failed), so the failure names the cause.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("no browser: the launch in beforeAll did not succeed");
    return browser;
  };
}

const distCss = (): string => {
  const file = join(ROOT, "dist", "zilch.css");
  if (!existsSync(file))
    throw new Error("dist/zilch.css is missing: run `npm run build` before the browser layer");
  return readFileSync(file, "utf8");
};

/**
 * A minimal frame standing in for Foundry's page chrome: body theme classes as v13 sets them, the
 * default font, and a window-sized container. Only layout scaffolding; no Foundry CSS is copied.
 */
const frameCss = `
  html, body { margin: 0; padding: 0; font-family: "Signika", "Segoe UI", system-ui, sans-serif; }
  body.theme-light { background: #e8e1d3; color: #1d1a16; }
  body.theme-dark { background: #151311; color: #ece6da; }
  .window { box-sizing: border-box; margin: 8px; overflow: hidden; border: 1px solid #777; border-radius: 6px;
    display: flex; flex-direction: column; }
  body.theme-light .window { background: #f6f1e7; }
  body.theme-dark .window { background: #1e1c1a; }
  body .window.theme-light { background: #f6f1e7; color: #1d1a16; }
  body .window.theme-dark { background: #1e1c1a; color: #ece6da; }
  .window > .window-content { box-sizing: border-box; flex: 1 1 auto; min-height: 0; overflow: auto; padding: 0.5rem; }
  .window > .window-header { display: flex; align-items: center; gap: 0.25rem; flex: 0 0 auto; height: 32px;
    box-sizing: border-box; padding: 0 0.25rem 0 0.5rem; border-bottom: 1px solid #7777; font-size: 14px; }
  body.theme-light .window > .window-header, body .window.theme-light > .window-header { background: #ddd3c0; }
  body.theme-dark .window > .window-header, body .window.theme-dark > .window-header { background: #2b2825; }
  .window-header .window-icon { width: 1.25em; text-align: center; }
  .window-header .window-title { flex: 1; margin: 0; font-size: 14px; font-weight: 600; overflow: hidden;
    white-space: nowrap; text-overflow: ellipsis; }
  .window-header .header-control { width: 26px; height: 26px; padding: 0; border: 0; border-radius: 4px;
    background: none; color: inherit; font-size: 14px; cursor: pointer; }
`;

/**
 * A window frame like the one Foundry v13 draws around an ApplicationV2 (sheets and dialogs): a
 * `header.window-header` with the window's icon, an `h1.window-title` and `button.header-control` icon
 * buttons (the controls menu and close), above `section.window-content`. The class names are those
 * public modules and systems select in v13 (`.window-header .header-control[data-action="close"]`,
 * `h1.window-title`, `i.window-icon`, `section.window-content`); the look is the harness's own.
 */
export interface WindowFrame {
  title: string;
  /** Font Awesome classes of the window's icon, e.g. "fa-solid fa-user". */
  icon?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

function frameHeader(frame: WindowFrame): string {
  const icon = frame.icon ? `<i class="window-icon fa-fw ${frame.icon}" inert></i>` : "";
  return (
    `<header class="window-header">${icon}<h1 class="window-title">${escapeHtml(frame.title)}</h1>` +
    `<button type="button" class="header-control icon fa-solid fa-ellipsis-vertical" ` +
    `data-action="toggleControls" aria-label="Toggle Controls"></button>` +
    `<button type="button" class="header-control icon fa-solid fa-xmark" data-action="close" ` +
    `aria-label="Close Window"></button></header>`
  );
}

/** The frame a view gets when it names none: sheets and dialogs are windows; chat cards are not. */
function defaultFrame(windowClass: string): WindowFrame | undefined {
  const classes = windowClass.split(/\s+/);
  if (classes.includes("dialog")) return { title: "Dialog" };
  if (!classes.includes("sheet")) return undefined;
  if (classes.includes("character")) return { title: "Character" };
  if (classes.includes("npc")) return { title: "Creature" };
  return { title: "Item" };
}

export interface ShowOptions {
  html: string;
  theme: Theme;
  /** The application's default window size (width × height), as its DEFAULT_OPTIONS.position says. */
  width: number;
  height: number;
  /** Extra classes on the window element (e.g. "zilch sheet actor"). */
  windowClass?: string;
  /** The page's width when the window may draw wider than `width` (a CSS minimum); `width` + 16 by default. */
  viewportWidth?: number;
  /** Script run in the page before the markup is inserted (tests only). */
  script?: string;
  /** The window frame; by default sheets and dialogs get one (see `defaultFrame`), `false` for none. */
  frame?: WindowFrame | false;
}

export interface Shown {
  page: Page;
  consoleErrors: string[];
}

/** Opens a page showing `html` inside a window of the given size with dist/zilch.css applied. */
export async function show(browser: Browser, options: ShowOptions): Promise<Shown> {
  const page = await browser.newPage({
    viewport: { width: options.viewportWidth ?? options.width + 16, height: options.height + 16 },
  });
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  const icons = await serveIcons(page);
  const classes = options.windowClass ?? "";
  const frame = options.frame === undefined ? defaultFrame(classes) : options.frame;
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Zilch test page</title>` +
      icons +
      `<style>${frameCss}</style><style>${distCss()}</style></head>` +
      `<body class="theme-${options.theme}"><main>` +
      `<div class="window application ${classes}" style="width:${options.width}px;height:${options.height}px">` +
      (frame ? frameHeader(frame) : "") +
      `<section class="window-content">${options.html}</section></div></main>` +
      (options.script ? `<script>${options.script}</script>` : "") +
      `</body></html>`,
    { waitUntil: "load" },
  );
  // Icon fonts load once text needs them: lay out, then wait, so screenshots show the glyphs.
  await page.evaluate(async () => {
    document.body.getBoundingClientRect();
    await document.fonts.ready;
  });
  return { page, consoleErrors };
}

/**
 * Font Awesome Free, the icon font Foundry v13 ships in its Pro edition (6.x: foundryvtt/foundryvtt#12632
 * moved core to 6.7.2; v14 moved to 7), served to the page from node_modules under a made-up origin that
 * the page's requests never leave (Playwright answers them). Returns the stylesheet link for the head,
 * or "" (with a warning, or a failure under CI=true) when the package is not installed.
 */
const ICON_ORIGIN = "http://icons.zilch.test";
let iconsMissingWarned = false;

function iconRoot(): string | null {
  try {
    return dirname(require.resolve("@fortawesome/fontawesome-free/package.json"));
  } catch {
    return null;
  }
}

async function serveIcons(page: Page): Promise<string> {
  const root = iconRoot();
  if (root === null) {
    const missing = "@fortawesome/fontawesome-free is not installed (npm ci): icons show as empty boxes.";
    if (process.env.CI === "true") throw new Error(missing);
    if (!iconsMissingWarned) console.warn(`browser layer: ${missing}`);
    iconsMissingWarned = true;
    return "";
  }
  await page.route(`${ICON_ORIGIN}/**`, async (route) => {
    const path = normalize(join(root, new URL(route.request().url()).pathname));
    if (!path.startsWith(root) || !existsSync(path)) return route.fulfill({ status: 404 });
    const type = path.endsWith(".css") ? "text/css" : path.endsWith(".woff2") ? "font/woff2" : "font/ttf";
    return route.fulfill({ path, contentType: type, headers: { "Access-Control-Allow-Origin": "*" } });
  });
  return `<link rel="stylesheet" href="${ICON_ORIGIN}/css/all.min.css">`;
}

/** Saves a screenshot under test-results/ and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS, { recursive: true });
  const path = join(RESULTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

export interface LayoutProblem {
  kind: "overflow" | "outside" | "overlap" | "hidden-control" | "unlabelled-control";
  what: string;
}

/**
 * Layout checks inside the window: elements wider than their box (horizontal overflow), elements
 * outside the window, interactive controls that are invisible, overlapping controls, and controls
 * without an accessible name.
 */
export async function layoutProblems(page: Page, rootSelector = ".window-content"): Promise<LayoutProblem[]> {
  return page.evaluate((selector) => {
    const problems: { kind: string; what: string }[] = [];
    const root = document.querySelector(selector);
    if (!root) return [{ kind: "outside", what: `no ${selector}` }];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""}`;
    const rootBox = root.getBoundingClientRect();
    const all = Array.from(root.querySelectorAll<HTMLElement>("*"));
    for (const el of all) {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden") continue;
      if (el.closest("[hidden], details:not([open]) > :not(summary)")) continue;
      // Horizontal overflow that the element does not scroll on purpose.
      if (
        el.scrollWidth > el.clientWidth + 1 &&
        !["auto", "scroll"].includes(style.overflowX) &&
        style.overflowX !== "hidden" &&
        el.clientWidth > 0 &&
        !["inline"].includes(style.display)
      ) {
        problems.push({ kind: "overflow", what: `${describe(el)} (${el.scrollWidth} > ${el.clientWidth})` });
      }
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.left < rootBox.left - 1 || box.right > rootBox.right + 1)) {
        problems.push({
          kind: "outside",
          what: `${describe(el)} spans ${Math.round(box.left)}-${Math.round(box.right)}`,
        });
      }
    }
    const controls = Array.from(
      root.querySelectorAll<HTMLElement>(
        "button, input:not([type=hidden]), select, textarea, a[href], [role=button]",
      ),
    );
    const boxes: { el: HTMLElement; box: DOMRect }[] = [];
    for (const el of controls) {
      // Hidden on purpose: a [hidden] subtree, or the content of a closed <details> (until opened).
      if (el.closest("[hidden], details:not([open]) > :not(summary)")) continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (style.display === "none" || style.visibility === "hidden" || box.width < 1 || box.height < 1) {
        // An inactive tab's controls, a field shown only with one choice of another (the attack
        // dialog's Special Attack kind), and a tracker row's hover controls (folded until the pointer
        // or the keyboard is in the row); their own tests check that they show.
        if (!el.closest(".tab:not(.active), [data-only-with-mode]") && !el.matches(".combatant .on-hover"))
          problems.push({ kind: "hidden-control", what: describe(el) });
        continue;
      }
      // HTML-AAM: an <img>'s accessible name falls back to its alt text, whatever its role.
      const alt = el.tagName === "IMG" ? el.getAttribute("alt") : null;
      const name = (
        el.getAttribute("aria-label") ||
        alt ||
        el.getAttribute("title") ||
        el.textContent ||
        ""
      ).trim();
      const labelled =
        name ||
        (el.id && root.querySelector(`label[for="${el.id}"]`)) ||
        el.closest("label") ||
        el.getAttribute("aria-labelledby");
      if (!labelled) problems.push({ kind: "unlabelled-control", what: describe(el) });
      boxes.push({ el, box });
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!.box;
        const b = boxes[j]!.box;
        const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (
          overlapX > 2 &&
          overlapY > 2 &&
          !boxes[i]!.el.contains(boxes[j]!.el) &&
          !boxes[j]!.el.contains(boxes[i]!.el)
        ) {
          problems.push({ kind: "overlap", what: `${describe(boxes[i]!.el)} / ${describe(boxes[j]!.el)}` });
        }
      }
    }
    return problems;
  }, rootSelector) as Promise<LayoutProblem[]>;
}

const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** axe-core violations of impact serious or critical inside the window. */
export async function seriousAxeViolations(page: Page, rootSelector = ".window-content"): Promise<string[]> {
  return axeViolations(page, rootSelector, ["serious", "critical"]);
}

/** axe-core violations of the given impacts (every impact by default) inside the window. */
export async function axeViolations(
  page: Page,
  rootSelector = ".window-content",
  impacts: readonly string[] = ["minor", "moderate", "serious", "critical"],
): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(selector, { resultTypes: ["violations"] });
    return result.violations;
  }, rootSelector)) as { id: string; impact: string; nodes: { target: string[] }[] }[];
  return violations
    .filter((v) => impacts.includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * The browser layer's standard check of one view: shows it, saves test-results/<name>.png, and fails,
 * naming the view, on a layout problem, a serious axe violation or a console error. `inspect` runs on
 * the page for the view's own assertions; the page is closed afterwards either way.
 */
export async function expectCleanView(
  browser: Browser,
  name: string,
  options: ShowOptions,
  inspect?: (page: Page) => Promise<void>,
): Promise<void> {
  const { page, consoleErrors } = await show(browser, options);
  try {
    await screenshot(page, name);
    expect(await layoutProblems(page), `${name}: layout problems`).toEqual([]);
    expect(await seriousAxeViolations(page), `${name}: serious axe violations`).toEqual([]);
    if (inspect) await inspect(page);
    expect(consoleErrors, `${name}: console errors`).toEqual([]);
  } finally {
    await page.close();
  }
}
