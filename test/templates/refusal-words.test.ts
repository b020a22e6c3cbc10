/**
 * Templates layer: every refusal or problem code the system can show a player has
 * words in lang/en.json, and no string a player reads names a rule identifier or a raw code. The code
 * lists come from the code's own union types (src/applications/refusal-words.ts and
 * src/requests/request-refusal-words.ts list each union as a Record, so a new code fails tsc until listed).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EN, lookup } from "../support/i18n";
import { TEMPLATE_ROOT } from "./harness";
import { REFUSAL_FAMILIES, attackRefusalKey } from "../../src/applications/refusal-words";
import { CHANNEL_CODES } from "../../src/requests/channel";
import { combatRefusalKey } from "../../src/requests/request-refusal-words";
import { errorText } from "../../src/requests/combat";

/** A rule identifier as RULES.md writes them: "ST-3", "CD-18", "EX-OD-1". */
const RULE_ID = /\b(?:EX-)?[A-Z]{1,3}-\d+\b/;
/**
 * A rules section named by its code in parentheses, "(GW)": the section codes of RULES.md that are not
 * also words of the game (HP, NPC and GM are, and players read them on every sheet).
 */
const SECTION_CODE =
  /\((?:SU|GEN|RA|CL|CH|TL|SK|KN|EQ|CB|INI|DOM|ST|AC|AT|DMG|SZ|SP|CON|MV|RNG|DRN|OD|REC|CD|INJ|SW|MAG|GW|OPT|SET)(?:[- ][^)]*)?\)/;
/** A code as the engine spells it: a lowerCamel word ("noTarget") or a dotted one ("countdown.inactive"). */
const RAW_CODE = /\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-z]+\.[a-z]+[A-Za-z]*\b/;

function strings(node: Record<string, unknown>, path = ""): [string, string][] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${path}${key}`, value] as [string, string]]
      : strings(value as Record<string, unknown>, `${path}${key}.`),
  );
}

/** What a player reads of a lang string: its text without the {placeholders} the code fills. */
const readable = (text: string) => text.replace(/\{[^}]*\}/g, "");

function templateFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".hbs"))
    .map((f) => join(dir, f));
}

/** A template's literal text: Handlebars comments, expressions and HTML tags taken out. */
const templateText = (source: string) =>
  source
    .replace(/\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}/g, "")
    .replace(/\{\{[\s\S]*?\}\}/g, "")
    .replace(/<[^>]*>/g, " ");

describe("refusal words", () => {
  for (const [name, family] of Object.entries(REFUSAL_FAMILIES)) {
    it(`words every ${name} code (${family.prefix}*) for a player`, () => {
      expect(family.codes.length).toBeGreaterThan(0);
      const missing = family.codes.filter((code) => !lookup(`${family.prefix}${code}`));
      expect(missing).toEqual([]);
      const unread = family.codes.filter((code) => {
        const text = readable(lookup(`${family.prefix}${code}`) ?? "");
        return RULE_ID.test(text) || RAW_CODE.test(text);
      });
      expect(unread).toEqual([]);
    });
  }

  it("lists every code the request channel makes", () => {
    expect([...REFUSAL_FAMILIES.channel!.codes].sort()).toEqual([...CHANNEL_CODES].sort());
  });

  it("finds the words of a countdown refusal from the code the round sends", () => {
    expect(combatRefusalKey("countdown.noOneInHand")).toBe("ZILCH.Combat.Error.Countdown.noOneInHand");
    expect(combatRefusalKey("stancesShown")).toBe("ZILCH.Combat.Error.stancesShown");
    expect(combatRefusalKey("countdown.noSuchThing")).toBeNull();
    expect(combatRefusalKey("noSuchThing")).toBeNull();
  });

  describe("a code this client does not know", () => {
    const warn = vi.fn();
    beforeEach(() => {
      vi.stubGlobal("game", { i18n: { localize: (key: string) => lookup(key) ?? key } });
      vi.spyOn(console, "warn").mockImplementation(warn);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
      warn.mockReset();
    });

    it("is shown as a sentence, never as the code, and logged for the GM", () => {
      const text = errorText("countdown.fromANewerVersion");
      expect(text).toBe(lookup("ZILCH.Combat.Error.Unknown"));
      expect(text).not.toContain("fromANewerVersion");
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("countdown.fromANewerVersion"));
      expect(errorText("countdown.badKeep")).toBe(lookup("ZILCH.Combat.Error.Countdown.badKeep"));
      expect(attackRefusalKey("fromANewerVersion")).toBe("ZILCH.Attack.Error.Unknown");
      expect(attackRefusalKey("staleStep")).toBe("ZILCH.Attack.Error.staleStep");
    });
  });
});

describe("what players read names no rule identifier", () => {
  it("in lang/en.json, as an identifier or a section code in parentheses", () => {
    const all = strings(EN);
    expect(all.length).toBeGreaterThan(100);
    const offending = all.filter(([, text]) => RULE_ID.test(text) || SECTION_CODE.test(text)).map(([key]) => key);
    expect(offending).toEqual([]);
  });

  it("in the literal text of any template", () => {
    const files = templateFiles(TEMPLATE_ROOT);
    expect(files.length).toBeGreaterThan(10);
    const offending = files.filter((file) => {
      const text = templateText(readFileSync(file, "utf8"));
      return RULE_ID.test(text) || SECTION_CODE.test(text);
    });
    expect(offending).toEqual([]);
  });

  it("catches what it looks for (the checks can fail)", () => {
    for (const text of ["Pushed back (CD-18 c)", "Counts as an attack (AT-4)", "adrenaline (GW)", "EX-OD-1"])
      expect(RULE_ID.test(text) || SECTION_CODE.test(text)).toBe(true);
    for (const text of ["Only the GM (GM) rolls", "Maximum HP (HP)", "a 2d6 roll"])
      expect(RULE_ID.test(text) || SECTION_CODE.test(text)).toBe(false);
    expect(templateText("{{!-- AT-4 --}}<p title=\"{{x}}\">{{localize 'ZILCH.A'}} Reach</p>")).not.toMatch(RULE_ID);
    expect(templateText("<p>Hit (AT-4)</p>")).toMatch(RULE_ID);
    expect(RAW_CODE.test(readable("The countdown refused that move: noOneInHand."))).toBe(true);
    expect(RAW_CODE.test(readable("That die is not in the {owner} hand."))).toBe(false);
  });
});
