import { describe, expect, it } from "vitest";
import {
  SKILLS,
  SKILL_KEYS,
  capUntrained,
  defaultCard,
  skillBonus,
  skillRankBonus,
  STONECUNNING,
} from "../../src/rules/skills";
import { raceStealthBonus } from "../../src/rules/races";
import { testTarget } from "../../src/rules/tests";

describe("SK-3 skill list", () => {
  it("holds every listed skill, with Language and Craft repeatable", () => {
    expect(SKILL_KEYS).toHaveLength(25);
    expect(SKILLS.language.repeatable).toBe(true);
    expect(SKILLS.craft.repeatable).toBe(true);
    expect(SKILLS.athletics.repeatable).toBe(false);
  });
  it("pre-selects the first card of a use; the GM names Craft's", () => {
    expect(defaultCard("athletics", "climb")).toEqual({ suit: "clubs", card: "secondary" });
    expect(defaultCard("athletics", "stamina")).toEqual({ suit: "hearts", card: "primary" });
    expect(defaultCard("bluff", "deceive")).toEqual({ suit: "spades", card: "secondary" });
    expect(defaultCard("animalHandling", "calm")).toEqual({ suit: "hearts", card: "secondary" });
    expect(defaultCard("knowledgeArcane", "recall")).toEqual({ suit: "diamonds", card: "secondary" });
    expect(defaultCard("craft", "practise")).toBeNull();
    expect(() => defaultCard("notice", "swim")).toThrow(RangeError);
  });
  it("offers the alternatives of an either-or use", () => {
    expect(SKILLS.intimidate.uses[0].cards).toEqual([
      { suit: "clubs", card: "primary" },
      { suit: "hearts", card: "secondary" },
    ]);
  });
  it("SK-4: Stonecunning is a custom skill", () => {
    expect(STONECUNNING.key).toBe("stonecunning");
  });
});

describe("SK-1, SK-2 the single highest bonus", () => {
  it("EX-SK-1: Strength 5 climbing with Athletics is 10, and a second skill adds nothing", () => {
    const plus = skillRankBonus("plusFive");
    expect(testTarget({ card: 5, skill: skillBonus([plus]) })).toBe(10);
    expect(testTarget({ card: 5, skill: skillBonus([plus, plus]) })).toBe(10);
  });
  it("EX-SK-1: fivePlusOnes Athletics +3 and Knowledge: Orcs +2 gives 8", () => {
    const bonuses = [skillRankBonus("fivePlusOnes", 3), skillRankBonus("fivePlusOnes", 2)];
    expect(testTarget({ card: 5, skill: skillBonus(bonuses) })).toBe(8);
  });
  it("EX-SK-1: a Halfling sneaking with Cunning 7, Stealth and the race +2 has 14", () => {
    expect(testTarget({ card: 7, skill: skillBonus([5]), modifiers: [raceStealthBonus("halfling")] })).toBe(
      14,
    );
  });
  it("no applicable skill adds 0; steps are bounded", () => {
    expect(skillBonus([])).toBe(0);
    expect(() => skillRankBonus("fivePlusOnes", 6)).toThrow(RangeError);
    expect(skillRankBonus("fivePlusOnes")).toBe(5);
  });
});

describe("SK-5 untrained cap", () => {
  it("caps successes at F when ticked", () => {
    expect(capUntrained("CS", true)).toBe("F");
    expect(capUntrained("S", true)).toBe("F");
    expect(capUntrained("CF", true)).toBe("CF");
    expect(capUntrained("CS", false)).toBe("CS");
  });
});
