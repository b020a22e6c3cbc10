import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * ARCHITECTURE.md §5: every style sits under the system's root class and inside a cascade layer, so
 * dist/zilch.css can never restyle Foundry's UI or another package.
 */
const CSS = join(import.meta.dirname, "..", "..", "dist", "zilch.css");

interface Rule {
  selectors: string[];
  layered: boolean;
}

/** A selector list split at its own commas, not those inside `:is(...)`, `:not(...)` or `:has(...)`. */
function topLevelSelectors(list: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of list) {
    if (ch === "," && depth === 0) {
      selectors.push(current.trim());
      current = "";
      continue;
    }
    if (ch === "(") depth += 1;
    else if (ch === ")") depth -= 1;
    current += ch;
  }
  return [...selectors, current.trim()];
}

/** The style rules of a stylesheet with whether each sits inside an `@layer` block. */
export function styleRules(css: string): Rule[] {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const rules: Rule[] = [];
  const stack: string[] = [];
  let prelude = "";
  for (const ch of source) {
    if (ch === "{") {
      const head = prelude.trim();
      stack.push(head);
      const insideKeyframes = stack.slice(0, -1).some((h) => /^@(-\w+-)?keyframes/.test(h));
      if (!head.startsWith("@") && !insideKeyframes) {
        rules.push({
          selectors: topLevelSelectors(head),
          layered: stack.slice(0, -1).some((h) => h.startsWith("@layer")),
        });
      }
      prelude = "";
    } else if (ch === "}") {
      stack.pop();
      prelude = "";
    } else if (ch === ";") {
      prelude = "";
    } else {
      prelude += ch;
    }
  }
  return rules;
}

const unscoped = (rules: Rule[]) => rules.flatMap((r) => r.selectors).filter((s) => !/\.zilch\b/.test(s));

describe("dist/zilch.css", () => {
  it("is built", () => expect(existsSync(CSS), "run `npm run build` first").toBe(true));
  const rules = existsSync(CSS) ? styleRules(readFileSync(CSS, "utf8")) : [];

  it("has rules", () => expect(rules.length).toBeGreaterThan(50));
  it("scopes every selector under .zilch", () => expect(unscoped(rules)).toEqual([]));
  it("puts every rule in a cascade layer", () => {
    expect(rules.filter((r) => !r.layered).flatMap((r) => r.selectors)).toEqual([]);
  });
});

describe("the scope check", () => {
  it("fails a global selector and an unlayered rule", () => {
    const rules = styleRules(
      "@layer zilch.base { .zilch p { color: red } button { color: blue } } .zilch a { x: y }",
    );
    expect(unscoped(rules)).toEqual(["button"]);
    expect(rules.filter((r) => !r.layered).flatMap((r) => r.selectors)).toEqual([".zilch a"]);
  });

  it("splits a list at its own commas, not at those inside :is()", () => {
    const rules = styleRules("@layer l { .zilch .row>:is(.name,.chips), :is(b, i) { x: y } }");
    expect(rules[0]?.selectors).toEqual([".zilch .row>:is(.name,.chips)", ":is(b, i)"]);
    expect(unscoped(rules)).toEqual([":is(b, i)"]);
  });
});
