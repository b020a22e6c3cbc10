import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import "./models-setup";
import { recoveryLines, type RecoveryLine } from "../../src/dice/recovery-roll";
import { LINES_CARD_TEMPLATE, linesCardContext } from "../../src/dice/chat-lines";
import { createRenderer } from "../templates/harness";
import type { RecoverySummary } from "../../src/documents/creature-outcomes";
import { RESTS_PER_DAY } from "../../src/rules/recovery";

const en = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8")) as Record<
  string,
  unknown
>;
const lookup = (key: string): string | undefined => {
  let node: unknown = en;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : undefined;
};
const localize = (key: string) => lookup(key) ?? `MISSING(${key})`;
const format = (key: string, data: Record<string, string>) =>
  localize(key).replace(/\{(\w+)\}/g, (_, k: string) => data[k] ?? `{${k}}`);

/** The card as Foundry renders it: the lines' context through templates/chat/lines-card.hbs. */
const renderer = createRenderer();
const recoveryHtml = (
  lines: readonly RecoveryLine[],
  l: (key: string) => string,
  f: (key: string, data: Record<string, string>) => string,
) => renderer.render(LINES_CARD_TEMPLATE, linesCardContext("recovery", lines, l, f));

const zero = { clubs: 0, spades: 0, diamonds: 0, hearts: 0 };
const summary = (over: Partial<RecoverySummary>): RecoverySummary => ({
  kind: "sleep",
  dos: "S",
  hp: { before: 2, after: 2 },
  temp: { before: 0, after: 0 },
  chips: zero,
  drain: zero,
  taint: zero,
  unusedChips: 0,
  woke: false,
  boons: null,
  healed: [],
  ended: [],
  ...over,
});

describe("recovery card (REC-1 to REC-3, REC-6)", () => {
  it("EX-DRN-1: a Sleep's card names the test, HP, the taint removed, Boons and what healed", () => {
    const lines = recoveryLines(
      summary({ taint: { ...zero, hearts: -2 }, boons: 1, healed: ["Sight"], ended: ["visuallyImpaired"] }),
      { roll: 4, target: 6, dos: "S" },
    );
    expect(lines.map((l) => l.key)).toEqual([
      "ZILCH.Recovery.Sleep",
      "ZILCH.Recovery.HeartsTest",
      "ZILCH.Recovery.Hp",
      "ZILCH.Recovery.Taint",
      "ZILCH.Recovery.Boons",
      "ZILCH.Recovery.Healed",
      "ZILCH.Recovery.Ended",
    ]);
    const html = recoveryHtml(lines, localize, format);
    expect(html).toContain("<h3>Sleep</h3>");
    expect(html).toContain("Hearts taint -2");
    expect(html).toContain("rolled 4 against 6, Success");
    expect(html).toContain("Visually Impaired ends");
    expect(html).not.toContain("MISSING");
  });

  it("a Rally that changes no HP says nothing about HP; chips gained show with a sign", () => {
    const lines = recoveryLines(summary({ kind: "rally", chips: { ...zero, clubs: 2 }, unusedChips: 1 }));
    expect(lines.map((l) => l.key)).toEqual([
      "ZILCH.Recovery.Rally",
      "ZILCH.Recovery.Chips",
      "ZILCH.Recovery.Unused",
    ]);
    expect(recoveryHtml(lines, localize, format)).toContain("Clubs chips +2");
  });

  it("names typed by users are escaped", () => {
    const html = recoveryHtml(
      recoveryLines(summary({ healed: ["<img src=x onerror=alert(1)>"] })),
      localize,
      format,
    );
    expect(html).not.toContain("<img");
  });

  it("GW-9: under Grit and Wounds a Sleep's card says a Wound healed and shows no HP", () => {
    const lines = recoveryLines(
      summary({ woundsHealed: { n: 1, wounds: 2 }, temp: { before: 0, after: 3 } }),
      {
        roll: 4,
        target: 6,
        dos: "S",
      },
    );
    expect(lines.map((l) => l.key)).toEqual([
      "ZILCH.Recovery.Sleep",
      "ZILCH.Recovery.HeartsTest",
      "ZILCH.Recovery.WoundsHealed",
    ]);
    const html = recoveryHtml(lines, localize, format);
    expect(html).toContain("heals one Wound: Wounds now 2");
    expect(html).not.toContain("MISSING");
    const none = recoveryLines(summary({ woundsHealed: { n: 0, wounds: 0 } }));
    expect(none.map((l) => l.key)).toEqual(["ZILCH.Recovery.Sleep"]);
  });

  it("every title, line and refusal has a string in lang/en.json", () => {
    for (const kind of [
      "rally",
      "rest",
      "sleep",
      "salveEgg",
      "warPitch",
      "warPitchPatch",
      "cureAllSyrup",
    ] as const)
      expect(lookup(recoveryLines(summary({ kind }))[0]!.key)).toBeDefined();
    const refusals = [
      "alreadyRallied",
      "notClassSuit",
      "badAmount",
      "overRoom",
      "overRegained",
      "restLimit",
      "outOfCombatOnly",
      "notAtZero",
      "alreadyTried",
      "notHealingItem",
      "noneLeft",
    ];
    for (const r of refusals) expect(lookup(`ZILCH.Recovery.Refused.${r}`), r).toBeDefined();
    expect(lookup("ZILCH.Recovery.Refused.restLimit")).toContain(String(RESTS_PER_DAY));
  });
});
