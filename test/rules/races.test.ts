import { describe, expect, it } from "vitest";
import {
  RACE_TABLE,
  needsChosenSuit,
  raceModifiers,
  raceSaveBonus,
  raceStealthBonus,
} from "../../src/rules/races";
import { RACES, SUITS } from "../../src/rules/vocabulary";

describe("RA-1, RA-2 race table", () => {
  it("every race but Human nets zero", () => {
    for (const race of RACES) {
      const total = SUITS.reduce((sum, s) => sum + raceModifiers(race)[s], 0);
      expect(total, race).toBe(0);
    }
  });
  it("Human adds +1 to the chosen suit and needs one", () => {
    expect(raceModifiers("human", "spades")).toEqual({ clubs: 0, spades: 1, diamonds: 0, hearts: 0 });
    expect(needsChosenSuit("human")).toBe(true);
    expect(needsChosenSuit("human", "clubs")).toBe(false);
    expect(needsChosenSuit("dwarf")).toBe(false);
    expect(RACE_TABLE.human.extraTalents).toBe(1);
  });
  it("a chosen suit means nothing for other races", () => {
    expect(raceModifiers("dwarf", "clubs")).toEqual({ clubs: 0, spades: -1, diamonds: 0, hearts: 1 });
  });
  it("sizes, senses and free skills", () => {
    expect(RACE_TABLE.halfling.size).toBe("medium-");
    expect(RACE_TABLE.gnome.size).toBe("medium-");
    expect(RACE_TABLE.elf.size).toBe("medium");
    expect(RACE_TABLE.dwarf.vision).toBe("darkvision");
    expect(RACE_TABLE.dwarf.freeSkills).toEqual(["stonecunning"]);
    expect(RACE_TABLE.halfOrc.freeSkills).toEqual(["intimidate"]);
    expect(RACE_TABLE.gnome.traits).toContainEqual({ kind: "extraRunes", count: 1 });
  });
  it("RA-3 trait bonuses", () => {
    expect(raceSaveBonus("dwarf", "poison")).toBe(2);
    expect(raceSaveBonus("dwarf", "drain")).toBe(2);
    expect(raceSaveBonus("dwarf", "charm")).toBe(0);
    expect(raceSaveBonus("elf", "sleep")).toBe(2);
    expect(raceSaveBonus("human", "sleep")).toBe(0);
    expect(raceStealthBonus("halfling")).toBe(2);
    expect(raceStealthBonus("elf")).toBe(0);
  });
});
