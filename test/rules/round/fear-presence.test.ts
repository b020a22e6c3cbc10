import { describe, expect, it } from "vitest";
import { fearCheckDue, fearPresent } from "../../../src/rules/round/fear-presence";
import { fearSaveLines } from "../../../src/views/fear-lines";
import type { ThreatToken } from "../../../src/rules/round/threat";
import { NO_FEAR, type FearLevel } from "../../../src/rules/fear";

/** OPT-2: the worst enemy fear around a combatant, measured from token footprints as CON-1 detection does. */

const token = (id: string, x: number, side: ThreatToken["side"], size = 1): ThreatToken => ({
  id,
  square: { x, y: 0 },
  width: size,
  height: size,
  side,
  reach: 1,
  wieldsMelee: true,
  canMeleeAttack: true,
});
const levels: Record<string, FearLevel> = { dragon: "fell", skeleton: "scary", wraith: "terror" };
const fearOf = (id: string) => levels[id] ?? "none";

describe("OPT-2 fear present at a combatant's token", () => {
  it("measures from the nearest occupied square of a large token (a Huge dragon is 3 squares wide)", () => {
    // The dragon occupies columns 13-15; Ana at 0 is 13 squares from its nearest square (beyond Near).
    expect(
      fearPresent([token("ana", 0, "friendly"), token("dragon", 13, "hostile", 3)], fearOf, "ana"),
    ).toEqual({
      level: "none",
      sourceId: null,
    });
    expect(
      fearPresent([token("ana", 0, "friendly"), token("dragon", 12, "hostile", 3)], fearOf, "ana"),
    ).toEqual({
      level: "fell",
      sourceId: "dragon",
    });
  });

  it("takes the worst fear whose area reaches, not the nearest", () => {
    const tokens = [
      token("ana", 0, "friendly"),
      token("skeleton", 1, "hostile"),
      token("wraith", 20, "hostile"),
    ];
    expect(fearPresent(tokens, fearOf, "ana")).toEqual({ level: "terror", sourceId: "wraith" });
  });

  it("ignores allies, neutral tokens and an unknown combatant", () => {
    const tokens = [
      token("ana", 0, "friendly"),
      token("skeleton", 1, "friendly"),
      token("wraith", 2, "neutral"),
    ];
    expect(fearPresent(tokens, fearOf, "ana").level).toBe("none");
    expect(fearPresent(tokens, fearOf, "nobody").level).toBe("none");
  });

  it("a save is due only with a source present and a level not yet faced", () => {
    expect(fearCheckDue(NO_FEAR, { level: "scary", sourceId: "skeleton" })).toBe(true);
    expect(fearCheckDue(NO_FEAR, { level: "none", sourceId: null })).toBe(false);
    expect(
      fearCheckDue({ level: "dread", passed: true, failures: 0 }, { level: "scary", sourceId: "s" }),
    ).toBe(false);
  });

  it("the chat lines: the save, then what the failure did", () => {
    const save = {
      name: "Ana",
      source: "Ghoul",
      level: "fearsome" as const,
      roll: 9,
      target: 7,
      passed: false,
    };
    expect(fearSaveLines(save, "shaken").map((l) => l.key)).toEqual([
      "ZILCH.Fear.Chat.Failed",
      "ZILCH.Fear.Chat.shaken",
    ]);
    expect(fearSaveLines({ ...save, passed: true, roll: 2 }, null)).toEqual([
      {
        key: "ZILCH.Fear.Chat.Saved",
        data: { name: "Ana", source: "Ghoul", level: "ZILCH.Fear.Level.fearsome", roll: "2", target: "7" },
      },
    ]);
  });
});
