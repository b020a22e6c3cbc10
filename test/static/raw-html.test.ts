import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A chat card is rendered on every client from a message anyone can create (FOUNDRY-FACTS §2, §12):
 * a triple-stash `{{{ }}}` in a chat template inserts HTML unescaped, so each one must be a value the
 * system builds itself, never a string read from the message. Each allowed one is listed with where
 * its HTML comes from; any other fails here.
 */
const CHAT = join(import.meta.dirname, "..", "..", "templates", "chat");
const ALLOWED: Record<string, string> = {
  "zilch-rule-link": "the rule-link helper escapes its label (src/data/rules-links.ts ruleLinkHtml)",
  ruleHtml:
    "built by the combat log from a rule key and a localised label (src/documents/combat/chat-log.ts)",
  "spell-card.hbs description":
    "the spell item's description, enriched on the caster's client, or none (cast.ts): never the message's",
  "item-card.hbs description":
    "the item's own description, enriched as it is posted (sheets/item-menu/item-chat.ts)",
};

/** The raw insertions of a chat template that the allowlist does not name. */
export function unlistedRaw(file: string, source: string): string[] {
  return [...source.matchAll(/{{{\s*([\w-]+)/g)]
    .map((m) => m[1]!)
    .filter((name) => !(name in ALLOWED) && !(`${file} ${name}` in ALLOWED))
    .map((name) => `${file}: {{{${name}}}}`);
}

describe("chat templates insert no HTML from message data", () => {
  it("every triple-stash in templates/chat is a value the system builds", () => {
    const files = readdirSync(CHAT).filter((f) => f.endsWith(".hbs"));
    expect(files.flatMap((f) => unlistedRaw(f, readFileSync(join(CHAT, f), "utf8")))).toEqual([]);
  });

  it("names one that is not", () => {
    expect(unlistedRaw("attack-card.hbs", "<p>{{{state.attacker.name}}}</p>")).toEqual([
      "attack-card.hbs: {{{state}}}",
    ]);
  });
});

/**
 * Foundry's tooltip shows `data-tooltip` as HTML (the security review's L7: an item named
 * `<img src=x onerror=…>` ran in the tooltip), and Handlebars' attribute escaping is undone when the
 * browser parses the attribute. So a tooltip never carries a name a user typed: an item's, an actor's, a
 * race's. The accessible name (`aria-label`, read as text) may.
 */
const TEMPLATES = join(import.meta.dirname, "..", "..", "templates");

/** The `data-tooltip` attributes of a template that read a typed name. */
export function namedTooltips(file: string, source: string): string[] {
  return [...source.matchAll(/data-tooltip="([^"]*)"/g)]
    .map((m) => m[1]!)
    .filter((value) => /{{[^}]*(?:\bname\b|\.name\b)[^}]*}}/.test(value))
    .map((value) => `${file}: ${value}`);
}

function templatesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? templatesUnder(join(dir, e.name)) : e.name.endsWith(".hbs") ? [join(dir, e.name)] : [],
  );
}

describe("tooltips carry no typed names", () => {
  it("no template's data-tooltip reads a name", () => {
    const found = templatesUnder(TEMPLATES).flatMap((f) => namedTooltips(f, readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  it("names one that does, and passes one that reads a number", () => {
    expect(namedTooltips("x.hbs", `<b data-tooltip="{{localize 'K' name=name}}">`)).toHaveLength(1);
    expect(namedTooltips("x.hbs", `<b data-tooltip="{{localize 'K' race=race.name}}">`)).toHaveLength(1);
    expect(namedTooltips("x.hbs", `<b data-tooltip="{{localize 'K' n=chips}}">`)).toEqual([]);
  });
});
