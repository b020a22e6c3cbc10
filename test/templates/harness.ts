import Handlebars from "handlebars";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parseFragment, type DefaultTreeAdapterMap } from "parse5";
import { SYSTEM_HELPERS } from "../../src/setup/handlebars";
import { localize } from "../support/i18n";

/**
 * Renders the system's templates with a fresh, real Handlebars instance holding only the system's
 * own helpers (src/setup/handlebars.ts) and the few Foundry core helpers the templates use,
 * re-implemented below after the documented v13 behaviour
 * (https://foundryvtt.com/api/v13/modules/foundry.applications.handlebars.html). Templates are
 * compiled with `knownHelpersOnly`, so an unknown helper fails at compile time, and `localize`
 * throws on a key missing from lang/en.json.
 */
export const TEMPLATE_ROOT = join(import.meta.dirname, "..", "..", "templates");
/** The path Foundry loads a template from, as used in partial references and PARTS. */
export const systemPath = (file: string): string => `systems/zilch/templates/${relative(TEMPLATE_ROOT, file)}`;

type Options = Handlebars.HelperOptions;
const hashOf = (args: unknown[]): Record<string, unknown> => (args.at(-1) as Options | undefined)?.hash ?? {};
const positional = (args: unknown[]): unknown[] => args.slice(0, -1);

/** Foundry core helpers used by our templates (stand-ins; each follows its v13 documentation). */
export const CORE_HELPERS: Record<string, (...args: unknown[]) => unknown> = {
  localize: (...args) => localize(String(args[0]), hashOf(args)),
  // v13 `checked`: the attribute when truthy.
  checked: (value) => (value ? "checked" : ""),
  // v13 `disabled`: the attribute when truthy.
  disabled: (value) => (value ? "disabled" : ""),
  eq: (...args) => positional(args)[0] === positional(args)[1],
  ne: (...args) => positional(args)[0] !== positional(args)[1],
  not: (value) => !value,
  and: (...args) => positional(args).every(Boolean),
  or: (...args) => positional(args).some(Boolean),
  // v13 `selectOptions`: <option> elements from a record or array, marking `selected`, with
  // `localize=true` translating labels and `blank` adding an empty first option.
  selectOptions: (...args) => {
    const [choices] = positional(args) as [unknown];
    const hash = hashOf(args);
    const selected = new Set([hash.selected].flat().map((v) => String(v)));
    const label = (text: unknown) => (hash.localize ? localize(String(text)) : String(text));
    const esc = Handlebars.Utils.escapeExpression;
    const options: string[] = [];
    if (hash.blank !== undefined) options.push(`<option value="">${esc(label(hash.blank) || "")}</option>`);
    const entries: [string, unknown][] = Array.isArray(choices)
      ? choices.map((c: Record<string, unknown>) => [String(c[String(hash.valueAttr ?? "value")]), c[String(hash.labelAttr ?? "label")]])
      : Object.entries((choices ?? {}) as Record<string, unknown>);
    for (const [value, text] of entries) {
      const sel = selected.has(value) ? " selected" : "";
      options.push(`<option value="${esc(value)}"${sel}>${esc(label(text))}</option>`);
    }
    return new Handlebars.SafeString(options.join(""));
  },
};

/** All .hbs files under templates/, sorted. */
export function templateFiles(dir = TEMPLATE_ROOT): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...templateFiles(path));
    else if (name.endsWith(".hbs")) out.push(path);
  }
  return out;
}

export interface Renderer {
  /** Renders a template (path under templates/, or a systems/zilch/... path) with a context. */
  render(template: string, context: object): string;
  /** Compiles template source with the same helpers (for the harness's own failure cases). */
  renderSource(source: string, context: object): string;
  /** Compiles template source eagerly, throwing on an unknown helper. */
  compileSource(source: string): void;
}

/** A fresh Handlebars instance with the system's and the core helpers, and every template as a partial. */
export function createRenderer(): Renderer {
  const hbs = Handlebars.create();
  const helpers = { ...CORE_HELPERS, ...SYSTEM_HELPERS };
  for (const [name, fn] of Object.entries(helpers)) hbs.registerHelper(name, fn as Handlebars.HelperDelegate);
  const knownHelpers = Object.fromEntries(Object.keys(helpers).map((name) => [name, true]));
  const compileOptions = { knownHelpers, knownHelpersOnly: true, strict: false, preventIndent: true };
  for (const file of templateFiles()) hbs.registerPartial(systemPath(file), hbs.compile(readFileSync(file, "utf8"), compileOptions));
  const cache = new Map<string, Handlebars.TemplateDelegate>();
  const compile = (source: string) => hbs.compile(source, compileOptions);
  return {
    render(template, context) {
      const file = template.startsWith("systems/zilch/templates/")
        ? join(TEMPLATE_ROOT, template.slice("systems/zilch/templates/".length))
        : join(TEMPLATE_ROOT, template);
      let fn = cache.get(file);
      if (!fn) cache.set(file, (fn = compile(readFileSync(file, "utf8"))));
      return fn(context);
    },
    renderSource: (source, context) => compile(source)(context),
    // Handlebars compiles lazily; precompile runs the checks (knownHelpersOnly) at once.
    compileSource: (source) => void hbs.precompile(source, compileOptions),
  };
}

type Node = DefaultTreeAdapterMap["childNode"];
type ElementNode = DefaultTreeAdapterMap["element"];

/** The top-level elements of an HTML fragment (whitespace and comments ignored; stray text counted). */
export function rootElements(html: string): { elements: ElementNode[]; strayText: string[] } {
  const fragment = parseFragment(html);
  const elements: ElementNode[] = [];
  const strayText: string[] = [];
  for (const node of fragment.childNodes as Node[]) {
    if ("tagName" in node) elements.push(node);
    else if (node.nodeName === "#text" && "value" in node && node.value.trim()) strayText.push(node.value.trim());
  }
  return { elements, strayText };
}

/** Every element of a fragment, depth first. */
export function allElements(html: string): ElementNode[] {
  const out: ElementNode[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if ("tagName" in node) {
        out.push(node);
        walk(node.childNodes as Node[]);
        if (node.tagName === "template" && "content" in node) walk((node as unknown as { content: { childNodes: Node[] } }).content.childNodes);
      }
    }
  };
  walk(parseFragment(html).childNodes as Node[]);
  return out;
}

/** An attribute's value on an element, or undefined. */
export const attr = (el: ElementNode, name: string): string | undefined => el.attrs.find((a) => a.name === name)?.value;

/**
 * Foundry's `foundry.applications.handlebars.renderTemplate(path, context)` for tests that run
 * document code posting chat cards: the system's real templates, rendered by this harness.
 */
export function installRenderTemplate(): void {
  const renderer = createRenderer();
  const g = globalThis as { foundry?: Record<string, unknown> };
  const foundry = (g.foundry ??= {});
  foundry.applications = {
    handlebars: { renderTemplate: async (path: string, context: object) => renderer.render(path, context) },
  };
}
